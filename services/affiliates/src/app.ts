import type { ServiceConfig } from '@pc/kit/config/service-config';
import type { BuildContext, ServiceApp } from '@pc/kit/service/service-app';
import { affiliatesService } from './grpc/affiliates-service.js';

/** Builds the affiliates service without binding a port (tests run it in-process). */
export async function buildAffiliatesApp(_context: BuildContext<ServiceConfig>): Promise<ServiceApp> {
  return {
    services: [affiliatesService()],
    readiness: {},
    stop: async () => {},
  };
}
