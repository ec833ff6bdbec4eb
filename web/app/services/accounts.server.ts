import { createServiceClient } from '@pc/kit/grpc/client';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { config } from '~/config.server';

/**
 * Gateway to the accounts service. Routes call view-shaped functions added here (never grpc-js);
 * the client shares the process-wide channel to the service and puts a deadline on every call.
 */
export const accounts = createServiceClient(AccountsServiceService, config.ACCOUNTS_GRPC_ADDR, {
  deadlineMs: config.SERVICE_DEADLINE_MS,
});
