import { clickStatsView, monthProductClicks } from '~/services/affiliates.server';
import { productNames } from './click-stats.server';
import { inMonth, monthWindow, type ChartDays } from './click-report-period';

/** The report's days and months are UTC days and months: the months affiliates splits products and countries by. */
const REPORT_TIME_ZONE = 'UTC';
/** The products the report page lists; its CSV lists every product of the month. */
export const REPORT_TOP_PRODUCTS = 100;

export interface DayClicks {
  readonly day: string;
  readonly clicks: number;
}

/** A month of one shop's clicks: every day, its products by name (the most clicked, or all), the countries. */
export interface MonthClicks {
  readonly shopId: string;
  /** "YYYY-MM" (UTC). */
  readonly month: string;
  readonly total: number;
  /** The month's UTC days, oldest first (this month: up to today), days without clicks included. */
  readonly daily: readonly DayClicks[];
  /**
   * Most clicks first, then by id: the top REPORT_TOP_PRODUCTS, or every product with
   * `allProducts`; `name` null when the catalogue no longer has the product.
   */
  readonly products: readonly { productId: string; name: string | null; clicks: number }[];
  /** Products clicked in the month in all (the CSV lists every one, the page at most 100). */
  readonly productCount: number;
  /** ISO 3166-1 alpha-2 (empty when the site country was not known), most clicks first. */
  readonly countries: readonly { country: string; clicks: number }[];
}

/**
 * A month of an owner's shop's clicks for the click report and its CSV: GetClickStats with the
 * month's days as the per-day range (UTC) and its countries, and the month's products from
 * ListMonthProductClicks — the first 100 for the page, every one (paged through) for the CSV
 * (`allProducts`) — named by the catalogue. Affiliates checks the actor owns the shop; its
 * RpcError reaches the caller.
 */
export async function monthClicks(
  actorUserId: string,
  shopId: string,
  options: { month: string; language: string; now?: Date; allProducts?: boolean },
): Promise<MonthClicks> {
  const window = monthWindow(options.month, options.now ?? new Date());
  const [[stats], listed] = await Promise.all([
    clickStatsView(actorUserId, [shopId], {
      timeZone: REPORT_TIME_ZONE,
      days: window.days,
      now: window.now,
      month: options.month,
      topProducts: 1,
    }),
    monthProductClicks(actorUserId, shopId, options.month, options.allProducts ? Infinity : REPORT_TOP_PRODUCTS),
  ]);
  const names = await productNames(
    listed.products.map((p) => p.productId),
    options.language,
  );
  const daily = (stats?.daily ?? []).filter((d) => inMonth(d.day, options.month));
  return {
    shopId,
    month: options.month,
    total: daily.reduce((sum, d) => sum + d.clicks, 0),
    daily,
    products: listed.products.map((p) => ({
      productId: p.productId,
      name: names[p.productId] ?? null,
      clicks: p.clicks,
    })),
    productCount: listed.total,
    countries: stats?.countries ?? [],
  };
}

/** The clicks of the last `days` UTC days up to today, oldest first, for the report's chart. */
export async function recentDailyClicks(
  actorUserId: string,
  shopId: string,
  options: { days: ChartDays; now?: Date },
): Promise<{ daily: readonly DayClicks[]; total: number }> {
  const [view] = await clickStatsView(actorUserId, [shopId], {
    timeZone: REPORT_TIME_ZONE,
    days: options.days,
    now: options.now,
    topProducts: 1,
  });
  const daily = view?.daily ?? [];
  return { daily, total: daily.reduce((sum, d) => sum + d.clicks, 0) };
}
