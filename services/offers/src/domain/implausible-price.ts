import type { MoneyRecord } from './money.js';

/**
 * Implausible prices (ADR 146): a price far below what the product's other offers in the country
 * ask is more likely a feed or crawl error (cents read as units) than a bargain, and would become
 * the product's lowest price, its deal and every alert's trigger. Held back until a later price
 * is plausible again or staff confirm it. Deliberately conservative: ordinary differences,
 * clearance sales and a single rival never trip it.
 */

/** Held when below this percentage of the median of the other offers. */
export const IMPLAUSIBLE_BELOW_PERCENT = 35;
/** Fewer other offers than this say nothing about what the product costs. */
export const MIN_COMPARED_OFFERS = 2;

export const IMPLAUSIBLY_LOW = 'implausibly_low';

/** An offer's hold as stored on it (OfferRecord.priceHold). */
export interface PriceHoldRecord {
  readonly reason: string;
  /** The median of the other offers when held, in `currency` (the country's comparison currency). */
  readonly medianMinor: number;
  readonly currency: string;
  readonly comparedOffers: number;
  /** ISO time it was held. */
  readonly since: string;
}

/** One offer as the rule compares it: its price in the comparison currency. */
export interface ComparedPrice {
  readonly id: string;
  readonly amountMinor: number;
  /** Staff confirmed this exact price: it counts whatever the others ask. */
  readonly confirmed: boolean;
}

/** Why an offer is held now (its `since` is kept from the stored hold while it lasts). */
export type HoldVerdict = Omit<PriceHoldRecord, 'since'>;

/**
 * The offers among `prices` (a product's fresh offers in one country) whose price is implausibly
 * low against the others'. Every other offer counts for the median, held or confirmed alike, so
 * the verdict of one offer never depends on the verdict of another.
 */
export function implausiblePrices(prices: readonly ComparedPrice[], currency: string): Map<string, HoldVerdict> {
  const held = new Map<string, HoldVerdict>();
  if (prices.length <= MIN_COMPARED_OFFERS) return held;
  const sorted = prices.map((entry) => entry.amountMinor).sort((a, b) => a - b);
  for (const entry of prices) {
    if (entry.confirmed) continue;
    const others = withoutOne(sorted, entry.amountMinor);
    const median = implausibleAgainst(entry.amountMinor, others);
    if (median !== null)
      held.set(entry.id, { reason: IMPLAUSIBLY_LOW, medianMinor: median, currency, comparedOffers: others.length });
  }
  return held;
}

/**
 * The median of the other offers' prices (ascending) when `amountMinor` is implausibly low
 * against them, else null; fewer than MIN_COMPARED_OFFERS others judge nothing.
 */
export function implausibleAgainst(amountMinor: number, othersAscending: readonly number[]): number | null {
  if (othersAscending.length < MIN_COMPARED_OFFERS) return null;
  const median = medianOf(othersAscending);
  return implausibleBeside(amountMinor, median) ? median : null;
}

/** Whether `amountMinor` is below IMPLAUSIBLE_BELOW_PERCENT of the others' median (integers, exact). */
export function implausibleBeside(amountMinor: number, medianMinor: number): boolean {
  return amountMinor * 100 < medianMinor * IMPLAUSIBLE_BELOW_PERCENT;
}

/** Whether staff confirmed the offer's current price. */
export function isConfirmedPrice(price: MoneyRecord, confirmed: MoneyRecord | null | undefined): boolean {
  return !!confirmed && confirmed.amountMinor === price.amountMinor && confirmed.currency === price.currency;
}

function withoutOne(sorted: readonly number[], value: number): number[] {
  const index = sorted.indexOf(value);
  return [...sorted.slice(0, index), ...sorted.slice(index + 1)];
}

/** The median of ascending amounts, rounded down to a minor unit (the mean of the middle two). */
function medianOf(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.floor((sorted[middle - 1]! + sorted[middle]!) / 2);
}
