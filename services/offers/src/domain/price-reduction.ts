import { ListPriceCheck } from '@pc/proto/offers/v1/types';
import { DAY_MS, type DailyLowEntry } from './daily-lows.js';
import type { MoneyRecord } from './money.js';
import type { PriceState } from './price-point.js';

/**
 * "Was" prices that are true (EU Omnibus directive, Art. 6a of 98/6/EC as amended by
 * 2019/2161): a price reduction is announced against the lowest price applied in the 30 days
 * before it. We compute that reference from our own price history, for each offer and for the
 * product's daily-low line, instead of trusting a shop's list price; a list price is checked
 * against what we saw the shop charge. A reduction older than the window is no news any more:
 * the reduced price has become the price, and no "was" is shown.
 */
export const REDUCTION_WINDOW_DAYS = 30;
const WINDOW_MS = REDUCTION_WINDOW_DAYS * DAY_MS;

/** An offer's states around its reduction: the one in effect at some start, and the points after. */
export interface ReductionTimeline {
  readonly opening: PriceState | null;
  readonly points: readonly PriceState[];
}

export interface OfferReduction {
  /** The lowest price of the 30 days before the current price took effect, when above it. */
  readonly wasMinor: number | null;
  readonly reducedAt: Date;
  readonly listPriceCheck: ListPriceCheck;
}

/** Whether a reduction that took effect at `reducedAt` is recent enough to need the history. */
export const isRecentReduction = (reducedAt: Date, now: Date): boolean =>
  now.getTime() - reducedAt.getTime() <= WINDOW_MS;

/** The history range a recent reduction needs: the window before the oldest recent reduction. */
export const reductionHistoryStart = (now: Date): Date => new Date(now.getTime() - 2 * WINDOW_MS);

/**
 * The reduction of an offer priced `price` since `reducedAt`, with the shop's `listPrice`, from
 * its timeline (which must cover the 30 days before `reducedAt`; null when there is none).
 * Only prices in the offer's currency count (a shop that changed currency has no comparable past).
 */
export function offerReduction(
  price: MoneyRecord,
  listPrice: MoneyRecord | null,
  reducedAt: Date,
  timeline: ReductionTimeline | null,
  now: Date,
): OfferReduction {
  const claimed =
    listPrice && listPrice.currency === price.currency && listPrice.amountMinor > price.amountMinor
      ? listPrice.amountMinor
      : null;
  if (!isRecentReduction(reducedAt, now) || !timeline) {
    // No history of the window, or the window is long past: the list price was not charged in it
    // as far as we know (an old reduction's current price is all the last 30 days saw).
    return {
      wasMinor: null,
      reducedAt,
      listPriceCheck:
        claimed === null ? ListPriceCheck.LIST_PRICE_CHECK_UNSPECIFIED : ListPriceCheck.LIST_PRICE_CHECK_NOT_SEEN,
    };
  }
  const prices = pricesInEffect(timeline, reducedAt.getTime() - WINDOW_MS, reducedAt.getTime(), price.currency);
  const lowest = prices.length > 0 ? Math.min(...prices) : null;
  const wasMinor = lowest !== null && lowest > price.amountMinor ? lowest : null;
  return { wasMinor, reducedAt, listPriceCheck: checkListPrice(claimed, lowest, prices) };
}

function checkListPrice(claimed: number | null, lowest: number | null, prices: readonly number[]): ListPriceCheck {
  if (claimed === null) return ListPriceCheck.LIST_PRICE_CHECK_UNSPECIFIED;
  if (lowest !== null && claimed <= lowest) return ListPriceCheck.LIST_PRICE_CHECK_CONFIRMED;
  // Charged at least that much at some moment of the window, but not as its lowest price.
  if (prices.some((amount) => amount >= claimed)) return ListPriceCheck.LIST_PRICE_CHECK_NOT_LOWEST;
  return ListPriceCheck.LIST_PRICE_CHECK_NOT_SEEN;
}

/** The listed prices (in `currency`) of every state in effect at some moment of [fromMs, toMs). */
export function pricesInEffect(timeline: ReductionTimeline, fromMs: number, toMs: number, currency: string): number[] {
  const states = [...(timeline.opening ? [timeline.opening] : []), ...timeline.points];
  const prices: number[] = [];
  states.forEach((state, index) => {
    const start = Date.parse(state.t);
    const next = states[index + 1];
    const end = next ? Date.parse(next.t) : Number.POSITIVE_INFINITY;
    if (start < toMs && end > fromMs && state.p !== null && state.c === currency) prices.push(state.p);
  });
  return prices;
}

export interface ProductReduction {
  readonly wasMinor: number;
  /** 00:00 UTC of the day the current lowest price began. */
  readonly reducedAt: Date;
}

/**
 * The product's reduction from its daily-low line (oldest first, today last): the current
 * lowest price began on the first day of the run of days, ending today, whose lows are not above
 * it; the reference is the lowest daily low of the 30 days before that day. Null when the run
 * began more than 30 days ago, nothing is known before it, or the price is not lower.
 */
export function productReduction(
  lows: readonly DailyLowEntry[],
  currentMinor: number | null,
  today: Date,
): ProductReduction | null {
  if (currentMinor === null || lows.length === 0) return null;
  let first = lows.length;
  while (first > 0 && (lows[first - 1] as DailyLowEntry).low <= currentMinor) first -= 1;
  const began = lows[first];
  if (!began || first === 0) return null;
  if (today.getTime() - began.day.getTime() > WINDOW_MS) return null;
  const windowStart = began.day.getTime() - WINDOW_MS;
  const before = lows.slice(0, first).filter((entry) => entry.day.getTime() >= windowStart);
  if (before.length === 0) return null;
  const wasMinor = Math.min(...before.map((entry) => entry.low));
  return wasMinor > currentMinor ? { wasMinor, reducedAt: began.day } : null;
}

/** The lowest daily low (the latest day on ties) among `lows`. */
export function lowestDay(lows: readonly DailyLowEntry[]): DailyLowEntry | null {
  let best: DailyLowEntry | null = null;
  for (const entry of lows) if (!best || entry.low <= best.low) best = entry;
  return best;
}
