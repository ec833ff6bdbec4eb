import {
  PriceHistoryRange,
  type GetPriceHistoryRequest,
  type GetPriceHistoryResponse,
} from '@pc/proto/offers/v1/offers';
import type { OfferPriceSeries } from '@pc/proto/offers/v1/types';
import { DAY_MS, dailyLows, startOfUtcDay, type DailyLowEntry, type DayConverter } from '../domain/daily-lows.js';
import { toShopRef } from '../domain/shop-message.js';
import { HISTORY_RETENTION_DAYS } from '../workflows/freshness-sweep.js';
import { comparisonCurrency, currentFigures } from '../workflows/current-prices.js';
import { dayConverter, type OfferSeries } from '../workflows/price-history-reader.js';
import type { OffersDependencies } from './dependencies.js';
import { enumValues, RequestChecks } from './request-fields.js';

/** Days of the predefined ranges, ending now (UNSPECIFIED is three months). */
const RANGE_DAYS: Record<PriceHistoryRange, number> = {
  [PriceHistoryRange.PRICE_HISTORY_RANGE_UNSPECIFIED]: 91,
  [PriceHistoryRange.PRICE_HISTORY_RANGE_ONE_MONTH]: 30,
  [PriceHistoryRange.PRICE_HISTORY_RANGE_THREE_MONTHS]: 91,
  [PriceHistoryRange.PRICE_HISTORY_RANGE_SIX_MONTHS]: 182,
  [PriceHistoryRange.PRICE_HISTORY_RANGE_ONE_YEAR]: 365,
  [PriceHistoryRange.PRICE_HISTORY_RANGE_ALL]: HISTORY_RETENTION_DAYS,
};
const MAX_RANGE_MS = HISTORY_RETENTION_DAYS * DAY_MS;

function resolveRange(request: GetPriceHistoryRequest, now: Date, checks: RequestChecks): { start: Date; end: Date } {
  const explicit = request.timeRange && (request.timeRange.start || request.timeRange.end);
  if (!explicit) {
    const range = checks.oneOf('range', request.range, enumValues(PriceHistoryRange)) as PriceHistoryRange;
    const days = RANGE_DAYS[range] ?? RANGE_DAYS[PriceHistoryRange.PRICE_HISTORY_RANGE_UNSPECIFIED];
    // Whole UTC days: the first day of the range is complete.
    return { start: new Date(startOfUtcDay(now).getTime() - (days - 1) * DAY_MS), end: now };
  }
  // An open bound is the retention limit (start) or now (end).
  const end = request.timeRange?.end ?? now;
  const start = request.timeRange?.start ?? new Date(end.getTime() - MAX_RANGE_MS);
  if (end.getTime() <= start.getTime()) checks.add('time_range.end', 'must be after time_range.start', 'after');
  if (end.getTime() - start.getTime() > MAX_RANGE_MS)
    checks.add('time_range', 'must not span more than 3 years', 'max');
  return { start, end: end.getTime() > now.getTime() ? now : end };
}

/**
 * GetPriceHistory: the daily low series (each UTC day's lowest and highest listed price and the
 * number of offers listed that day; days without a change carry the prices in effect forward;
 * days without offers are absent), optionally each offer's change points, all in the country's
 * currency or display_currency (converted with the rate of each day). lowest/highest are the
 * extremes of the daily-low line (the chart), each at the latest day it occurred.
 */
export async function getPriceHistory(
  request: GetPriceHistoryRequest,
  deps: OffersDependencies,
): Promise<GetPriceHistoryResponse> {
  const checks = new RequestChecks();
  const productId = checks.id('product_id', request.productId);
  const country = checks.country('country', request.country, { required: true });
  const displayCurrency = checks.currency('display_currency', request.displayCurrency);
  const now = deps.clock();
  const { start, end } = resolveRange(request, now, checks);
  checks.done();

  const [series, active, book] = await Promise.all([
    end > start ? deps.history.series(productId, country, start, end, now) : Promise.resolve([]),
    deps.offers.activeOfProduct(productId, country),
    deps.fx.current(),
  ]);
  const home = comparisonCurrency(country, active);
  // Display conversion needs some rate between the currencies; without one, stay in the country's.
  const currency =
    displayCurrency && (displayCurrency === home || book.resolve(home, displayCurrency, now, { earliestIfNone: true }))
      ? displayCurrency
      : home;
  const convert = dayConverter(book, currency);
  const lows = dailyLows(series, start, end, convert);
  const figures = currentFigures(active, country, now, deps.rules, book);
  const current =
    figures.lowestMinor === null ? null : convert(figures.lowestMinor, figures.currency, startOfUtcDay(now));
  const lowest = extreme(lows, (a, b) => a <= b);
  const highest = extreme(lows, (a, b) => a >= b);
  const money = (amountMinor: number) => ({ amountMinor, currency });
  return {
    productId,
    country,
    currency,
    timeRange: { start, end },
    dailyLows: lows.map((entry) => ({
      day: entry.day,
      low: money(entry.low),
      high: money(entry.high),
      offersCount: entry.offersCount,
    })),
    offers: request.includeOffers ? await offerSeries(series, start, convert, currency, deps) : [],
    lowestPrice: lowest ? money(lowest.low) : undefined,
    lowestPriceAt: lowest?.day,
    highestPrice: highest ? money(highest.low) : undefined,
    highestPriceAt: highest?.day,
    currentPrice: current === null ? undefined : money(current),
  };
}

/** The day whose low wins `better` against all others (later days win ties). */
function extreme(lows: readonly DailyLowEntry[], better: (a: number, b: number) => boolean): DailyLowEntry | undefined {
  let best: DailyLowEntry | undefined;
  for (const entry of lows) if (!best || better(entry.low, best.low)) best = entry;
  return best;
}

/** Each offer's change points in the range, starting with the state in effect at its start. */
async function offerSeries(
  series: readonly OfferSeries[],
  start: Date,
  convert: DayConverter,
  currency: string,
  deps: OffersDependencies,
): Promise<OfferPriceSeries[]> {
  const shops = new Map((await deps.shops.getMany(series.map((s) => s.shopId))).map((shop) => [shop._id, shop]));
  return series.map((entry) => {
    const points = [...(entry.opening ? [{ ...entry.opening, t: start.toISOString() }] : []), ...entry.points];
    const shop = shops.get(entry.shopId);
    return {
      offerId: entry.offerId,
      shop: shop ? toShopRef(shop) : undefined,
      points: points.map((point) => {
        const at = new Date(point.t);
        const amount = point.p === null ? null : convert(point.p, point.c, startOfUtcDay(at));
        // A point without price: the offer stopped being listed then.
        return { at, price: amount === null ? undefined : { amountMinor: amount, currency }, availability: point.a };
      }),
    };
  });
}
