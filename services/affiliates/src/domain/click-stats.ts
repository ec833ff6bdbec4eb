import { SLOTS_PER_DAY } from './click-buckets.js';
import type { ClickDayRecord } from './click-aggregates.js';
import { DAY_MS, type ZonedCalendar } from './zoned-time.js';

const SLOT_MS = DAY_MS / SLOTS_PER_DAY;

/** The UTC days ("YYYY-MM-DD") whose quarter hours cover [from, to). */
export function utcDaysCovering(from: number, to: number): string[] {
  const days: string[] = [];
  for (let day = Math.floor(from / DAY_MS) * DAY_MS; day < to; day += DAY_MS)
    days.push(new Date(day).toISOString().slice(0, 10));
  return days;
}

/** Calls `visit` with each quarter hour that has clicks: its start and its count. */
function eachSlot(days: readonly ClickDayRecord[], visit: (at: number, clicks: number) => void): void {
  for (const doc of days) {
    const start = Date.parse(`${doc.day}T00:00:00Z`);
    const slots = doc.slots;
    for (let slot = 0; slot < slots.length; slot += 1) if (slots[slot]) visit(start + slot * SLOT_MS, slots[slot]!);
  }
}

/** Counted clicks from `from` (included) to `to` (excluded). */
export function clicksBetween(days: readonly ClickDayRecord[], from: number, to: number): number {
  let total = 0;
  eachSlot(days, (at, clicks) => {
    if (at >= from && at < to) total += clicks;
  });
  return total;
}

/**
 * Clicks per local day: `midnights` are consecutive local midnights; day i runs from
 * midnights[i] to midnights[i + 1]. Days without clicks count 0.
 */
export function dailyClicks(
  days: readonly ClickDayRecord[],
  midnights: readonly number[],
): { day: Date; clicks: number }[] {
  const series = midnights.slice(0, -1).map((midnight) => ({ day: new Date(midnight), clicks: 0 }));
  eachSlot(days, (at, clicks) => {
    // The last midnight at or before `at` (binary search: a year has 366 of them).
    let low = 0;
    let high = series.length - 1;
    if (at < midnights[0]! || at >= midnights[series.length]!) return;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (midnights[mid]! <= at) low = mid;
      else high = mid - 1;
    }
    series[low]!.clicks += clicks;
  });
  return series;
}

/** Clicks "today" and "this month" in the calendar's zone, up to `now` (only the month's days are looked at). */
export function todayAndMonth(
  days: readonly ClickDayRecord[],
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
      const entry: [string, number] = [key, map[key]!];
      if (best.length === limit && !before(entry, best[limit - 1]!)) continue;
      let at = best.length === limit ? limit - 1 : best.length;
      while (at > 0 && before(entry, best[at - 1]!)) at -= 1;
      best.splice(at, 0, entry);
      if (best.length > limit) best.pop();
    }
  }
  return best;
}
