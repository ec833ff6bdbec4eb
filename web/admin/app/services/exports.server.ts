import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import { ProductStatus } from '@pc/proto/catalog/v1/types';
import { EntitySort } from '@pc/proto/common/v1/sort';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { config } from '../config.server';
import type { ExportEntity } from '../panels/infrastructure/data-transfer';
import { EXPORT_DEADLINE_MS, iso, type ExportSource } from './export-source';
import { client } from './grpc.server';
import { ECOTIP_LEDGER_EXPORT } from './ecotip-export.server';
import { OFFER_EXPORT } from './offer-export.server';

export type { ExportRow } from './export-source';

/** Exports read whole tables: a call may take longer than a page's deadline. */
const PAGE = 100;
const catalog = client(CatalogServiceService, config.CATALOG_GRPC_ADDR);
const offers = client(OffersServiceService, config.OFFERS_GRPC_ADDR);

/** Every page of a paged list until a short one. */
async function* paged<T>(list: (page: number) => Promise<readonly T[]>): AsyncIterable<T> {
  for (let page = 1; ; page += 1) {
    const items = await list(page);
    yield* items;
    if (items.length < PAGE) return;
  }
}

const productStatus = (status: ProductStatus) =>
  ({
    [ProductStatus.PRODUCT_STATUS_ACTIVE]: 'active',
    [ProductStatus.PRODUCT_STATUS_HIDDEN]: 'hidden',
    [ProductStatus.PRODUCT_STATUS_MERGED]: 'merged',
  })[status as number] ?? 'unspecified';

const shopStatus = (status: ShopStatus) => ShopStatus[status]?.replace('SHOP_STATUS_', '').toLowerCase() ?? '';

/**
 * Where each export reads from: the owning service's own stream or list, page by page, so an
 * export of a million products holds one page in memory (catalog's StreamProducts reads 500
 * products at a time from its store and the gRPC stream's flow control waits for the response).
 */
export const EXPORT_SOURCES: Readonly<Record<ExportEntity, ExportSource>> = {
  products: {
    columns: [
      'id',
      'status',
      'name',
      'slug',
      'brand_id',
      'brand',
      'category_id',
      'category',
      'gtins',
      'mpn',
      'manufacturer',
      'images',
      'created_at',
      'updated_at',
      'version',
    ],
    async *rows(actorUserId, signal) {
      // Catalog checks the caller's staff:infrastructure itself (ADR 061).
      const stream = catalog.streamProducts(
        { updatedAfter: undefined, includeInactive: true, actorUserId },
        { signal, deadlineMs: EXPORT_DEADLINE_MS },
      );
      for await (const { product } of stream) {
        if (!product) continue;
        yield {
          id: product.id,
          status: productStatus(product.status),
          name: product.name,
          slug: product.slug,
          brand_id: product.brand?.id ?? '',
          brand: product.brand?.name ?? '',
          category_id: product.category?.id ?? '',
          category: product.category?.name ?? '',
          gtins: product.gtins,
          mpn: product.mpn,
          manufacturer: product.manufacturer,
          images: product.images.map((image) => image.src),
          created_at: iso(product.createdAt),
          updated_at: iso(product.updatedAt),
          version: Number(product.version),
        };
      }
    },
  },
  brands: {
    columns: ['id', 'name', 'slug', 'homepage_url', 'logo_url', 'products_count', 'created_at', 'updated_at'],
    async *rows() {
      const brands = paged(
        async (page) =>
          (
            await catalog.listBrands({
              namePrefix: '',
              minProducts: 0,
              sort: EntitySort.ENTITY_SORT_NEWEST,
              page: { page, hitsPerPage: PAGE },
              language: 'en',
            })
          ).brands,
      );
      for await (const brand of brands)
        yield {
          id: brand.id,
          name: brand.name,
          slug: brand.slug,
          homepage_url: brand.homepageUrl,
          logo_url: brand.logoUrl,
          products_count: Number(brand.productsCount),
          created_at: iso(brand.createdAt),
          updated_at: iso(brand.updatedAt),
        };
    },
  },
  categories: {
    columns: ['id', 'parent_id', 'name', 'slug', 'depth', 'google_product_category_id', 'products_count'],
    async *rows() {
      // The tree, breadth first: a parent always comes before its children.
      const parents = [''];
      while (parents.length > 0) {
        const parentId = parents.shift()!;
        const children = paged(
          async (page) =>
            (
              await catalog.listCategories({
                parentId,
                sort: EntitySort.ENTITY_SORT_NAME,
                page: { page, hitsPerPage: PAGE },
                language: 'en',
              })
            ).categories,
        );
        for await (const category of children) {
          parents.push(category.id);
          yield {
            id: category.id,
            parent_id: category.parentId,
            name: category.name,
            slug: category.slug,
            depth: category.depth,
            google_product_category_id: Number(category.googleProductCategoryId),
            products_count: Number(category.productsCount),
          };
        }
      }
    },
  },
  shops: {
    columns: ['id', 'name', 'domain', 'status', 'countries', 'offers_count', 'homepage_url', 'registered_at'],
    async *rows(actorUserId) {
      const shops = paged(
        async (page) =>
          (
            await offers.listShops({
              actorUserId,
              country: '',
              ownerUserId: '',
              // Every status but deleted: an empty list would be the public directory (ACTIVE) only.
              statuses: [
                ShopStatus.SHOP_STATUS_AWAITING_PAYMENT_METHOD,
                ShopStatus.SHOP_STATUS_PENDING_ACTIVATION,
                ShopStatus.SHOP_STATUS_ACTIVE,
                ShopStatus.SHOP_STATUS_SUSPENDED,
              ],
              domain: '',
              sort: EntitySort.ENTITY_SORT_NEWEST,
              page: { page, hitsPerPage: PAGE },
            })
          ).shops,
      );
      for await (const shop of shops)
        yield {
          id: shop.id,
          name: shop.name,
          domain: shop.domain,
          status: shopStatus(shop.status),
          countries: shop.countries,
          offers_count: Number(shop.offersCount),
          homepage_url: shop.homepageUrl,
          registered_at: iso(shop.registeredAt),
        };
    },
  },
  offers: OFFER_EXPORT,
  'ecotip-ledger': ECOTIP_LEDGER_EXPORT,
};
