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
 * (FeedFetched → the feed's last analysis). The crawler takes this from trusted services (an
 * empty actor), so the caller must have checked with offers that the feed is the user's own
 * (ADR 046a).
 */
export async function analyseFeedNow(shopId: string, feedId: string, ownerUserId: string): Promise<void> {
  await crawler.scheduleCrawl({
    actorUserId: '',
    target: { target: { $case: 'feed', value: { shopId, feedId } } },
    priority: 9,
    runAt: undefined,
    interval: undefined,
    reason: `analyse now (owner ${ownerUserId})`,
  });
}
