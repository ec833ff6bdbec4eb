/**
 * The periods of a shop's click report (ADR 135), read from its GET parameters: `month`
 * ("YYYY-MM", UTC — the month affiliates' product and country splits cover) and `days`, the
 * per-day chart's last 7, 30 or 90 days. Pure, so the page, the CSV and the tests read them alike.
 */

/** The per-day chart's choices, in days ending today (UTC). */
export const CHART_DAYS = [7, 30, 90] as const;
export type ChartDays = (typeof CHART_DAYS)[number];
export const DEFAULT_CHART_DAYS: ChartDays = 30;

const DAY_MS = 86_400_000;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A parameter the report does not take, named as the URL names it. */
export class ReportFieldError extends Error {
  constructor(
    readonly field: 'month' | 'days',
    readonly reason: string,
    /** The failed rule (spec §5's catalogue), for a translated message. */
    readonly rule: 'regex' | 'in',
  ) {
    super(`${field}: ${reason}`);
    this.name = 'ReportFieldError';
  }
}

export const utcMonthOf = (date: Date): string => date.toISOString().slice(0, 7);

function monthIndex(month: string): number {
  const [, year, number] = MONTH.exec(month) ?? [];
  return Number(year) * 12 + Number(number) - 1;
}

const monthOfIndex = (index: number): string =>
  `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;

/**
 * The months a shop's report offers, newest first: this month (UTC) back to the month the shop
 * was registered. Affiliates keeps its click statistics without an end (folded day, tally and
 * month documents are never deleted), so the shop's registration is the only bound: no click on
 * the shop can be older. A shop without a readable registration offers this month only.
 */
export function reportMonths(registeredAt: string | Date | undefined, now: Date): string[] {
  const current = monthIndex(utcMonthOf(now));
  const registered = registeredAt ? new Date(registeredAt) : null;
  const first =
    registered && !Number.isNaN(registered.getTime()) ? Math.min(monthIndex(utcMonthOf(registered)), current) : current;
  return Array.from({ length: current - first + 1 }, (_, i) => monthOfIndex(current - i));
}

/** `month` of the URL: one of `months` (the newest when absent); anything else a ReportFieldError. */
export function parseReportMonth(value: string | null, months: readonly string[]): string {
  const month = (value ?? '').trim();
  if (!month) return months[0]!;
  if (!MONTH.test(month)) throw new ReportFieldError('month', 'must be a month such as "2026-03"', 'regex');
  if (!months.includes(month))
    throw new ReportFieldError(
      'month',
      `must be a month of the report, from ${months[months.length - 1]} to ${months[0]}`,
      'in',
    );
  return month;
}

/** `days` of the URL: 7, 30 or 90 (30 when absent); anything else a ReportFieldError. */
export function parseChartDays(value: string | null): ChartDays {
  const text = (value ?? '').trim();
  if (!text) return DEFAULT_CHART_DAYS;
  const days = CHART_DAYS.find((choice) => String(choice) === text);
  if (!days) throw new ReportFieldError('days', `must be one of ${CHART_DAYS.join(', ')}`, 'in');
  return days;
}

/**
 * The per-day window of a month as clickStatsView takes it (`days` ending at `now`): every UTC
 * day of a past month, and of this month the days up to today — plus the day before the month,
 * since the window starts `days - 1` days before `now` and must not be empty on the 1st. The
 * caller keeps the days of the month (`inMonth`).
 */
export function monthWindow(month: string, now: Date): { now: Date; days: number } {
  const start = Date.parse(`${month}-01T00:00:00Z`);
  const next = monthIndex(month) + 1;
  const end = Math.min(Date.parse(`${monthOfIndex(next)}-01T00:00:00Z`) - 1, now.getTime());
  return { now: new Date(end), days: Math.floor((end - start) / DAY_MS) + 2 };
}

/** Whether a day ("YYYY-MM-DD") lies in the month ("YYYY-MM"). */
export const inMonth = (day: string, month: string): boolean => day.startsWith(`${month}-`);
