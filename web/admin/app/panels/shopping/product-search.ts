/**
 * What the products table's search box holds. Digits (spaces and dashes between them allowed, as
 * barcodes are printed) are a GTIN when 8, 12, 13 or 14 of them, not all zero: catalog normalises
 * it and verifies its check digit (FindProductsByGtin, the GTIN rules' one home), so a wrong check
 * digit comes back from there. Eight or more digits of another length are no GTIN, said beside
 * the box. Anything else is the start of a product's name.
 */
export type ProductSearch =
  | { readonly kind: 'none' }
  | { readonly kind: 'gtin'; readonly gtin: string }
  | { readonly kind: 'notGtin'; readonly digits: number }
  | { readonly kind: 'name'; readonly prefix: string };

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);
/** Fewer digits are a name's start ("2024 calendar"), never a GTIN. */
const SHORTEST_GTIN = 8;

export function productSearch(raw: string): ProductSearch {
  const text = raw.trim();
  if (text === '') return { kind: 'none' };
  if (/^\d[\d\s-]*$/.test(text) && /\d$/.test(text)) {
    const digits = text.replace(/[\s-]+/g, '');
    if (digits.length >= SHORTEST_GTIN) {
      return GTIN_LENGTHS.has(digits.length) && !/^0+$/.test(digits)
        ? { kind: 'gtin', gtin: digits }
        : { kind: 'notGtin', digits: digits.length };
    }
  }
  return { kind: 'name', prefix: text };
}
