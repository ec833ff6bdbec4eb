import { utcDay } from './tracked-query.js';

/**
 * Days of counted clicks a product's record keeps per country: the longest window of
 * ListPopularProducts. Counted from the newest day the record holds, that day included.
 */
export const CLICK_DAYS_KEPT = 30;

const DAY_MS = 86_400_000;

/** Side state: counted click-outs of a product per country (`clicks` collection, id = product id). */
export interface ClickRecord {
  readonly _id: string;
  /** All-time counts per country: the rank sort's popularity. */
  readonly countries: Readonly<Record<string, number>>;
  /**
   * Counts per country and UTC day (YYYY-MM-DD) of the last CLICK_DAYS_KEPT days, for the
   * windowed "popular products" (absent in records written before they were kept).
   */
  readonly days?: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /**
   * Counts per entity the clicks counted for (entity-popularity.ts: the product's brand and
   * categories, the clicked offer's shop) and UTC day, the same days as `days`: what the product
   * gives each entity's popularity, kept with the click ids so that a redelivery counts once
   * there too (absent in records written before, and while no click named an entity).
   */
  readonly entities?: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** The last click ids counted, in the same document as the counts: a redelivery counts once. */
  readonly recent: readonly string[];
}

/** How many counted clicks a product had on one day in one country (`product_click_days`). */
export interface ClickDayCount {
  readonly day: string;
  readonly country: string;
  readonly productId: string;
  readonly count: number;
}

/** The first of the `days` UTC days that end with `lastDay` (YYYY-MM-DD). */
export function firstDayOf(lastDay: string, days: number): string {
  return utcDay(new Date(Date.parse(lastDay) - (days - 1) * DAY_MS));
}

/**
 * The record with one more click in a country on a UTC day, counted for these entities too.
 * Days older than CLICK_DAYS_KEPT before the newest one are dropped, and a click on such a day
 * counts only all-time.
 */
export function withClick(
  current: ClickRecord | null,
  productId: string,
  country: string,
  day: string,
  entities: readonly string[] = [],
): ClickRecord {
  const countries = { ...current?.countries };
  countries[country] = (countries[country] ?? 0) + 1;
  const held = current?.days ?? {};
  const newest = [day, ...Object.values(held).flatMap((byDay) => Object.keys(byDay))].reduce((a, b) => (a > b ? a : b));
  const first = firstDayOf(newest, CLICK_DAYS_KEPT);
  const days = countedOn(keptSince(held, first), [country], day, first);
  const byEntity = countedOn(keptSince(current?.entities ?? {}, first), entities, day, first);
  return {
    _id: productId,
    countries,
    days,
    ...(Object.keys(byEntity).length > 0 ? { entities: byEntity } : {}),
    recent: current?.recent ?? [],
  };
}

type DayCounts = Record<string, Record<string, number>>;

/** The days on or after `first` of each key, keys left without a day dropped. */
function keptSince(held: Readonly<Record<string, Readonly<Record<string, number>>>>, first: string): DayCounts {
  const kept: DayCounts = {};
  for (const [key, byDay] of Object.entries(held)) {
    const days = Object.entries(byDay).filter(([d]) => d >= first);
    if (days.length > 0) kept[key] = Object.fromEntries(days);
  }
  return kept;
}

/** One more on `day` for each key, unless the day is before `first`. */
function countedOn(counts: DayCounts, keys: readonly string[], day: string, first: string): DayCounts {
  if (day < first) return counts;
  for (const key of keys) counts[key] = { ...counts[key], [day]: (counts[key]?.[day] ?? 0) + 1 };
  return counts;
}

/** The clicks a record holds for one country and day (0 when not held, or no longer). */
export function clicksOn(record: ClickRecord, country: string, day: string): number {
  return record.days?.[country]?.[day] ?? 0;
}

/** What the record gives each of its entities on one day (entities without a click that day left out). */
export function entityClicksOn(record: ClickRecord, day: string): { entity: string; count: number }[] {
  return Object.entries(record.entities ?? {}).flatMap(([entity, byDay]) => {
    const count = byDay[day] ?? 0;
    return count > 0 ? [{ entity, count }] : [];
  });
}
