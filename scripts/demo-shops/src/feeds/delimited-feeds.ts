import { stringify } from 'csv-stringify/sync';
import { decimalAmount } from '../render/money.js';
import { googleAvailability } from '../render/structured-data.js';
import type { FeedEntry } from './feed-rows.js';

/** "1299.90" → "1299,90" for feeds written with decimal commas. */
const commaDecimal = (amount: string): string => amount.replace('.', ',');

/**
 * A CSV or TSV feed with Google's column names. Comma files write "1299.90 CHF"; semicolon files
 * (continental spreadsheets) write "1299,90" with a currency column; TSV as comma files.
 */
export function delimitedFeed(entries: readonly FeedEntry[], delimiter: ',' | ';' | '\t'): string {
  const decimalComma = delimiter === ';';
  const header = [
    'id',
    'title',
    'description',
    'link',
    'image_link',
    'availability',
    'price',
    'sale_price',
    ...(decimalComma ? ['currency'] : []),
    'brand',
    'gtin',
    'mpn',
    'condition',
    'google_product_category',
    'product_type',
    'shipping',
  ];
  const rows = entries.map(({ item, live, url }) => {
    const { offer } = item;
    const amount = (minor: number) =>
      decimalComma
        ? commaDecimal(decimalAmount(minor, offer.currency))
        : `${decimalAmount(minor, offer.currency)} ${offer.currency}`;
    const onSale = live.listPriceMinor > 0;
    return [
      offer.shopOfferId,
      offer.title,
      offer.description,
      url,
      offer.imageUrls[0] ?? '',
      googleAvailability(live.availability),
      amount(onSale ? live.listPriceMinor : live.priceMinor),
      onSale ? amount(live.priceMinor) : '',
      ...(decimalComma ? [offer.currency] : []),
      offer.brand,
      offer.rawGtin,
      offer.mpn,
      offer.refurbished ? 'refurbished' : 'new',
      offer.googleCategoryId > 0 ? String(offer.googleCategoryId) : '',
      offer.categoryPath,
      `${offer.country}::Standard:${decimalAmount(live.shippingMinor, offer.currency)} ${offer.currency}`,
    ];
  });
  return stringify([header, ...rows], { delimiter, quote: delimiter === '\t' ? false : '"', record_delimiter: 'unix' });
}

/**
 * idealo's CSV layout: semicolons, decimal commas, `sku`, `eans`, `hans` (the MPN), `deliveryTime`,
 * a delivery-cost column per carrier and `imageUrls` separated by "|".
 */
export function idealoFeed(entries: readonly FeedEntry[]): string {
  const header = [
    'sku',
    'title',
    'brand',
    'categoryPath',
    'url',
    'hans',
    'description',
    'imageUrls',
    'eans',
    'price',
    'formerPrice',
    'deliveryTime',
    'deliveryCosts_dhl',
    'condition',
  ];
  const rows = entries.map(({ item, live, url }) => {
    const { offer } = item;
    const amount = (minor: number) => commaDecimal(decimalAmount(minor, offer.currency));
    return [
      offer.shopOfferId,
      offer.title,
      offer.brand,
      offer.categoryPath,
      url,
      offer.mpn,
      offer.description,
      offer.imageUrls.join('|'),
      offer.rawGtin,
      amount(live.priceMinor),
      live.listPriceMinor > 0 ? amount(live.listPriceMinor) : '',
      live.deliveryTime,
      amount(live.shippingMinor),
      offer.refurbished ? 'refurbished' : 'new',
    ];
  });
  return stringify([header, ...rows], { delimiter: ';', record_delimiter: 'unix' });
}
