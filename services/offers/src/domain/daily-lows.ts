import { implausibleBeside, MIN_COMPARED_OFFERS } from './implausible-price.js';
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
  /** The price staff confirmed of this offer (ADR 146): on any day it is listed, it counts. */
  readonly confirmedPrice?: { readonly amountMinor: number; readonly currency: string } | null;
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

/**
 * One offer's prices of a day: its lowest, its highest, every price it was listed at, and those of
 * them staff confirmed (converted, as the others).
 */
interface OfferDay {
  low: number;
  high: number;
  readonly prices: number[];
  readonly confirmed: number[];
}

/** An offer's range of a day that counts. */
interface DayRange {
  readonly low: number;
  readonly high: number;
}

/**
 * The daily low series of [start, end) from the offers' timelines: for each UTC day, the lowest
 * and highest price of any offer listed at some moment of that day, and how many were. A day
 * without a change carries the prices in effect forward; a day on which no offer was listed is
 * absent. Exact whatever order the offers' observations were ingested in, because it is derived
 * from each offer's own history (kept in per-offer order by the event keys). An offer whose low
 * price of the day was implausible beside the others' (ADR 146: below 35 % of the median of
 * each other offer's highest price of the day) does not count for that day, as a held price does
 * not count now: "lowest ever" and the trend never name a price error. A price staff confirmed of
 * the offer counts as it counts now.
 */
export function dailyLows(
  timelines: readonly OfferTimeline[],
  start: Date,
  end: Date,
  convert: DayConverter,
): DailyLowEntry[] {
  const days = new Map<number, Map<number, OfferDay>>();
  const startMs = start.getTime();
  const endMs = end.getTime();
  timelines.forEach((timeline, offerIndex) => {
    let state = timeline.opening;
    let from = startMs;
    for (let i = 0; i <= timeline.points.length; i += 1) {
      const next = timeline.points[i];
      const to = next ? Math.max(Date.parse(next.t), startMs) : Math.min(timeline.until.getTime(), endMs);
      if (state && state.p !== null && to > from)
        addSegment(days, offerIndex, state, from, Math.min(to, endMs), convert, isConfirmed(state, timeline));
      if (!next) break;
      state = next;
      from = Math.max(Date.parse(next.t), startMs);
    }
  });
  return [...days.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([day, offers]) => {
      const counted = plausibleRanges(offers);
      if (counted.length === 0) return [];
      return [
        {
          day: new Date(day * DAY_MS),
          low: Math.min(...counted.map((range) => range.low)),
          high: Math.max(...counted.map((range) => range.high)),
          offersCount: counted.length,
        },
      ];
    });
}

/**
 * Each offer's range of a day without its implausible prices (an offer with none is left out): a
 * price is judged against the other offers' highest prices of the day, which a price error of
 * theirs does not lower. The highs are sorted once; each offer's "others" is that order without
 * its own high, so a day costs one sort, and an offer whose lowest price is plausible (nearly
 * always) is kept whole without looking at its other prices.
 */
function plausibleRanges(offers: ReadonlyMap<number, OfferDay>): DayRange[] {
  const highs = [...offers.values()].map((offer) => offer.high).sort((a, b) => a - b);
  const counted: DayRange[] = [];
  for (const offer of offers.values()) {
    const median = medianWithout(highs, highs.indexOf(offer.high));
    if (median === null || !implausibleBeside(offer.low, median)) {
      counted.push(offer);
      continue;
    }
    const kept = offer.prices.filter((price) => offer.confirmed.includes(price) || !implausibleBeside(price, median));
    if (kept.length > 0) counted.push({ low: Math.min(...kept), high: Math.max(...kept) });
  }
  return counted;
}

/** The median of ascending `sorted` without its element at `skip`; null when too few remain to judge. */
function medianWithout(sorted: readonly number[], skip: number): number | null {
  const count = sorted.length - 1;
  if (count < MIN_COMPARED_OFFERS) return null;
  const at = (position: number) => sorted[position < skip ? position : position + 1]!;
  const middle = Math.floor(count / 2);
  return count % 2 === 1 ? at(middle) : Math.floor((at(middle - 1) + at(middle)) / 2);
}

/** Whether the state's price is the one staff confirmed of its offer (the same amount and currency). */
const isConfirmed = (state: PriceState, timeline: OfferTimeline): boolean =>
  !!timeline.confirmedPrice &&
  state.p === timeline.confirmedPrice.amountMinor &&
  state.c === timeline.confirmedPrice.currency;

function addSegment(
  days: Map<number, Map<number, OfferDay>>,
  offer: number,
  state: PriceState,
  from: number,
  to: number,
  convert: DayConverter,
  confirmed: boolean,
): void {
  if (state.p === null || to <= from) return;
  const firstDay = Math.floor(from / DAY_MS);
  const lastDay = Math.floor((to - 1) / DAY_MS);
  for (let day = firstDay; day <= lastDay; day += 1) {
    const amount = convert(state.p, state.c, new Date(day * DAY_MS));
    if (amount === null) continue;
    const offers = days.get(day) ?? new Map<number, OfferDay>();
    days.set(day, offers);
    const entry = offers.get(offer);
    if (!entry) {
      offers.set(offer, { low: amount, high: amount, prices: [amount], confirmed: confirmed ? [amount] : [] });
      continue;
    }
    if (amount < entry.low) entry.low = amount;
    if (amount > entry.high) entry.high = amount;
    entry.prices.push(amount);
    if (confirmed) entry.confirmed.push(amount);
  }
}

/** 00:00 UTC of the day holding `at`. */
export function startOfUtcDay(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}
