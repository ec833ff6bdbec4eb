import { stringify } from 'csv-stringify/sync';
import type { PriceStanding } from './price-standing.server';

/** The columns of the price standing's CSV: one row per product another shop is cheaper at. */
export const PRICE_STANDING_COLUMNS = [
  'country',
  'currency',
  'product_id',
  'product_name',
  'product_url',
  'your_price',
  'lowest_price',
  'cheapest_shop',
  'gap',
  'gap_percent',
  'shops',
  'shipping_included',
] as const;

const decimal = (minor: number) => (minor / 100).toFixed(2);

/**
 * The products a shop is not the cheapest of as CSV text (ADR 144), the biggest gap first, written
 * as the click report's CSV is (ADR 135): UTF-8 with a byte order mark, every non-empty field
 * quoted, CRLF between records, and a cell starting like a formula escaped — product and shop
 * names come from feeds and must never run in the owner's spreadsheet. Amounts in the country's
 * currency with two decimals, the gap in percent with one.
 */
export function priceStandingCsv(standing: PriceStanding, productUrl: (productId: string) => string): string {
  const rows = standing.products.map((row) => [
    standing.country,
    standing.currency,
    row.productId,
    row.name ?? '',
    productUrl(row.productId),
    decimal(row.priceMinor),
    decimal(row.lowestMinor),
    row.cheapestShopName,
    decimal(row.gapMinor),
    row.gapPercent.toFixed(1),
    row.shopsCount,
    row.shippingStated ? 'yes' : 'no',
  ]);
  return stringify(rows, {
    header: true,
    columns: [...PRICE_STANDING_COLUMNS],
    bom: true,
    quoted: true,
    record_delimiter: 'windows',
    escape_formulas: true,
  });
}
