import type { Availability } from '@pc/proto/common/v1/commerce';

/**
 * One point of an offer's price history: from `t` on, the offer was listed at price `p` (minor
 * units of `c`) with availability `a`, until the next point. `p` null means "not listed" (it went
 * stale, or its shop was suspended or deleted). Short keys: a year of points is stored per offer.
 */
export interface PriceState {
  /** ISO time the state began. */
  readonly t: string;
  readonly p: number | null;
  readonly c: string;
  readonly a: Availability;
}

/** Same listing, price and availability (the time aside): no new point is needed. */
export function sameState(a: PriceState | null, b: PriceState | null): boolean {
  if (a === null || b === null) return a === b;
  return a.p === b.p && a.c === b.c && a.a === b.a;
}
