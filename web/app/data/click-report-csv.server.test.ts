import { parse } from 'csv-parse/sync';
import { clickReportCsv } from './click-report-csv.server';
import type { MonthClicks } from './click-report.server';

const report: MonthClicks = {
  shopId: 'sh_1',
  month: '2026-11',
  total: 9,
  daily: [
    { day: '2026-11-01', clicks: 0 },
    { day: '2026-11-02', clicks: 9 },
  ],
  products: [
    { productId: 'p1', name: 'Kopfhörer "Studio", schwarz\nneu', clicks: 5 },
    { productId: 'p2', name: '=HYPERLINK("https://evil.example","Klick")', clicks: 3 },
    { productId: 'p3', name: null, clicks: 1 },
  ],
  productCount: 3,
  countries: [
    { country: 'CH', clicks: 8 },
    { country: '', clicks: 1 },
  ],
};

const csv = clickReportCsv(report, (id) => `https://site.test/en-ch/products/${id}`);

describe('clickReportCsv', () => {
  it('writes one header and a row per day, product and country, each non-empty field quoted, CRLF-ended, after a BOM', () => {
    expect(csv.startsWith('\uFEFF"section","month","day","product_id","product_name"')).toBe(true);
    expect(csv.split('\r\n')[1]).toBe('"day","2026-11","2026-11-01",,,,,"0"');
    expect(csv.endsWith('"country","2026-11",,,,,,"1"\r\n')).toBe(true);
  });

  it('reads back to the report: quotes, commas and line breaks in names kept, a missing name empty', () => {
    const rows: Record<string, string>[] = parse(csv, { bom: true, columns: true });
    expect(rows.map((row) => [row.section, row.day || row.product_id || row.country, row.clicks])).toEqual([
      ['day', '2026-11-01', '0'],
      ['day', '2026-11-02', '9'],
      ['product', 'p1', '5'],
      ['product', 'p2', '3'],
      ['product', 'p3', '1'],
      ['country', 'CH', '8'],
      ['country', '', '1'],
    ]);
    expect(rows[2]).toMatchObject({
      product_name: 'Kopfhörer "Studio", schwarz\nneu',
      product_url: 'https://site.test/en-ch/products/p1',
    });
    expect(rows[4]?.product_name).toBe('');
  });

  it('escapes a name that a spreadsheet would run as a formula', () => {
    const rows: Record<string, string>[] = parse(csv, { bom: true, columns: true });
    expect(rows[3]?.product_name).toBe(`'=HYPERLINK("https://evil.example","Klick")`);
  });
});
