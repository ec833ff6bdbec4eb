import { createServiceClient } from '@pc/kit/grpc/client';
import { SearchServiceService } from '@pc/proto/search/v1/search';
import { config } from '~/config.server';

/**
 * Gateway to the search service. Routes call view-shaped functions added here (never grpc-js);
 * the client shares the process-wide channel to the service and puts a deadline on every call.
 */
export const search = createServiceClient(SearchServiceService, config.SEARCH_GRPC_ADDR, {
  deadlineMs: config.SERVICE_DEADLINE_MS,
});
