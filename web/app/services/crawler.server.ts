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
