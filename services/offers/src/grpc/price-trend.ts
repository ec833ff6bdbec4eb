import type { GetPriceTrendRequest, GetPriceTrendResponse } from '@pc/proto/offers/v1/offers';
import { DAY_MS, startOfUtcDay } from '../domain/daily-lows.js';
import type { MoneyRecord } from '../domain/money.js';
import { lowestDay, productReduction, REDUCTION_WINDOW_DAYS } from '../domain/price-reduction.js';
import { DEFAULT_TREND_WINDOW_DAYS, priceTrend, trendReference } from '../domain/price-trend.js';
import { currentFigures } from '../workflows/current-prices.js';
import { HISTORY_RETENTION_DAYS } from '../workflows/freshness-sweep.js';
import type { OffersDependencies } from './dependencies.js';
import { RequestChecks } from './request-fields.js';

/** The first day of history the trend reads: the whole history kept before `now`'s day. */
export const trendHistoryStart = (now: Date): Date =>
  new Date(startOfUtcDay(now).getTime() - HISTORY_RETENTION_DAYS * DAY_MS);

/**
 * GetPriceTrend: the trend rule of domain/price-trend.ts over a window of `window_days` full UTC
 * days before today — the same rule, and with the default window the same numbers, as the
 * summaries' trend and price_drop_percent.
 */
export async function getPriceTrend(
  request: GetPriceTrendRequest,
  deps: OffersDependencies,
): Promise<GetPriceTrendResponse> {
  const checks = new RequestChecks();
  const productId = checks.id('product_id', request.productId);
  const country = checks.country('country', request.country, { required: true });
  const displayCurrency = checks.currency('display_currency', request.displayCurrency);
  const windowDays = request.windowDays || DEFAULT_TREND_WINDOW_DAYS;
  if (!Number.isInteger(windowDays) || windowDays < 1 || windowDays > 365)
    checks.add('window_days', 'must be between 1 and 365', 'between');
  checks.done();

  const now = deps.clock();
  const today = startOfUtcDay(now);
  const since = new Date(today.getTime() - windowDays * DAY_MS);
  const [active, book] = await Promise.all([deps.offers.activeOfProduct(productId, country), deps.fx.current()]);
  const figures = currentFigures(active, country, now, deps.rules, book);
  // The whole history kept, today included: the trend's window is a part of it, and the lowest
  // prices and the product's true "was" price (price-reduction.ts) read the rest.
  const allLows = await deps.history.dailyLows(productId, country, trendHistoryStart(now), now, figures.currency, now);
  const lows = allLows.filter((entry) => entry.day >= since && entry.day < today);
  const reference = trendReference(lows.map((entry) => entry.low));
  const recent = lowestDay(
    allLows.filter((entry) => entry.day.getTime() > today.getTime() - REDUCTION_WINDOW_DAYS * DAY_MS),
  );
  const ever = lowestDay(allLows);
  const reduction = productReduction(allLows, figures.lowestMinor, today);
  const result = priceTrend(figures.lowestMinor, reference, windowDays);
  const shown = (amountMinor: number | null): MoneyRecord | undefined => {
    if (amountMinor === null) return undefined;
    const money = { amountMinor, currency: figures.currency };
    if (!displayCurrency || displayCurrency === money.currency) return money;
    return book.convert(money, displayCurrency, now)?.money ?? money;
  };
  return {
    trend: result.trend,
    currentPrice: shown(figures.lowestMinor),
    referencePrice: shown(reference.averageMinor),
    change: shown(result.changeMinor),
    changePercent: result.changePercent,
    since,
    lowest30Days: shown(recent?.low ?? null),
    lowest30DaysAt: recent?.day,
    lowestEver: shown(ever?.low ?? null),
    lowestEverAt: ever?.day,
    wasPrice: shown(reduction?.wasMinor ?? null),
    reducedAt: reduction?.reducedAt,
  };
}
