import { SLOTS_PER_DAY } from './click-buckets.js';
import { DAY_MS, type ZonedCalendar } from './zoned-time.js';

/** A shop's counted clicks of one UTC day as the statistics read them (a day document, or its month's entry). */
export interface DayCounts {
  /** "YYYY-MM-DD" (UTC). */
  readonly day: string;
  readonly total: number;
  /** Per quarter hour of the UTC day (96). */
  readonly slots: readonly number[];
  readonly countries: Readonly<Record<string, number>>;
}

const SLOT_MS = DAY_MS / SLOTS_PER_DAY;

/** The UTC days ("YYYY-MM-DD") whose quarter hours cover [from, to). */
export function utcDaysCovering(from: number, to: number): string[] {
  const days: string[] = [];
  for (let day = Math.floor(from / DAY_MS) * DAY_MS; day < to; day += DAY_MS)
    days.push(new Date(day).toISOString().slice(0, 10));
  return days;
}

/** Counted clicks from `from` (included) to `to` (excluded): whole UTC days by their total, the rest by quarter hour. */
export function clicksBetween(days: readonly DayCounts[], from: number, to: number): number {
  let total = 0;
  for (const doc of days) {
    const start = Date.parse(`${doc.day}T00:00:00Z`);
    if (start >= to || start + DAY_MS <= from) continue;
    if (start >= from && start + DAY_MS <= to) {
      total += doc.total;
      continue;
    }
    const slots = doc.slots;
    for (let slot = 0; slot < slots.length; slot += 1) {
      const at = start + slot * SLOT_MS;
      if (slots[slot] && at >= from && at < to) total += slots[slot]!;
    }
  }
  return total;
}

/**
 * Clicks per local day: `midnights` are consecutive local midnights; day i runs from
 * midnights[i] to midnights[i + 1]. Days without clicks count 0.
 */
export function dailyClicks(days: readonly DayCounts[], midnights: readonly number[]): { day: Date; clicks: number }[] {
  const series = midnights.slice(0, -1).map((midnight) => ({ day: new Date(midnight), clicks: 0 }));
  for (const doc of days) {
    const start = Date.parse(`${doc.day}T00:00:00Z`);
    // The local day holding the UTC day's first quarter hour (binary search: a year has 366),
    // then forward with the quarter hours.
    let low = -1;
    let high = series.length;
    while (high - low > 1) {
      const mid = (low + high) >> 1;
      if (midnights[mid]! <= start) low = mid;
      else high = mid;
    }
    let local = low;
    const slots = doc.slots;
    for (let slot = 0; slot < slots.length; slot += 1) {
      const at = start + slot * SLOT_MS;
      while (local + 1 <= series.length && midnights[local + 1]! <= at) local += 1;
      if (slots[slot] && local >= 0 && local < series.length) series[local]!.clicks += slots[slot]!;
    }
  }
  return series;
}

/** Clicks "today" and "this month" in the calendar's zone, up to `now` (only the month's days are looked at). */
export function todayAndMonth(
  days: readonly DayCounts[],
  calendar: ZonedCalendar,
  now: number,
): { today: number; month: number } {
  const end = now + 1;
  const monthStart = calendar.startOfMonth(now);
  const firstDay = new Date(Math.floor(monthStart / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
  const recent = days.filter((doc) => doc.day >= firstDay);
  return { today: clicksBetween(recent, calendar.startOfDay(now), end), month: clicksBetween(recent, monthStart, end) };
}

/** Counts summed over documents, most first (ties by key), at most `limit`. */
export function topCounts(maps: readonly Readonly<Record<string, number>>[], limit: number): [string, number][] {
  const sums = new Map<string, number>();
  for (const map of maps) for (const key in map) sums.set(key, (sums.get(key) ?? 0) + map[key]!);
  return topOfDisjoint([Object.fromEntries(sums)], limit);
}

/**
 * The `limit` largest of counts whose keys do not repeat across the maps (a product lives in one
 * tally shard): one pass keeping the best few, instead of sorting tens of thousands.
 */
export function topOfDisjoint(maps: readonly Readonly<Record<string, number>>[], limit: number): [string, number][] {
  const best: [string, number][] = [];
  const before = (a: [string, number], b: [string, number]) => a[1] > b[1] || (a[1] === b[1] && a[0] < b[0]);
  for (const map of maps) {
    for (const key in map) {
      const count = map[key]!;
      // Most keys lose to the last kept one: tell without allocating an entry.
      const last = best.length === limit ? best[limit - 1] : undefined;
      if (last && (count < last[1] || (count === last[1] && key >= last[0]))) continue;
      const entry: [string, number] = [key, count];
      let at = best.length === limit ? limit - 1 : best.length;
      while (at > 0 && before(entry, best[at - 1]!)) at -= 1;
      best.splice(at, 0, entry);
      if (best.length > limit) best.pop();
    }
  }
  return best;
}
