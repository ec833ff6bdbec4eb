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
 * The record with one more click in a country on a UTC day. Days older than CLICK_DAYS_KEPT
 * before the newest one are dropped, and a click on such a day counts only all-time.
 */
export function withClick(current: ClickRecord | null, productId: string, country: string, day: string): ClickRecord {
  const countries = { ...current?.countries };
  countries[country] = (countries[country] ?? 0) + 1;
  const held = current?.days ?? {};
  const newest = [day, ...Object.values(held).flatMap((byDay) => Object.keys(byDay))].reduce((a, b) => (a > b ? a : b));
  const first = firstDayOf(newest, CLICK_DAYS_KEPT);
  const days: Record<string, Record<string, number>> = {};
  for (const [c, byDay] of Object.entries(held)) {
    const kept = Object.entries(byDay).filter(([d]) => d >= first);
    if (kept.length > 0) days[c] = Object.fromEntries(kept);
  }
  if (day >= first) days[country] = { ...days[country], [day]: (days[country]?.[day] ?? 0) + 1 };
  return { _id: productId, countries, days, recent: current?.recent ?? [] };
}

/** The clicks a record holds for one country and day (0 when not held, or no longer). */
export function clicksOn(record: ClickRecord, country: string, day: string): number {
  return record.days?.[country]?.[day] ?? 0;
}
