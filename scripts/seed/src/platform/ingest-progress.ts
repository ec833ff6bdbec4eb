import { status as GrpcStatus } from '@grpc/grpc-js';
import { ListProductsRequest } from '@pc/proto/catalog/v1/catalog';
import { ListOffersRequest, OfferSort } from '@pc/proto/offers/v1/offers';
import { SearchProductsRequest } from '@pc/proto/search/v1/search';
import type { PlatformClients } from './clients.js';
import { mapConcurrently } from './concurrency.js';
import { failedWith } from './rpc-status.js';

/** What the services report about the ingest; null where a service cannot tell (yet). */
export interface IngestSnapshot {
  /** Offers listed by offers across the seed's shops. */
  readonly offersListed: number | null;
  /** Shops whose least recently confirmed listed offer has seen the final observation. */
  readonly shopsUpToDate: number | null;
  /**
   * The oldest "last confirmed" time over the shops' offers: how far the history has been
   * applied. It moves while offers works through the past, when no count does.
   */
  readonly appliedThrough: Date | null;
  readonly catalogProducts: number | null;
  readonly searchProducts: number | null;
}

/** A read that a service may not offer yet (UNIMPLEMENTED) or that is briefly down: null. */
async function optional<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (failedWith(error, GrpcStatus.UNIMPLEMENTED, GrpcStatus.UNAVAILABLE, GrpcStatus.DEADLINE_EXCEEDED)) return null;
    throw error;
  }
}

/**
 * One look at the ingest. The final observation of every offer is published last and stamped
 * "now", so a shop is up to date when its offer confirmed longest ago (last of ListOffers by
 * NEWEST) was confirmed at "now": every observation of the shop before it has been applied.
 */
export async function snapshotIngest(clients: PlatformClients, shopIds: readonly string[], now: Date): Promise<IngestSnapshot> {
  const [perShop, catalogProducts, searchProducts] = await Promise.all([
    optional(() =>
      mapConcurrently(shopIds, 8, async (shopId) => {
        const request = (page: number) => ListOffersRequest.fromPartial({ shopId, country: '*', sort: OfferSort.OFFER_SORT_NEWEST, page: { page, hitsPerPage: 1 } });
        const first = await clients.offers.listOffers(request(1));
        const total = first.page?.total ?? 0;
        if (total === 0) return { total, upToDate: false, observedAt: undefined };
        const last = total === 1 ? first : await clients.offers.listOffers(request(total));
        const observedAt = last.offers[0]?.observedAt;
        return { total, upToDate: observedAt !== undefined && observedAt.getTime() >= now.getTime(), observedAt };
      }),
    ),
    optional(async () => (await clients.catalog.listProducts(ListProductsRequest.fromPartial({ page: { page: 1, hitsPerPage: 1 } }))).page?.total ?? 0),
    optional(async () => (await clients.search.searchProducts(SearchProductsRequest.fromPartial({ query: '', language: 'en', country: 'CH', page: { page: 1, hitsPerPage: 1 } }))).page?.total ?? 0),
  ]);
  return {
    offersListed: perShop ? perShop.reduce((sum, shop) => sum + shop.total, 0) : null,
    shopsUpToDate: perShop ? perShop.filter((shop) => shop.upToDate).length : null,
    appliedThrough: oldest(perShop?.map((shop) => shop.observedAt)),
    catalogProducts,
    searchProducts,
  };
}

function oldest(times: readonly (Date | undefined)[] | undefined): Date | null {
  const known = (times ?? []).filter((time): time is Date => time !== undefined);
  return known.length === 0 ? null : new Date(Math.min(...known.map((time) => time.getTime())));
}

export const sameSnapshot = (a: IngestSnapshot, b: IngestSnapshot): boolean =>
  a.offersListed === b.offersListed &&
  a.shopsUpToDate === b.shopsUpToDate &&
  a.appliedThrough?.getTime() === b.appliedThrough?.getTime() &&
  a.catalogProducts === b.catalogProducts &&
  a.searchProducts === b.searchProducts;
