import { normaliseGtin } from './gtin.js';
import type { OfferFlag } from './extracted-offer.js';
import { parsePriceText, type ParsedPrice } from './price-text.js';

/** A URL from a page, resolved against the page; '' when it is not an http(s) URL. */
export function absoluteUrl(value: string, pageUrl: string): string {
  if (!value) return '';
  try {
    const url = new URL(value, pageUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}

/** The GTIN fields of an offer: normalised (or '') with the raw value and a flag when it fails. */
export function gtinFields(raw: string): { gtin: string; rawGtin: string; flags: OfferFlag[] } {
  if (!raw) return { gtin: '', rawGtin: '', flags: [] };
  const reading = normaliseGtin(raw);
  return reading.ok
    ? { gtin: reading.gtin, rawGtin: raw, flags: [] }
    : { gtin: '', rawGtin: raw, flags: [reading.problem] };
}

/** A price field: the price, or null and the flag that says why. */
export function priceFields(text: string, currency: string | null): { price: ParsedPrice | null; flags: OfferFlag[] } {
  const reading = parsePriceText(text, currency);
  return reading.ok ? { price: reading.price, flags: [] } : { price: null, flags: [reading.problem] };
}
