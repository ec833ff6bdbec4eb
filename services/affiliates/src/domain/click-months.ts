import type { ClickDayRecord, ClickTallyRecord } from './click-aggregates.js';
import { SLOTS_PER_DAY } from './click-buckets.js';
import { topOfDisjoint, type DayCounts } from './click-stats.js';

/**
 * The most top products a statistics read asks for (`top_products_limit` ≤ 100): each tally
 * shard's top list keeps this many, and the shop's top list is the best of the shards' (a product
 * counts in one shard only).
 */
export const MONTH_TOP_PRODUCTS = 100;

/**
 * A day document as of its stored version. Its quarter hours are `slots` (96 counts) where most
 * have clicks, else `quarters`: the ones with clicks as [slot, count, slot, count, …] — a small
 * shop's month document is rewritten with every batch that has its clicks, and 96 counts a day,
 * mostly zero, were most of it.
 */
export interface DaySummary extends Omit<DayCounts, 'day' | 'slots'> {
  readonly version: number;
  readonly slots?: readonly number[];
  readonly quarters?: readonly number[];
}

/** The 96 quarter-hour counts of a day entry. */
export function slotsOf(entry: DaySummary): readonly number[] {
  if (entry.slots) return entry.slots;
  const slots = new Array<number>(SLOTS_PER_DAY).fill(0);
  const quarters = entry.quarters ?? [];
  for (let i = 0; i + 1 < quarters.length; i += 2) slots[quarters[i]!] = quarters[i + 1]!;
  return slots;
}

/** A day's quarter hours as the month document keeps them: listed when fewer than half have clicks. */
function quarterHours(slots: readonly number[]): Pick<DaySummary, 'slots' | 'quarters'> {
  const quarters: number[] = [];
  for (let slot = 0; slot < slots.length; slot += 1) if (slots[slot]) quarters.push(slot, slots[slot]!);
  return quarters.length < slots.length ? { quarters } : { slots: [...slots] };
}

/** A tally shard's top products (most first) as of its stored version. */
export interface ShardSummary {
  readonly version: number;
  readonly top: readonly (readonly [string, number])[];
}

/**
 * What a statistics read needs of one shop's UTC month, in one document (ADR 070): every day's
 * quarter hours and countries, and each tally shard's top products — no marks, no product or offer
 * maps. It is a projection of the day documents and tally shards, written after them: each entry
 * carries the version of the document it was taken from and is replaced only by a higher one, so
 * projecting the same document twice, or two replicas' projections in either order, end the same.
 */
export interface ClickMonthRecord {
  readonly _id: string;
  readonly shopId: string;
  readonly month: string;
  /** By UTC day ("YYYY-MM-DD"). */
  readonly days: Readonly<Record<string, DaySummary>>;
  /** By tally shard ("0"…). */
  readonly shards: Readonly<Record<string, ShardSummary>>;
}

/** Entries to merge into one month document. */
export interface MonthEntries {
  readonly shopId: string;
  readonly month: string;
  readonly days: Map<string, DaySummary>;
  readonly shards: Map<string, ShardSummary>;
}

export const monthId = (shopId: string, month: string): string => `${shopId}|${month}`;

/** The shard number at the end of a tally id (`shop|month|shard`). */
const shardOfTallyId = (id: string): string => id.slice(id.lastIndexOf('|') + 1);

/**
 * The month entries of stored day documents and tally shards, by month document. Copies what it
 * takes: the fold goes on adding to the documents it holds.
 */
export function monthEntriesOf(
  days: readonly (ClickDayRecord & { readonly _version: number })[],
  tallies: readonly (ClickTallyRecord & { readonly _version: number })[],
): Map<string, MonthEntries> {
  const months = new Map<string, MonthEntries>();
  const entriesOf = (shopId: string, month: string) => {
    const id = monthId(shopId, month);
    let entries = months.get(id);
    if (!entries) months.set(id, (entries = { shopId, month, days: new Map(), shards: new Map() }));
    return entries;
  };
  for (const doc of days)
    entriesOf(doc.shopId, doc.day.slice(0, 7)).days.set(doc.day, {
      version: doc._version,
      total: doc.total,
      ...quarterHours(doc.slots),
      countries: { ...doc.countries },
    });
  for (const doc of tallies)
    entriesOf(doc.shopId, doc.month).shards.set(shardOfTallyId(doc._id), {
      version: doc._version,
      top: topOfDisjoint([doc.products], MONTH_TOP_PRODUCTS),
    });
  return months;
}

/** Entries of both, the higher version where both have one. */
export function combineEntries(a: MonthEntries, b: MonthEntries): MonthEntries {
  const newer = <E extends { version: number }>(x: Map<string, E>, y: Map<string, E>) => {
    const out = new Map(x);
    for (const [key, entry] of y) if ((out.get(key)?.version ?? 0) < entry.version) out.set(key, entry);
    return out;
  };
  return { shopId: a.shopId, month: a.month, days: newer(a.days, b.days), shards: newer(a.shards, b.shards) };
}

/** The month document with the entries newer than its own; null when none is. */
export function mergeMonth(
  current: ClickMonthRecord | null,
  id: string,
  entries: MonthEntries,
): ClickMonthRecord | null {
  const days = { ...current?.days } as Record<string, DaySummary>;
  const shards = { ...current?.shards } as Record<string, ShardSummary>;
  let changed = false;
  for (const [day, entry] of entries.days)
    if ((days[day]?.version ?? 0) < entry.version) {
      days[day] = entry;
      changed = true;
    }
  for (const [shard, entry] of entries.shards)
    if ((shards[shard]?.version ?? 0) < entry.version) {
      shards[shard] = entry;
      changed = true;
    }
  if (!changed) return null;
  return { _id: id, shopId: entries.shopId, month: entries.month, days, shards };
}
