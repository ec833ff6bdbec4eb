import type { ServiceConfig } from '@pc/kit/config/service-config';
import type { BuildContext, ServiceApp } from '@pc/kit/service/service-app';
import { crawlerService } from './grpc/crawler-service.js';

/** Builds the crawler service without binding a port (tests run it in-process). */
export async function buildCrawlerApp(_context: BuildContext<ServiceConfig>): Promise<ServiceApp> {
  return {
    services: [crawlerService()],
    readiness: {},
    stop: async () => {},
  };
}
