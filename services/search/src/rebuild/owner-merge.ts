import { replacedByTree } from '../domain/category-record.js';
import { servedCountry } from '../domain/countries.js';
import { countryPriceOf, withOwnerPrice, type CountryPrice, type PriceRecord } from '../domain/price-record.js';
import { newerOffer, offerRecordOfOffer } from '../domain/offer-record.js';
import { newerProduct, productRecordOf, type ProductRecord } from '../domain/product-record.js';
import { newerShop, shopRecordOfShop, type ShopRecord } from '../domain/shop-record.js';
import type { SourceLock } from '../store/source-lock.js';
import type { SourceStore } from '../store/source-store.js';
import type { SourceMarks } from '../store/stored-source.js';
import type { OwnerStreams } from './owner-streams.js';

/** Streamed records merged per round: one conditional write each, committed together. */
const PAGE = 500;

export interface MergeContext {
  readonly store: SourceStore;
  readonly lock: SourceLock;
  readonly signal: AbortSignal;
}

/**
 * Merges catalog's products into the side state: the streamed record replaces the held one only
 * when its version is higher (an event applied meanwhile may hold a newer one), and the rebuild's
 * mark comes off every product streamed (found). Returns how many were streamed; `onPage` hears
 * the count so far.
 */
export async function mergeOwnerProducts(
  streams: OwnerStreams,
  context: MergeContext,
  onPage: (streamed: number) => void,
): Promise<number> {
  const { store, lock, signal } = context;
  let streamed = 0;
  for await (const page of pages(streams.products(signal), PAGE)) {
    signal.throwIfAborted();
    const records = page.flatMap(({ product, texts }): ProductRecord[] =>
      product?.id ? [productRecordOf(product, texts, product.version, product.updatedAt ?? new Date())] : [],
    );
    await lock.run(() =>
      Promise.all(
        records.map((streamedRecord) =>
          store.updateMarked('product', streamedRecord._id, (current) => ({
            record:
              current === null ? streamedRecord : (newerProduct(current.record, streamedRecord) ?? current.record),
            marks: {},
          })),
        ),
      ),
    );
    streamed += records.length;
    onPage(streamed);
  }
  return streamed;
}

/**
 * Merges offers' price summaries into the side state, per product and served country: a summary
 * replaces the held price only when its version is higher (by `updated_at` for a summary without
 * one, see withOwnerPrice), and each country streamed comes off the rebuild's mark (found).
 * Returns how many were streamed.
 */
export async function mergeOwnerPrices(streams: OwnerStreams, context: MergeContext): Promise<number> {
  const { store, lock, signal } = context;
  let streamed = 0;
  for await (const page of pages(streams.priceSummaries(signal), PAGE)) {
    signal.throwIfAborted();
    const byProduct = new Map<string, Map<string, CountryPrice>>();
    for (const summary of page) {
      const country = servedCountry(summary.country);
      if (!summary.productId || country === null) continue;
      const prices = byProduct.get(summary.productId) ?? new Map<string, CountryPrice>();
      prices.set(country, countryPriceOf(summary.version, summary));
      byProduct.set(summary.productId, prices);
    }
    await lock.run(() =>
      Promise.all(
        [...byProduct].map(([productId, prices]) =>
          store.updateMarked('price', productId, (current) => {
            let record: PriceRecord = current?.record ?? { _id: productId, countries: {} };
            for (const [country, price] of prices) record = withOwnerPrice(record, productId, country, price) ?? record;
            const unseen = (current?.marks.unseen ?? []).filter((country) => !prices.has(country));
            return { record, marks: unseen.length > 0 ? { ...current?.marks, unseen } : {} };
          }),
        ),
      ),
    );
    streamed += page.length;
  }
  return streamed;
}

/**
 * Merges offers' offers into the side state (the `shop` facet): a streamed offer replaces the held
 * record only when its version is higher, and comes off the rebuild's mark. Returns how many were
 * streamed.
 */
export async function mergeOwnerOffers(streams: OwnerStreams, context: MergeContext): Promise<number> {
  const { store, lock, signal } = context;
  let streamed = 0;
  for await (const page of pages(streams.offers(signal), PAGE)) {
    signal.throwIfAborted();
    const records = page.flatMap((offer) => (offer.id ? [offerRecordOfOffer(offer.id, offer.version, offer)] : []));
    await lock.run(() =>
      Promise.all(
        records.map((streamedRecord) =>
          store.updateMarked('offer', streamedRecord._id, (current) => ({
            record: current === null ? streamedRecord : (newerOffer(current.record, streamedRecord) ?? current.record),
            marks: {},
          })),
        ),
      ),
    );
    streamed += records.length;
  }
  return streamed;
}

/**
 * Merges offers' listed shops into the side state: the streamed record replaces the held one when
 * it is newer (a deletion held stays final), and comes off the rebuild's mark. Returns how many
 * were streamed.
 */
export async function mergeOwnerShops(streams: OwnerStreams, context: MergeContext): Promise<number> {
  const { store, lock, signal } = context;
  let streamed = 0;
  for await (const page of pages(streams.shops(signal), PAGE)) {
    signal.throwIfAborted();
    const records = page.flatMap((shop) =>
      shop.id ? [shopRecordOfShop(shop.id, shop.version, shop, new Date())] : [],
    );
    await lock.run(() =>
      Promise.all(
        records.map((streamedRecord) => store.updateMarked('shop', streamedRecord._id, mergedShop(streamedRecord))),
      ),
    );
    streamed += records.length;
  }
  return streamed;
}

/**
 * Merges catalog's categories, named in every language, into the side state where no event named
 * them (a category made before catalog announced its categories, or one whose events search
 * missed): a record an event wrote is newer than the tree, which carries no version, and is kept.
 * Returns how many were read.
 */
export async function mergeOwnerCategories(streams: OwnerStreams, context: MergeContext): Promise<number> {
  const { store, lock, signal } = context;
  const records = await streams.categories(signal);
  for (let start = 0; start < records.length; start += PAGE) {
    signal.throwIfAborted();
    await lock.run(() =>
      Promise.all(
        records
          .slice(start, start + PAGE)
          .map((read) => store.updateCategory(read._id, (current) => (replacedByTree(current) ? read : null))),
      ),
    );
  }
  return records.length;
}

/** The held shop record or the streamed one, whichever is newer, without the rebuild's mark. */
export const mergedShop =
  (streamedRecord: ShopRecord) =>
  (current: { readonly record: ShopRecord } | null): { record: ShopRecord; marks: SourceMarks } => ({
    record: current === null ? streamedRecord : (newerShop(current.record, streamedRecord) ?? current.record),
    marks: {},
  });

/** The items of `source` in arrays of up to `size`. */
async function* pages<T>(source: AsyncIterable<T>, size: number): AsyncIterable<T[]> {
  let page: T[] = [];
  for await (const item of source) {
    page.push(item);
    if (page.length < size) continue;
    yield page;
    page = [];
  }
  if (page.length > 0) yield page;
}
