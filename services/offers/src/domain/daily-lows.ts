import type { PriceState } from './price-point.js';

export const DAY_MS = 86_400_000;

/** One offer's price history within a range, as the reader assembled it. */
export interface OfferTimeline {
  /** The state in effect at the range start; null when not listed then (or not known yet). */
  readonly opening: PriceState | null;
  /** Points within the range, oldest first. */
  readonly points: readonly PriceState[];
  /** The last state holds until this time at most (last seen + stale limit for a current offer). */
  readonly until: Date;
}

/** One UTC day of a product's prices in one country. */
export interface DailyLowEntry {
  /** 00:00 UTC of the day. */
  readonly day: Date;
  readonly low: number;
  readonly high: number;
  /** Offers listed at some time of the day. */
  readonly offersCount: number;
}

/** Converts an amount of a point's currency into the series currency on a day; null without a rate. */
export type DayConverter = (amountMinor: number, currency: string, dayStart: Date) => number | null;

interface DayAccumulator {
  low: number;
  high: number;
  offers: number;
  lastOffer: number;
}

/**
 * The daily low series of [start, end) from the offers' timelines: for each UTC day, the lowest
 * and highest price of any offer listed at some moment of that day, and how many were. A day
 * without a change carries the prices in effect forward; a day on which no offer was listed is
 * absent. Exact whatever order the offers' observations were ingested in, because it is derived
 * from each offer's own history (kept in per-offer order by the event keys).
 */
export function dailyLows(
  timelines: readonly OfferTimeline[],
  start: Date,
  end: Date,
  convert: DayConverter,
): DailyLowEntry[] {
  const days = new Map<number, DayAccumulator>();
  const startMs = start.getTime();
  const endMs = end.getTime();
  timelines.forEach((timeline, offerIndex) => {
    let state = timeline.opening;
    let from = startMs;
    for (let i = 0; i <= timeline.points.length; i += 1) {
      const next = timeline.points[i];
      const to = next ? Math.max(Date.parse(next.t), startMs) : Math.min(timeline.until.getTime(), endMs);
      if (state && state.p !== null && to > from)
        addSegment(days, offerIndex, state, from, Math.min(to, endMs), convert);
      if (!next) break;
      state = next;
      from = Math.max(Date.parse(next.t), startMs);
    }
  });
  return [...days.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day, entry]) => ({
      day: new Date(day * DAY_MS),
      low: entry.low,
      high: entry.high,
      offersCount: entry.offers,
    }));
}

function addSegment(
  days: Map<number, DayAccumulator>,
  offer: number,
  state: PriceState,
  from: number,
  to: number,
  convert: DayConverter,
): void {
  if (state.p === null || to <= from) return;
  const firstDay = Math.floor(from / DAY_MS);
  const lastDay = Math.floor((to - 1) / DAY_MS);
  for (let day = firstDay; day <= lastDay; day += 1) {
    const amount = convert(state.p, state.c, new Date(day * DAY_MS));
    if (amount === null) continue;
    const entry = days.get(day);
    if (!entry) {
      days.set(day, { low: amount, high: amount, offers: 1, lastOffer: offer });
      continue;
    }
    if (amount < entry.low) entry.low = amount;
    if (amount > entry.high) entry.high = amount;
    if (entry.lastOffer !== offer) {
      entry.offers += 1;
      entry.lastOffer = offer;
    }
  }
}

/** 00:00 UTC of the day holding `at`. */
export function startOfUtcDay(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}
