import { createServiceClient } from '@pc/kit/grpc/client';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { config } from '~/config.server';

/**
 * Gateway to the offers service. Routes call view-shaped functions added here (never grpc-js);
 * the client shares the process-wide channel to the service and puts a deadline on every call.
 */
export const offers = createServiceClient(OffersServiceService, config.OFFERS_GRPC_ADDR, {
  deadlineMs: config.SERVICE_DEADLINE_MS,
});
