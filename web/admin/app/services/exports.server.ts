import { AffiliatesServiceService } from '@pc/proto/affiliates/v1/affiliates';
import { DonationStatus } from '@pc/proto/affiliates/v1/types';
import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import { ProductStatus } from '@pc/proto/catalog/v1/types';
import { EntitySort } from '@pc/proto/common/v1/sort';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { config } from '../config.server';
import type { ExportEntity } from '../panels/infrastructure/data-transfer';
import { client } from './grpc.server';

/** One exported row: column → value, in the export's column order. */
export type ExportRow = Readonly<Record<string, string | number | boolean | readonly string[]>>;

export interface ExportSource {
  readonly columns: readonly string[];
  /** The rows in a stable order, read page by page (never all at once). */
  rows(actorUserId: string, signal: AbortSignal): AsyncIterable<ExportRow>;
}

/** Exports read whole tables: a call may take longer than a page's deadline. */
const EXPORT_DEADLINE_MS = 30 * 60_000;
const PAGE = 100;
const iso = (date: Date | undefined) => date?.toISOString() ?? '';
const catalog = client(CatalogServiceService, config.CATALOG_GRPC_ADDR);
const offers = client(OffersServiceService, config.OFFERS_GRPC_ADDR);
const affiliates = client(AffiliatesServiceService, config.AFFILIATES_GRPC_ADDR);

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
      'created_at',
      'updated_at',
      'version',
    ],
    async *rows(_actorUserId, signal) {
      const stream = catalog.streamProducts(
        { updatedAfter: undefined, includeInactive: true },
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
              statuses: [],
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
  'ecotip-ledger': {
    columns: [
      'id',
      'sequence',
      'donation_id',
      'transaction_id',
      'click_id',
      'state',
      'amount_minor',
      'currency',
      'accounting_amount_minor',
      'accounting_currency',
      'fx_rate',
      'month',
      'country',
      'organisation',
      'created_at',
    ],
    // Affiliates' own stream of the ledger, in ledger order; it checks the actor's role itself.
    async *rows(actorUserId, signal) {
      const stream = affiliates.exportDonationEntries({ actorUserId }, { signal, deadlineMs: EXPORT_DEADLINE_MS });
      for await (const { entry } of stream) {
        if (!entry) continue;
        yield {
          id: entry.id,
          sequence: Number(entry.sequence),
          donation_id: entry.donationId,
          transaction_id: entry.transactionId,
          click_id: entry.clickId,
          state: DonationStatus[entry.state]?.replace('DONATION_STATUS_', '').toLowerCase() ?? '',
          amount_minor: Number(entry.amount?.amountMinor ?? 0),
          currency: entry.amount?.currency ?? '',
          accounting_amount_minor: Number(entry.accountingAmount?.amountMinor ?? 0),
          accounting_currency: entry.accountingAmount?.currency ?? '',
          fx_rate: entry.fxRate,
          month: entry.month,
          country: entry.country,
          organisation: entry.organisation,
          created_at: iso(entry.createdAt),
        };
      }
    },
  },
};
