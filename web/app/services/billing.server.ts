import { createServiceClient } from '@pc/kit/grpc/client';
import { BillingServiceService } from '@pc/proto/billing/v1/billing';
import { config, serviceAddress } from '~/config.server';

/**
 * Gateway to the billing service. Routes call view-shaped functions added here (never grpc-js);
 * the client shares the process-wide channel to the service and puts a deadline on every call.
 */
export const billing = createServiceClient(BillingServiceService, serviceAddress('billing'), {
  deadlineMs: config.SERVICE_DEADLINE_MS,
});
