import type { ServiceConfig } from '@pc/kit/config/service-config';
import type { BuildContext, ServiceApp } from '@pc/kit/service/service-app';
import { searchService } from './grpc/search-service.js';

/** Builds the search service without binding a port (tests run it in-process). */
export async function buildSearchApp(_context: BuildContext<ServiceConfig>): Promise<ServiceApp> {
  return {
    services: [searchService()],
    readiness: {},
    stop: async () => {},
  };
}
