import { createServiceClient } from '@pc/kit/grpc/client';
import { AffiliatesServiceService } from '@pc/proto/affiliates/v1/affiliates';
import { config } from '~/config.server';

/**
 * Gateway to the affiliates service. Routes call view-shaped functions added here (never grpc-js);
 * the client shares the process-wide channel to the service and puts a deadline on every call.
 */
export const affiliates = createServiceClient(AffiliatesServiceService, config.AFFILIATES_GRPC_ADDR, {
  deadlineMs: config.SERVICE_DEADLINE_MS,
});
