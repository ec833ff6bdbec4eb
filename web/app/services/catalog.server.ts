import { createServiceClient } from '@pc/kit/grpc/client';
import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import { EntitySort } from '@pc/proto/common/v1/sort';
import { config } from '~/config.server';

/** Gateway to the catalog service: the generated client behind view-shaped functions. */
const catalog = createServiceClient(CatalogServiceService, config.CATALOG_GRPC_ADDR, {
  deadlineMs: config.SERVICE_DEADLINE_MS,
});

export interface CategoryCard {
  readonly id: string;
  readonly name: string;
  readonly productsCount: number;
}

export interface BrandCard {
  readonly slug: string;
  readonly name: string;
  readonly productsCount: number;
}

export async function rootCategories(language: string): Promise<{ items: CategoryCard[]; total: number }> {
  const response = await catalog.listCategories({ parentId: '', sort: EntitySort.ENTITY_SORT_UNSPECIFIED, page: { page: 1, hitsPerPage: 24 }, language });
  return {
    items: response.categories.map((c) => ({ id: c.id, name: c.name, productsCount: c.productsCount })),
    total: response.page?.total ?? 0,
  };
}

export async function popularBrands(language: string): Promise<{ items: BrandCard[]; total: number }> {
  const response = await catalog.listBrands({
    namePrefix: '',
    minProducts: 0,
    sort: EntitySort.ENTITY_SORT_PRODUCT_COUNT,
    page: { page: 1, hitsPerPage: 24 },
    language,
  });
  return {
    items: response.brands.map((b) => ({ slug: b.slug, name: b.name, productsCount: b.productsCount })),
    total: response.page?.total ?? 0,
  };
}
