import type { SourceLock } from '../store/source-lock.js';
import type { MarkedSource, SourceStore } from '../store/source-store.js';
import type { OwnedKind, SourceKinds } from '../store/stored-source.js';
import type { ShopRecord } from '../domain/shop-record.js';
import { mergedShop } from './owner-merge.js';

/** Records read per round. */
const PAGE = 500;

/**
 * What the sweep removed: product records, price records or countries of them, offer records, and
 * shops taken off the list.
 */
export interface SideStateSwept {
  readonly products: number;
  readonly prices: number;
  readonly offers: number;
  readonly shops: number;
}

/** Offers' answer about one shop before it is taken off the list: its record when listed, else null. */
export type ListedShop = (shopId: string) => Promise<ShopRecord | null>;

/**
 * Marks every product, price, offer and shop record (a price with each of its countries) as not yet found by
 * rebuild `rebuildId`, before the owners are read: their streams take the mark off what they hold
 * (owner-merge.ts), an event's write drops it. Conditional writes: an event's write in between wins.
 */
export async function markSideState(
  store: SourceStore,
  lock: SourceLock,
  rebuildId: string,
  signal: AbortSignal,
): Promise<number> {
  let marked = 0;
  const mark = async <K extends OwnedKind>(kind: K, unseen: (record: SourceKinds[K]) => string[] | null) =>
    eachPage(store, kind, signal, async (page) => {
      await lock.run(() =>
        Promise.all(
          page.map(({ record }) =>
            store.updateMarked(kind, record._id, (current) => {
              if (current === null) return null;
              const countries = unseen(current.record);
              return {
                record: current.record,
                marks: { rebuild: rebuildId, ...(countries ? { unseen: countries } : {}) },
              };
            }),
          ),
        ),
      );
      marked += page.length;
    });
  await mark('product', () => null);
  await mark('price', (record) => Object.keys(record.countries));
  await mark('offer', () => null);
  await mark('shop', () => null);
  return marked;
}

/**
 * Removes what still carries rebuild `rebuildId`'s mark once the owners were read: product records
 * catalog did not stream, prices of countries offers did not stream (the price record when no
 * country is left) and offers it did not stream; a shop offers did not list is kept but taken off
 * the list, once offers confirms it does not list it (`listedShop`). A record an event wrote since
 * the marking carries no mark and stays as the event left it. Each removal is conditional on the
 * record being as read.
 */
export async function sweepSideState(
  store: SourceStore,
  rebuildId: string,
  signal: AbortSignal,
  listedShop: ListedShop,
): Promise<SideStateSwept> {
  let products = 0;
  await eachPage(store, 'product', signal, async (page) => {
    for (const { record, marks, version } of page)
      if (marks.rebuild === rebuildId && (await store.deleteUnchanged('product', record._id, version))) products += 1;
  });

  let prices = 0;
  await eachPage(store, 'price', signal, async (page) => {
    for (const { record, marks, version } of page) {
      const unseen = new Set(marks.rebuild === rebuildId ? marks.unseen : []);
      if (unseen.size === 0) continue;
      const kept = Object.keys(record.countries).filter((country) => !unseen.has(country));
      if (kept.length === 0) {
        if (await store.deleteUnchanged('price', record._id, version)) prices += 1;
        continue;
      }
      let dropped = false;
      await store.updateMarked('price', record._id, (current) => {
        dropped = current !== null && current.version === version;
        if (!dropped || current === null) return null;
        const countries = Object.fromEntries(kept.map((country) => [country, current.record.countries[country]!]));
        return { record: { ...current.record, countries }, marks: {} };
      });
      if (dropped) prices += 1;
    }
  });
  let offers = 0;
  await eachPage(store, 'offer', signal, async (page) => {
    for (const { record, marks, version } of page)
      if (marks.rebuild === rebuildId && (await store.deleteUnchanged('offer', record._id, version))) offers += 1;
  });

  let shops = 0;
  await eachPage(store, 'shop', signal, async (page) => {
    for (const { record, marks, version } of page) {
      if (marks.rebuild !== rebuildId) continue;
      // A shop ListShops skipped (its pages moved) is still listed: offers' answer is merged then.
      const listed = record.listed ? await listedShop(record._id) : null;
      let unlisted = false;
      await store.updateMarked('shop', record._id, (current) => {
        if (current === null || current.version !== version) return null;
        if (listed) return mergedShop(listed)(current);
        unlisted = current.record.listed;
        return { record: { ...current.record, listed: false }, marks: {} };
      });
      if (unlisted) shops += 1;
    }
  });
  return { products, prices, offers, shops };
}

/** Every record of `kind` in id order, a page at a time. */
async function eachPage<K extends OwnedKind>(
  store: SourceStore,
  kind: K,
  signal: AbortSignal,
  use: (page: MarkedSource<SourceKinds[K]>[]) => Promise<unknown>,
): Promise<void> {
  for (let page = await store.markedAfter(kind, '', PAGE); page.length > 0;) {
    signal.throwIfAborted();
    await use(page);
    page = await store.markedAfter(kind, page.at(-1)?.record._id ?? '', PAGE);
  }
}
