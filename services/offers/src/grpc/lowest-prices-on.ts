import type { GetLowestPricesOnRequest, GetLowestPricesOnResponse, LowestPriceOn } from '@pc/proto/offers/v1/offers';
import { DAY_MS, dailyLows, startOfUtcDay } from '../domain/daily-lows.js';
import { comparisonCurrency } from '../workflows/current-prices.js';
import { HISTORY_RETENTION_DAYS } from '../workflows/freshness-sweep.js';
import { dayConverter } from '../workflows/price-history-reader.js';
import type { OffersDependencies } from './dependencies.js';
import { RequestChecks } from './request-fields.js';

const MAX_ITEMS = 100;
/** Products whose history is read at once: a full request does not take every store connection. */
const READS_AT_ONCE = 8;

interface AskedDay {
  readonly productId: string;
  readonly day: Date;
}

/**
 * GetLowestPricesOn (ADR 143): each pair's daily low, the same figure GetPriceHistory charts for
 * that day. A product's history is read once for all its days asked (from the first to the last),
 * products side by side a few at a time; a day not begun or older than the history kept has no low.
 */
export async function getLowestPricesOn(
  request: GetLowestPricesOnRequest,
  deps: OffersDependencies,
): Promise<GetLowestPricesOnResponse> {
  const checks = new RequestChecks();
  if (request.items.length === 0) checks.add('items', 'at least one product and day', 'required');
  if (request.items.length > MAX_ITEMS) checks.add('items', `at most ${MAX_ITEMS} products and days`, 'max');
  const asked = request.items.slice(0, MAX_ITEMS).map((item, index): AskedDay => {
    const productId = checks.id(`items[${index}].product_id`, item.productId);
    if (!item.day) checks.add(`items[${index}].day`, 'is required', 'required');
    return { productId, day: startOfUtcDay(item.day ?? new Date(0)) };
  });
  const country = checks.country('country', request.country, { required: true });
  const displayCurrency = checks.currency('display_currency', request.displayCurrency);
  checks.done();

  const now = deps.clock();
  const oldest = startOfUtcDay(new Date(now.getTime() - HISTORY_RETENTION_DAYS * DAY_MS));
  const distinct = new Map<string, AskedDay>();
  for (const pair of asked)
    if (pair.day <= now && pair.day >= oldest) distinct.set(`${pair.productId}|${pair.day.getTime()}`, pair);
  const daysOf = new Map<string, Date[]>();
  for (const { productId, day } of distinct.values()) daysOf.set(productId, [...(daysOf.get(productId) ?? []), day]);

  const book = await deps.fx.current();
  const found = new Map<string, LowestPriceOn>();
  await eachAFew([...daysOf], READS_AT_ONCE, async ([productId, days]) => {
    const first = new Date(Math.min(...days.map((day) => day.getTime())));
    const last = Math.max(...days.map((day) => day.getTime()));
    const end = new Date(Math.min(last + DAY_MS, now.getTime()));
    const series = await deps.history.series(productId, country, first, end, now);
    const home = comparisonCurrency(
      country,
      series.flatMap((entry) => (entry.offer ? [entry.offer] : [])),
    );
    // As GetPriceHistory: without any rate between the currencies, stay in the country's.
    const currency =
      displayCurrency &&
      (displayCurrency === home || book.resolve(home, displayCurrency, now, { earliestIfNone: true }))
        ? displayCurrency
        : home;
    const lows = new Map(
      dailyLows(series, first, end, dayConverter(book, currency)).map((entry) => [entry.day.getTime(), entry]),
    );
    for (const day of days) {
      const low = lows.get(day.getTime());
      if (low)
        found.set(`${productId}|${day.getTime()}`, {
          productId,
          day,
          lowestPrice: { amountMinor: low.low, currency },
        });
    }
  });
  return { prices: [...distinct.keys()].flatMap((key) => found.get(key) ?? []) };
}

/** Runs `work` over `items`, at most `atOnce` at a time. */
async function eachAFew<T>(items: readonly T[], atOnce: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
}
