import type { ServiceConfig } from '@pc/kit/config/service-config';
import type { BuildContext, ServiceApp } from '@pc/kit/service/service-app';
import { accountsService } from './grpc/accounts-service.js';

/** Builds the accounts service without binding a port (tests run it in-process). */
export async function buildAccountsApp(_context: BuildContext<ServiceConfig>): Promise<ServiceApp> {
  return {
    services: [accountsService()],
    readiness: {},
    stop: async () => {},
  };
}
