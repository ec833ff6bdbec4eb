import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import type { Brand } from '@pc/proto/catalog/v1/types';
import { EntitySort } from '@pc/proto/common/v1/sort';
import { config } from '../config.server';
import type { TablePage, TableQuery } from '../tables/table-query';
import { client } from './grpc.server';
import { pageRequest, tablePage } from '../tables/table-page';

const catalog = client(CatalogServiceService, config.CATALOG_GRPC_ADDR);

/** A brand as the shopping panel lists and edits it. */
export interface BrandRow {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly homepageUrl: string;
  readonly logoUrl: string;
  readonly productsCount: number;
  readonly version: number;
}

const brandRow = (brand: Brand): BrandRow => ({
  id: brand.id,
  name: brand.name,
  slug: brand.slug,
  homepageUrl: brand.homepageUrl,
  logoUrl: brand.logoUrl,
  productsCount: Number(brand.productsCount),
  version: Number(brand.version),
});

export const BRAND_SORTS = ['name', 'products'] as const;

/** The brand table: a name start, by name or product count, paged by catalog. */
export async function brandTable(query: TableQuery): Promise<TablePage<BrandRow>> {
  const answer = await catalog.listBrands({
    namePrefix: (query.filters.q ?? '').trim(),
    minProducts: 0,
    sort: query.sort === 'products' ? EntitySort.ENTITY_SORT_PRODUCT_COUNT : EntitySort.ENTITY_SORT_NAME,
    page: pageRequest(query),
    language: 'en',
  });
  return tablePage(answer.brands.map(brandRow), answer.page, query);
}

/** One brand; null when catalog does not know it. */
export async function brandById(brandId: string): Promise<BrandRow | null> {
  try {
    const { brand } = await catalog.getBrand({ brandId, slug: '', language: 'en' });
    return brand ? brandRow(brand) : null;
  } catch (error) {
    if (error instanceof RpcError && error.code === GrpcStatus.NOT_FOUND) return null;
    throw error;
  }
}

/** UpdateBrand: catalog checks staff:shopping, validates (a taken slug, URLs), re-publishes the brand's products and audits it. */
export async function updateBrand(
  actorUserId: string,
  brandId: string,
  expectedVersion: number,
  edit: { name: string; slug: string; homepageUrl: string },
): Promise<void> {
  await catalog.updateBrand({
    brandId,
    actorUserId,
    expectedVersion,
    name: edit.name,
    slug: edit.slug,
    homepageUrl: edit.homepageUrl,
    descriptions: [],
    language: 'en',
  });
}
