import { status as GrpcStatus } from '@grpc/grpc-js';
import { Events } from '@pc/proto/event-catalog';
import type { EventBus } from '@pc/kit/ports/event-bus';
import { ListProductsRequest } from '@pc/proto/catalog/v1/catalog';
import { SearchProductsRequest } from '@pc/proto/search/v1/search';
import type { PlatformClients } from './clients.js';
import { failedWith } from './rpc-status.js';

/**
 * The consumer groups the seed's observations flow through and what each consumes on the way:
 * offers ingests the observations; search indexes what offers and catalog emit. They mirror the
 * services' subscriptions (offers `events/subscriptions.ts`, search `store/search-copy.ts`): a
 * group missing here would only end the wait before that group caught up.
 */
const INGEST_GROUPS: readonly { readonly group: string; readonly topics: readonly string[] }[] = [
  { group: 'offers', topics: [Events.offerObserved.topic] },
  {
    group: 'search-indexer',
    topics: [
      Events.productCreated,
      Events.productChanged,
      Events.productPriceChanged,
      Events.offerChanged,
      Events.shopChanged,
    ].map((type) => type.topic),
  },
];

/** What the platform reports about the ingest; null where it cannot tell (yet). */
export interface IngestSnapshot {
  /** Events published and not yet handled by the groups the observations flow through. */
  readonly backlog: number | null;
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
 * One look at the ingest: the consumer groups' lag (what they have yet to handle) and the counts
 * of catalog and search. The lag costs the services nothing; the counts are one cheap call each.
 */
export async function snapshotIngest(clients: PlatformClients, bus: EventBus): Promise<IngestSnapshot> {
  const [lags, catalogProducts, searchProducts] = await Promise.all([
    Promise.all(INGEST_GROUPS.map(({ group, topics }) => bus.consumerLag(group, topics))),
    optional(
      async () =>
        (await clients.catalog.listProducts(ListProductsRequest.fromPartial({ page: { page: 1, hitsPerPage: 1 } })))
          .page?.total ?? 0,
    ),
    optional(
      async () =>
        (
          await clients.search.searchProducts(
            SearchProductsRequest.fromPartial({
              query: '',
              language: 'en',
              country: 'CH',
              page: { page: 1, hitsPerPage: 1 },
            }),
          )
        ).page?.total ?? 0,
    ),
  ]);
  return { backlog: lags.reduce((sum, lag) => sum + lag, 0), catalogProducts, searchProducts };
}

export const sameSnapshot = (a: IngestSnapshot, b: IngestSnapshot): boolean =>
  a.backlog === b.backlog && a.catalogProducts === b.catalogProducts && a.searchProducts === b.searchProducts;
