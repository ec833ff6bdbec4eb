import { newerCategory, type CategoryRecord } from '../domain/category-record.js';
import { clicksOn, entityClicksOn, withClick, type ClickDayCount } from '../domain/click-record.js';
import { entitiesOfClick, type EntityClickCount } from '../domain/entity-popularity.js';
import { newerOffer, productsTouched, quietOffers } from '../domain/offer-record.js';
import { withCountryPrice } from '../domain/price-record.js';
import { newerProduct, type ProductRecord } from '../domain/product-record.js';
import { deletedShop, newerShop, type ShopRecord } from '../domain/shop-record.js';
import { utcDay } from '../domain/tracked-query.js';
import type { HeldSources, SourceChange, SourceKind, SourceKinds, SourceStore } from '../store/source-store.js';
import type { SourceUpdate } from './source-update.js';

/** What applying a batch to the side state found. */
export interface AppliedSources {
  /** Products whose index document must be derived again (changed, or redelivered: see below). */
  readonly products: Set<string>;
  /** Product records after the batch, for the brand, category and completion indices. */
  readonly productRecords: ProductRecord[];
  /**
   * The product and price records of the products the batch named, as stored after it (null:
   * none is stored), so that deriving their documents need not read them again.
   */
  readonly held: HeldSources;
  readonly shops: ShopRecord[];
  /**
   * Category records the batch named, as held after it (changed or redelivered: a redelivery
   * repairs a document write a crash cut off): their documents are named again, or removed.
   */
  readonly categories: CategoryRecord[];
  /** occurred_at of the price changes that changed something (price lag). */
  readonly priceChanges: Date[];
  /** Products whose record or prices changed: what a list of products shows of them (ListingsChanged). */
  readonly listings: Set<string>;
  /**
   * The day counts of the clicks' products, countries and days as their click records hold them
   * after the batch — redelivered clicks' too (see applyClicks) — for `product_click_days`.
   */
  readonly clickDays: ClickDayCount[];
  /**
   * What the clicks' products give their brands, categories and shops on the clicks' days, as
   * the click records hold it after the batch (redelivered clicks' too), for `entity_click_days`.
   */
  readonly entityClicks: EntityClickCount[];
}

type Of<K extends SourceUpdate['kind']> = Extract<SourceUpdate, { kind: K }>;

/**
 * Applies a batch of updates to the side state in one bulk write, keeping only what is newer
 * than the held state (versions per product, per product and country, per offer, per shop, per
 * category; click ids per product). Products an update names are re-derived even when it changed nothing: a
 * redelivered event then repairs an index write that a crash cut off after the state write. The
 * exception is a newer offer version with the same product, shop, country and state (a price
 * change): nothing derived from it can change, and the product's prices come by their own event.
 * Such a version is not even stored. The stored version only has to reject older events, and an
 * offer's events arrive in version order (one key, one partition): every version between the
 * stored one and a quiet one is quiet too, so none of them can bring back other facts. At a
 * million products skipping it saves a random page write per price change in search's store.
 */
export async function applySources(store: SourceStore, updates: readonly SourceUpdate[]): Promise<AppliedSources> {
  const of = <K extends SourceUpdate['kind']>(kind: K): Of<K>[] => updates.filter((u): u is Of<K> => u.kind === kind);
  const changes: SourceChange[] = [];
  const priceChanges: Date[] = [];
  const listings = new Set<string>();
  const shopUpdates = [...of('shop'), ...of('shop-deleted')];
  const shopId = (u: (typeof shopUpdates)[number]): string => (u.kind === 'shop' ? u.record._id : u.shopId);

  const [products, prices, offers, shops, categories] = await Promise.all([
    fold(
      store,
      'product',
      of('product'),
      (u) => u.record._id,
      (current, u) => newerProduct(current, u.record),
      changes,
      (u) => listings.add(u.record._id),
    ),
    fold(
      store,
      'price',
      of('price'),
      (u) => u.productId,
      (current, u) => withCountryPrice(current, u.productId, u.country, u.price),
      changes,
      (u) => {
        priceChanges.push(u.occurredAt);
        listings.add(u.productId);
      },
    ),
    fold(
      store,
      'offer',
      of('offer'),
      (u) => u.record._id,
      (current, u) => newerOffer(current, u.record),
      changes,
    ),
    fold(
      store,
      'shop',
      shopUpdates,
      shopId,
      (current, u) =>
        u.kind === 'shop' ? newerShop(current, u.record) : current?.deleted ? null : deletedShop(u.shopId, current),
      changes,
    ),
    fold(
      store,
      'category',
      of('category'),
      (u) => u.record._id,
      (current, u) => newerCategory(current, u.record),
      changes,
    ),
  ]);
  const quiet = quietOffers(
    offers.before,
    of('offer').map((u) => u.record),
  );
  await store.putAll(changes.filter((change) => !(change.kind === 'offer' && quiet.has(change.record._id))));
  const { clickDays, entityClicks } = await applyClicks(store, of('click'), products.named);

  const touched = new Set<string>([
    ...products.after.keys(),
    ...prices.after.keys(),
    ...of('click').map((u) => u.productId),
  ]);
  for (const [id, offer] of offers.after) {
    if (quiet.has(id)) continue;
    for (const productId of productsTouched(offers.before.get(id) ?? null, offer)) touched.add(productId);
  }
  const held = { products: products.named, prices: prices.named };
  return {
    products: touched,
    productRecords: [...products.after.values()],
    shops: [...shops.after.values()],
    categories: [...categories.after.values()],
    priceChanges,
    listings,
    held,
    clickDays,
    entityClicks,
  };
}

/**
 * Folds a kind's incoming states over the held ones, in arrival order; collects what changed
 * into `changes` and returns the records the batch names, before and after it.
 */
async function fold<K extends SourceKind, U>(
  store: SourceStore,
  kind: K,
  updates: readonly U[],
  idOf: (update: U) => string,
  next: (current: SourceKinds[K] | null, update: U) => SourceKinds[K] | null,
  changes: SourceChange[],
  onChange?: (update: U) => void,
): Promise<Folded<SourceKinds[K]>> {
  if (updates.length === 0) return { before: new Map(), after: new Map(), named: new Map() };
  const ids = updates.map(idOf);
  const before = await store.getMany(kind, ids);
  const held = new Map(before);
  const changed = new Map<string, SourceKinds[K]>();
  for (const update of updates) {
    const id = idOf(update);
    const result = next(held.get(id) ?? null, update);
    if (result === null) continue;
    held.set(id, result);
    changed.set(id, result);
    onChange?.(update);
  }
  for (const record of changed.values()) changes.push({ kind, record } as SourceChange);
  const after = new Map(ids.flatMap((id) => (held.has(id) ? [[id, held.get(id) as SourceKinds[K]] as const] : [])));
  const named = new Map(ids.map((id) => [id, held.get(id) ?? null]));
  return { before, after, named };
}

/** A kind's records the batch named: before it, after it (held ones only), and after it with null for none. */
interface Folded<R> {
  readonly before: ReadonlyMap<string, R>;
  readonly after: ReadonlyMap<string, R>;
  readonly named: ReadonlyMap<string, R | null>;
}

/** Recent click ids kept per product: redeliveries come soon after the first delivery. */
const RECENT_CLICKS = 256;

/**
 * Counts each click in its product's record: all-time, on its UTC day, and for the entities it
 * counts for on that day (its product's brand and categories as the side state holds them, its
 * shop), with its id, in one atomic write. Returns the day's counts the record then holds, to be
 * set (not added) in `product_click_days` and `entity_click_days` — also for a click the record
 * already counted: the redelivery of a batch whose counts a crash kept from being written
 * repairs them.
 */
async function applyClicks(
  store: SourceStore,
  updates: readonly Of<'click'>[],
  batchProducts: ReadonlyMap<string, ProductRecord | null>,
): Promise<{ clickDays: ClickDayCount[]; entityClicks: EntityClickCount[] }> {
  const clickDays: ClickDayCount[] = [];
  const entityClicks: EntityClickCount[] = [];
  if (updates.length === 0) return { clickDays, entityClicks };
  const read = await store.getMany(
    'product',
    updates.map((u) => u.productId).filter((id) => !batchProducts.has(id)),
  );
  const productOf = (id: string): ProductRecord | null => batchProducts.get(id) ?? read.get(id) ?? null;
  for (const u of updates) {
    const day = utcDay(u.clickedAt);
    const entities = entitiesOfClick(productOf(u.productId), u.shopId, u.country);
    const record = await store.updateClicks(u.productId, (current) => {
      if (current?.recent.includes(u.clickId)) return null;
      const next = withClick(current, u.productId, u.country, day, entities);
      return { ...next, recent: [...next.recent, u.clickId].slice(-RECENT_CLICKS) };
    });
    if (!record) continue;
    const count = clicksOn(record, u.country, day);
    if (count > 0) clickDays.push({ day, country: u.country, productId: u.productId, count });
    for (const part of entityClicksOn(record, day)) entityClicks.push({ day, productId: u.productId, ...part });
  }
  return { clickDays, entityClicks };
}
