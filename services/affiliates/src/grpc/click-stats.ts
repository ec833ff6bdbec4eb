import type { GetClickStatsRequest, GetClickStatsResponse } from '@pc/proto/affiliates/v1/affiliates';
import type { ShopClickStats } from '@pc/proto/affiliates/v1/types';
import { FieldChecks } from '@pc/kit/errors/field-checks';
import { nextMonth, utcMonth } from '../domain/click-buckets.js';
import { dailyClicks, todayAndMonth, topCounts, topOfDisjoint, utcDaysCovering } from '../domain/click-stats.js';
import { calendarOf, DAY_MS, type ZonedCalendar } from '../domain/zoned-time.js';
import type { ClickAggregateRepository } from '../store/click-aggregate-repository.js';
import type { ShopAccess } from './shop-access.js';

const MAX_SHOPS = 100;
const MAX_RANGE_DAYS = 400;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export interface ClickStatsDependencies {
  readonly aggregates: ClickAggregateRepository;
  readonly access: ShopAccess;
  readonly clock: () => Date;
}

export interface StatsQuery {
  readonly shopIds: string[];
  readonly calendar: ZonedCalendar;
  readonly range: { start: number; end: number } | null;
  readonly month: string;
  readonly topLimit: number;
}

function parseQuery(request: GetClickStatsRequest, now: Date): StatsQuery {
  const checks = new FieldChecks();
  const shopIds = request.shopIds.map((id) => id.trim());
  if (shopIds.length === 0) checks.add('shop_ids', 'is required', 'required');
  checks.maxItems('shop_ids', shopIds.length, MAX_SHOPS);
  shopIds.forEach((id, i) => (!id ? checks.add(`shop_ids[${i}]`, 'is required', 'required') : undefined));
  checks.distinct('shop_ids', shopIds, 'the shop');
  let calendar: ZonedCalendar | null = null;
  try {
    calendar = calendarOf(request.timeZone.trim() || 'Europe/Zurich');
  } catch {
    checks.add('time_zone', 'must be an IANA time zone such as "Europe/Zurich"', 'timezone');
  }
  let range: StatsQuery['range'] = null;
  if (request.range) {
    const start = request.range.start?.getTime() ?? Number.NaN;
    const end = request.range.end?.getTime() ?? Number.NaN;
    if (Number.isNaN(start) || Number.isNaN(end)) checks.add('range', 'needs a start and an end', 'required');
    else if (end <= start) checks.add('range.end', 'must be after range.start', 'after');
    else if (end - start > MAX_RANGE_DAYS * DAY_MS)
      checks.add('range', `must span at most ${MAX_RANGE_DAYS} days`, 'max', { max: String(MAX_RANGE_DAYS) });
    else range = { start, end };
  }
  const month = request.month.trim() || utcMonth(now);
  if (!MONTH.test(month)) checks.add('month', 'must be a month such as "2026-03"', 'regex');
  const topLimit =
    request.topProductsLimit === 0 ? 10 : checks.intBetween('top_products_limit', request.topProductsLimit, 1, 100);
  checks.done();
  return { shopIds, calendar: calendar!, range, month, topLimit };
}

/**
 * GetClickStats (business dashboard, spec §3 Shop: clicks today, this month): for each shop,
 * today and this month in the asked time zone, the per-day series over a range, and the
 * month's product top list and country split — all from the folded aggregates (ADR 043a) through
 * their month documents (ADR 070), read by computed ids, so the cost grows with the months asked,
 * not with a shop's clicks or products.
 */
export async function getClickStats(
  request: GetClickStatsRequest,
  deps: ClickStatsDependencies,
): Promise<GetClickStatsResponse> {
  const now = deps.clock();
  const query = parseQuery(request, now);
  await deps.access.requireReader(request.actorUserId, query.shopIds);
  const shops = await Promise.all(
    query.shopIds.map((shopId) => shopStats(shopId, query, now.getTime(), deps.aggregates)),
  );
  return { shops };
}

/** One shop's statistics (the caller checked the reader). */
export async function shopStats(
  shopId: string,
  query: StatsQuery,
  now: number,
  aggregates: ClickAggregateRepository,
): Promise<ShopClickStats> {
  const { calendar, range, month } = query;
  const midnights = range ? calendar.midnightsBetween(range.start, range.end - 1) : [];
  const monthStart = calendar.startOfMonth(now);
  const monthDays = utcDaysCovering(
    Date.parse(`${month}-01T00:00:00Z`),
    Date.parse(`${nextMonth(month)}-01T00:00:00Z`),
  );
  const days = new Set([...utcDaysCovering(monthStart, now + 1), ...monthDays]);
  if (range) for (const day of utcDaysCovering(midnights[0]!, midnights[midnights.length - 1]!)) days.add(day);
  const { days: dayCounts, shardTops } = await aggregates.shopClicks(shopId, [...days], month);
  const { today, month: thisMonth } = todayAndMonth(dayCounts, calendar, now);
  const inMonth = dayCounts.filter((doc) => doc.day.startsWith(month));
  return {
    shopId,
    clicksToday: today,
    clicksThisMonth: thisMonth,
    daily: range ? dailyClicks(dayCounts, midnights) : [],
    topProducts: topOfDisjoint(shardTops, query.topLimit).map(([productId, clicks]) => ({ productId, clicks })),
    countries: topCounts(
      inMonth.map((doc) => doc.countries),
      250,
    ).map(([country, clicks]) => ({ country, clicks })),
    month,
  };
}
