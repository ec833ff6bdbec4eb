import type { ServiceConfig } from '@pc/kit/config/service-config';
import { openDocumentStore } from '@pc/kit/infra/open-document-store';
import type { BuildContext, ServiceApp } from '@pc/kit/service/service-app';
import { catalogService } from './grpc/catalog-service.js';
import { BrandRepository } from './store/brand-repository.js';
import { CategoryRepository } from './store/category-repository.js';

/** Builds the catalog without binding a port (tests run it in-process). */
export async function buildCatalogApp({ config }: BuildContext<ServiceConfig>): Promise<ServiceApp> {
  const documents = await openDocumentStore(config, 'catalog');
  const [categories, brands] = await Promise.all([CategoryRepository.open(documents), BrandRepository.open(documents)]);
  return {
    services: [catalogService({ categories, brands })],
    readiness: { documents: () => documents.isReady() },
    stop: () => documents.close(),
  };
}
