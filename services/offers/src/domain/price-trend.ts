import { PriceTrend } from '@pc/proto/common/v1/commerce';
import { divideRounded } from './fx-arithmetic.js';

/**
 * The price trend rule (spec §4: down, stable, up), used by GetPriceTrend and every
 * ProductPriceSummary:
 *
 *   reference = the average of the daily lows over the window: the `windowDays` full UTC days
 *               before today (30 by default); days without offers do not count;
 *   change    = current lowest price − reference, in percent of the reference;
 *   DOWN      when change ≤ −2 %, UP when change ≥ +2 %, STABLE in between;
 *   UNSPECIFIED without a current price or with fewer than 7 days of lows in the window
 *               (fewer than windowDays when the window is shorter).
 *
 * The average (not the window's minimum) keeps one flash-sale day from hiding a rise, and
 * comparing the current price lets a drop show on the day it happens. price_drop_percent (the
 * search's "price drop" sort) is the same change seen as a drop: −change when cheaper, else 0.
 */
export const DEFAULT_TREND_WINDOW_DAYS = 30;
export const MIN_TREND_HISTORY_DAYS = 7;
export const TREND_THRESHOLD_PERCENT = 2;

export interface TrendReference {
  /** Average of the window's daily lows in minor units (rounded half-up); null without lows. */
  readonly averageMinor: number | null;
  /** Days with a low in the window. */
  readonly days: number;
}

export interface TrendResult {
  readonly trend: PriceTrend;
  readonly changeMinor: number | null;
  /** change / reference × 100, to 2 decimals; 0 when unknown. */
  readonly changePercent: number;
  /** −changePercent when cheaper, to 1 decimal; 0 otherwise or without a trend. */
  readonly priceDropPercent: number;
}

export function trendReference(dailyLows: readonly number[]): TrendReference {
  if (dailyLows.length === 0) return { averageMinor: null, days: 0 };
  const sum = dailyLows.reduce((total, low) => total + BigInt(low), 0n);
  return { averageMinor: Number(divideRounded(sum, BigInt(dailyLows.length))), days: dailyLows.length };
}

const round = (value: number, digits: number): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

export function priceTrend(
  currentMinor: number | null,
  reference: TrendReference,
  windowDays = DEFAULT_TREND_WINDOW_DAYS,
): TrendResult {
  const needed = Math.min(MIN_TREND_HISTORY_DAYS, windowDays);
  const { averageMinor } = reference;
  if (currentMinor === null || averageMinor === null || averageMinor <= 0 || reference.days < needed) {
    return { trend: PriceTrend.PRICE_TREND_UNSPECIFIED, changeMinor: null, changePercent: 0, priceDropPercent: 0 };
  }
  const changeMinor = currentMinor - averageMinor;
  const changePercent = round((changeMinor * 100) / averageMinor, 2);
  const trend =
    changePercent <= -TREND_THRESHOLD_PERCENT
      ? PriceTrend.PRICE_TREND_DOWN
      : changePercent >= TREND_THRESHOLD_PERCENT
        ? PriceTrend.PRICE_TREND_UP
        : PriceTrend.PRICE_TREND_STABLE;
  return { trend, changeMinor, changePercent, priceDropPercent: changePercent < 0 ? round(-changePercent, 1) : 0 };
}
