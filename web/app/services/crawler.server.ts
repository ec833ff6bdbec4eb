import { createServiceClient } from '@pc/kit/grpc/client';
import { CrawlerServiceService } from '@pc/proto/crawler/v1/crawler';
import { config, serviceAddress } from '~/config.server';

/**
 * Gateway to the crawler service. Routes call view-shaped functions added here (never grpc-js);
 * the client shares the process-wide channel to the service and puts a deadline on every call.
 */
export const crawler = createServiceClient(CrawlerServiceService, serviceAddress('crawler'), {
  deadlineMs: config.SERVICE_DEADLINE_MS,
});

/**
 * "Analyse now" of shop settings: a fetch of the feed at once, which the crawler reports back
 * (FeedFetched → the feed's last analysis). The crawler lets the shop's owner (the signed-in user
 * of the call) ask this for their own feeds; staff for any (ADR 046a, 052).
 */
export async function analyseFeedNow(shopId: string, feedId: string, ownerUserId: string): Promise<void> {
  await crawler.scheduleCrawl({
    actorUserId: ownerUserId,
    target: { target: { $case: 'feed', value: { shopId, feedId } } },
    priority: 9,
    runAt: undefined,
    interval: undefined,
    reason: `analyse now (owner ${ownerUserId})`,
  });
}
