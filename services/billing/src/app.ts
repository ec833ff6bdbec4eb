import type { ServiceConfig } from '@pc/kit/config/service-config';
import type { BuildContext, ServiceApp } from '@pc/kit/service/service-app';
import { billingService } from './grpc/billing-service.js';

/** Builds the billing service without binding a port (tests run it in-process). */
export async function buildBillingApp(_context: BuildContext<ServiceConfig>): Promise<ServiceApp> {
  return {
    services: [billingService()],
    readiness: {},
    stop: async () => {},
  };
}
