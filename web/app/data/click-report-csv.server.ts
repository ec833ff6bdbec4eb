import { stringify } from 'csv-stringify/sync';
import type { MonthClicks } from './click-report.server';

/**
 * The columns of the click report's CSV: one table whose `section` says what a row counts — a
 * `day`, a `product` or a `country` of the month — so one header fits every row and any CSV
 * reader (a spreadsheet's filter, pandas, csv-parse) takes the file as it is (ADR 135).
 */
export const CLICK_REPORT_COLUMNS = [
  'section',
  'month',
  'day',
  'product_id',
  'product_name',
  'product_url',
  'country',
  'clicks',
] as const;

type Row = Readonly<Partial<Record<(typeof CLICK_REPORT_COLUMNS)[number], string | number>>>;

/**
 * A month of a shop's clicks as CSV text (RFC 4180 through csv-stringify): a header, then the
 * month's days oldest first, its products most clicks first, its countries most clicks first.
 * UTF-8 with a byte order mark (so spreadsheets read the names' accents), every non-empty field quoted,
 * CRLF between records, and a cell that starts like a formula (`=`, `+`, `-`, `@`) escaped: a
 * product's name comes from shops' feeds and must never run in the owner's spreadsheet.
 */
export function clickReportCsv(report: MonthClicks, productUrl: (productId: string) => string): string {
  const rows: Row[] = [
    ...report.daily.map((d) => ({ section: 'day', month: report.month, day: d.day, clicks: d.clicks })),
    ...report.products.map((p) => ({
      section: 'product',
      month: report.month,
      product_id: p.productId,
      product_name: p.name ?? '',
      product_url: productUrl(p.productId),
      clicks: p.clicks,
    })),
    ...report.countries.map((c) => ({ section: 'country', month: report.month, country: c.country, clicks: c.clicks })),
  ];
  return stringify(
    rows.map((row) => CLICK_REPORT_COLUMNS.map((column) => row[column] ?? '')),
    {
      header: true,
      columns: [...CLICK_REPORT_COLUMNS],
      bom: true,
      quoted: true,
      record_delimiter: 'windows',
      escape_formulas: true,
    },
  );
}
