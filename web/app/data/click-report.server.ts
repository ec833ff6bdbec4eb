import { clickStatsView } from '~/services/affiliates.server';
import { ownerClickStats } from './click-stats.server';
import { inMonth, monthWindow, type ChartDays } from './click-report-period';

/** The report's days and months are UTC days and months: the months affiliates splits products and countries by. */
const REPORT_TIME_ZONE = 'UTC';
/** Affiliates' longest product top list (GetClickStats.top_products_limit). */
export const REPORT_TOP_PRODUCTS = 100;

export interface DayClicks {
  readonly day: string;
  readonly clicks: number;
}

/** A month of one shop's clicks: every day, the most clicked products by name, the countries. */
export interface MonthClicks {
  readonly shopId: string;
  /** "YYYY-MM" (UTC). */
  readonly month: string;
  readonly total: number;
  /** The month's UTC days, oldest first (this month: up to today), days without clicks included. */
  readonly daily: readonly DayClicks[];
  /** Most clicks first, at most REPORT_TOP_PRODUCTS; `name` null when the catalogue no longer has the product. */
  readonly products: readonly { productId: string; name: string | null; clicks: number }[];
  /** ISO 3166-1 alpha-2 (empty when the site country was not known), most clicks first. */
  readonly countries: readonly { country: string; clicks: number }[];
}

/**
 * A month of an owner's shop's clicks for the click report and its CSV: one GetClickStats with
 * the month's days as the per-day range (UTC) and the month's top 100 products, named by the
 * catalogue (ownerClickStats). Affiliates checks the actor owns the shop; its RpcError reaches
 * the caller.
 */
export async function monthClicks(
  actorUserId: string,
  shopId: string,
  options: { month: string; language: string; now?: Date },
): Promise<MonthClicks> {
  const window = monthWindow(options.month, options.now ?? new Date());
  const [stats] = await ownerClickStats(actorUserId, [shopId], {
    language: options.language,
    timeZone: REPORT_TIME_ZONE,
    days: window.days,
    now: window.now,
    month: options.month,
    topProducts: REPORT_TOP_PRODUCTS,
  });
  const daily = (stats?.daily ?? []).filter((d) => inMonth(d.day, options.month));
  return {
    shopId,
    month: options.month,
    total: daily.reduce((sum, d) => sum + d.clicks, 0),
    daily,
    products: (stats?.topProducts ?? []).map((p) => ({
      productId: p.productId,
      name: stats?.productNames[p.productId] ?? null,
      clicks: p.clicks,
    })),
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
