import { typedNumber } from './typed-number';

/**
 * The price range of a list page (ADR 134) in the search page's URL: `refinements[price]=min..max`,
 * bounds in minor units (hundredths) of the page's currency, either open, as the search page and
 * GET /api/products write it, so a link between them keeps the range. Search compares a product's
 * lowest price in the page's country, the price its card shows and the sort "cheapest" orders by.
 * The filter form types bounds in major units in the page's number format ("1.234,50" on a German
 * page) as `range[price][min]` and `range[price][max]`; they are folded into the refinement with
 * the specifications' ranges (spec-ranges.ts).
 */

export const PRICE_FACET = 'price';

/** A price range in minor units; null where open. */
export interface PriceRange {
  readonly min: number | null;
  readonly max: number | null;
}

/** The filter form's fields of the price's bounds, typed in major units. */
export const PRICE_FIELDS = { min: 'range[price][min]', max: 'range[price][max]' } as const;

/** Minor units in a major one: the site's prices are hundredths (i18n/format.ts `formatPrice`). */
const MINOR_PER_MAJOR = 100;

/**
 * A typed bound ("1.234,50" in de-DE, "1’234.50" in de-CH) in minor units as digits ("123450");
 * null when it is no number in the page's format, below zero, or too large to be one.
 */
export function typedPrice(text: string, tag: string): string | null {
  const number = typedNumber(text, tag);
  if (number === null || number.startsWith('-')) return null;
  const minor = Math.round(Number(number) * MINOR_PER_MAJOR);
  return Number.isSafeInteger(minor) ? String(minor) : null;
}

/** A bound of the URL's range: whole minor units search takes (up to its largest safe integer). */
function boundOf(text: string): number | null {
  if (!/^\d+$/.test(text)) return null;
  const number = Number(text);
  return Number.isSafeInteger(number) ? number : null;
}

/**
 * The range a `refinements[price]` value writes: a bound that is no whole number of minor units is
 * left open, a range with no bound left is none, bounds the wrong way round are swapped (as a
 * specification's range, ADR 123).
 */
export function parsePriceRange(value: string): PriceRange | null {
  const parts = value.trim().split('..');
  if (parts.length !== 2) return null;
  const [low, high] = parts.map(boundOf) as [number | null, number | null];
  if (low === null && high === null) return null;
  return low !== null && high !== null && low > high ? { min: high, max: low } : { min: low, max: high };
}

/** The range a URL chooses: its last `refinements[price]` (the last one typed), or null. */
export function chosenPriceRange(params: URLSearchParams): PriceRange | null {
  const value = params.getAll(`refinements[${PRICE_FACET}]`).at(-1);
  return value === undefined ? null : parsePriceRange(value);
}

/** The refinement value of a range: `10000..30000`, `10000..`, `..30000`. */
export const priceRangeValue = (range: PriceRange): string => `${range.min ?? ''}..${range.max ?? ''}`;

/** Whole cents written with two decimals, whole units without ("1234", "1234.50"). */
export const priceDecimals = (minor: number): number => (minor % MINOR_PER_MAJOR === 0 ? 0 : 2);

/** A price in major units (minor / 100). */
export const majorOf = (minor: number): number => minor / MINOR_PER_MAJOR;

const inputFormats = new Map<string, Intl.NumberFormat>();

/**
 * A bound as the price inputs write it: major units, the page's decimal mark, no digit groups, two
 * decimals where there are cents ("1234", in de-DE "1234,50"), as one types a price.
 */
export function priceInputText(minor: number, tag: string): string {
  const decimals = priceDecimals(minor);
  const key = `${tag}|${decimals}`;
  let format = inputFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag, {
      useGrouping: false,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    inputFormats.set(key, format);
  }
  return format.format(majorOf(minor));
}
