import type { Money } from '@pc/proto/common/v1/money';
import type { GetPriceHistoryResponse } from '@pc/proto/offers/v1/offers';
import { availabilityKey } from './enum-keys.server';
import { isoTime, moneyJson } from './money.server';
import { shopRefJson } from './offer.server';

/** A point of a series needs only its amount: every amount of a history is in its `currency`. */
const amountOf = (money: Money | undefined): number | null => (money && money.currency ? money.amountMinor : null);

function extremeJson(money: Money | undefined, at: Date | undefined) {
  const json = moneyJson(money);
  return json ? { ...json, at: isoTime(at) } : null;
}

/**
 * A product's price history in one country (spec §7: the whole answer is the history): the
 * daily lows for a chart, the extremes of the range, the current low and, on request, each
 * offer's own series. Amounts are minor units of `currency`.
 */
export function priceHistoryJson(history: GetPriceHistoryResponse) {
  return {
    productId: history.productId,
    country: history.country,
    currency: history.currency,
    range: { from: isoTime(history.timeRange?.start), to: isoTime(history.timeRange?.end) },
    points: history.dailyLows.map((day) => ({
      date: isoTime(day.day)?.slice(0, 10) ?? null,
      low: amountOf(day.low),
      high: amountOf(day.high),
      offers: day.offersCount,
    })),
    lowest: extremeJson(history.lowestPrice, history.lowestPriceAt),
    highest: extremeJson(history.highestPrice, history.highestPriceAt),
    current: moneyJson(history.currentPrice),
    offers: history.offers.map((series) => ({
      identifier: series.offerId,
      shop: shopRefJson(series.shop),
      points: series.points.map((point) => ({
        at: isoTime(point.at),
        amount: amountOf(point.price),
        availability: availabilityKey(point.availability),
      })),
    })),
  };
}
