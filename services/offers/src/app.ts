import type { ServiceConfig } from '@pc/kit/config/service-config';
import type { BuildContext, ServiceApp } from '@pc/kit/service/service-app';
import { offersService } from './grpc/offers-service.js';

/** Builds the offers service without binding a port (tests run it in-process). */
export async function buildOffersApp(_context: BuildContext<ServiceConfig>): Promise<ServiceApp> {
  return {
    services: [offersService()],
    readiness: {},
    stop: async () => {},
  };
}
