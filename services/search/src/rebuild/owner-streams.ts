import { status } from '@grpc/grpc-js';
import { UnavailableError } from '@pc/kit/errors/domain-errors';
import { createServiceClient, type ServiceClient } from '@pc/kit/grpc/client';
import { CatalogServiceService, type StreamProductsResponse } from '@pc/proto/catalog/v1/catalog';
import { EntitySort } from '@pc/proto/common/v1/sort';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { ShopStatus, type Offer, type ProductPriceSummary, type Shop } from '@pc/proto/offers/v1/types';
import type { CategoryRecord } from '../domain/category-record.js';
import { categoryTrees } from './category-trees.js';

/**
 * What a rebuild reads of the owners: every product and category catalog holds, every price
 * summary, offer and listed shop offers holds.
 */
export interface OwnerStreams {
  /** Catalog's StreamProducts, hidden and merged products included (they must leave the index). */
  products(signal: AbortSignal): AsyncIterable<StreamProductsResponse>;
  /** Catalog's categories named in every language search serves (GetCategoryTree per language). */
  categories(signal: AbortSignal): Promise<CategoryRecord[]>;
  /** Offers' StreamProductPriceSummaries of every country, summaries without offers included. */
  priceSummaries(signal: AbortSignal): AsyncIterable<ProductPriceSummary>;
  /** Offers' StreamOffers: every offer, listed or not (the `shop` facet). */
  offers(signal: AbortSignal): AsyncIterable<Offer>;
  /** Offers' listed (ACTIVE) shops, from ListShops page by page (the shops list). */
  shops(signal: AbortSignal): AsyncIterable<Shop>;
  /** One shop if offers lists it, else null (GetShop): asked before a shop is taken off the list. */
  listedShop(shopId: string, signal: AbortSignal): Promise<Shop | null>;
}

/** Shops read per ListShops page (its most). */
const SHOPS_PAGE = 100;

/** A whole table's read: bounded by the owner falling silent, not by its length. */
const STREAM_DEADLINE_MS = 24 * 3_600_000;
/** An owner that sends nothing for this long is taken as gone (the rebuild fails and is retried). */
const IDLE_MS = 60_000;

/** The owners' streams over gRPC at their addresses (CATALOG_GRPC_ADDR, OFFERS_GRPC_ADDR). */
export function connectOwnerStreams(catalogAddress: string, offersAddress: string): OwnerStreams {
  return ownerStreamsOf(
    createServiceClient(CatalogServiceService, catalogAddress),
    createServiceClient(OffersServiceService, offersAddress),
  );
}

/**
 * The owners' streams through these clients. Called from the rebuild job, they sign as search
 * with no user (ADR 068): catalog's StreamProducts and offers' StreamOffers let a service the
 * call graph grants them through, catalog's category tree and offers' price summaries and listed
 * shops are public.
 */
export function ownerStreamsOf(
  catalog: ServiceClient<typeof CatalogServiceService>,
  offers: ServiceClient<typeof OffersServiceService>,
  idleMs = IDLE_MS,
): OwnerStreams {
  return {
    products: (signal) =>
      watched("catalog's StreamProducts", signal, idleMs, (call) =>
        catalog.streamProducts(
          { updatedAfter: undefined, includeInactive: true, actorUserId: '' },
          { signal: call, deadlineMs: STREAM_DEADLINE_MS },
        ),
      ),
    categories: (signal) => categoryTrees(catalog, signal),
    priceSummaries: (signal) =>
      summariesOf(
        watched("offers' StreamProductPriceSummaries", signal, idleMs, (call) =>
          offers.streamProductPriceSummaries(
            { updatedAfter: undefined, country: '' },
            { signal: call, deadlineMs: STREAM_DEADLINE_MS },
          ),
        ),
      ),
    offers: (signal) =>
      fieldOf(
        watched("offers' StreamOffers", signal, idleMs, (call) =>
          offers.streamOffers({ actorUserId: '', afterOfferId: '' }, { signal: call, deadlineMs: STREAM_DEADLINE_MS }),
        ),
        (message) => message.offer,
      ),
    shops: (signal) => watched("offers' ListShops", signal, idleMs, (call) => listedShops(offers, call)),
    listedShop: async (shopId, signal) => {
      try {
        const { shop } = await offers.getShop({ shopId, actorUserId: '' }, { signal });
        return shop?.status === ShopStatus.SHOP_STATUS_ACTIVE ? shop : null;
      } catch (error) {
        // Unknown to offers, or an id it would never give a shop: not listed.
        const code = (error as { code?: unknown }).code;
        if (code === status.NOT_FOUND || code === status.INVALID_ARGUMENT) return null;
        throw new UnavailableError(
          `offers' GetShop failed: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
    },
  };
}

/**
 * Every listed shop, a ListShops page at a time, newest first: a shop listed while the rebuild
 * reads moves the pages by one and repeats a shop (harmless: merging is idempotent); one taken off
 * the list meanwhile can make a shop be skipped, which is why the sweep asks offers about each
 * shop it would take off (`listedShop`).
 */
async function* listedShops(
  offers: ServiceClient<typeof OffersServiceService>,
  signal: AbortSignal,
): AsyncIterable<Shop> {
  for (let page = 1; ; page++) {
    const answer = await offers.listShops(
      {
        country: '',
        ownerUserId: '',
        statuses: [],
        domain: '',
        sort: EntitySort.ENTITY_SORT_NEWEST,
        page: { page, hitsPerPage: SHOPS_PAGE },
        actorUserId: '',
      },
      { signal },
    );
    yield* answer.shops;
    if (answer.shops.length < SHOPS_PAGE || page >= (answer.page?.pages ?? page)) return;
  }
}

async function* fieldOf<M, T>(messages: AsyncIterable<M>, field: (message: M) => T | undefined): AsyncIterable<T> {
  for await (const message of messages) {
    const value = field(message);
    if (value !== undefined) yield value;
  }
}

async function* summariesOf(
  messages: AsyncIterable<{ readonly summary?: ProductPriceSummary | undefined }>,
): AsyncIterable<ProductPriceSummary> {
  for await (const message of messages) if (message.summary) yield message.summary;
}

/**
 * The messages of a stream opened by `open`, cancelled when `signal` aborts or when no message
 * came for `idleMs`; every failure names the stream, so the job's error tells which owner failed.
 */
async function* watched<T>(
  name: string,
  signal: AbortSignal,
  idleMs: number,
  open: (signal: AbortSignal) => AsyncIterable<T>,
): AsyncIterable<T> {
  signal.throwIfAborted();
  const call = new AbortController();
  const cancel = (): void => call.abort();
  signal.addEventListener('abort', cancel, { once: true });
  let idle = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      idle = true;
      call.abort();
    }, idleMs);
  };
  try {
    arm();
    for await (const message of open(call.signal)) {
      // The rebuild's time with a message is not the owner's silence.
      clearTimeout(timer);
      yield message;
      arm();
    }
  } catch (error) {
    signal.throwIfAborted();
    if (idle) throw new UnavailableError(`${name} sent nothing for ${Math.round(idleMs / 1000)} s`);
    throw new UnavailableError(`${name} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', cancel);
  }
}
