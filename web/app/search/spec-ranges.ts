import { PRICE_FACET, typedPrice } from './price-range';
import { typedNumber } from './typed-number';

/**
 * A numeric specification's range on a list page (ADR 123): the refinement value `<min>..<max>`
 * of `refinements[spec:<key>]` ("." the decimal mark, either bound open: `800..`, `..1200`), the
 * one way the page's links write it. The filter form cannot join its two inputs into one
 * parameter, so it sends `range[spec:<key>][min]` and `range[spec:<key>][max]`, typed in the
 * page's number format (ADR 131: "1,5" on a German page); they are folded into the refinement
 * before the page reads its URL, and before a running page navigates. The price range's fields
 * (`range[price][min|max]`, typed in major units: price-range.ts) are folded alike.
 */

/** A range's bounds; null where open. */
export interface SpecRange {
  readonly min: number | null;
  readonly max: number | null;
}

export type RangeBound = 'min' | 'max';

/** The filter form's field of one bound of a specification's range: `range[spec:power][min]`. */
export const rangeField = (facet: string, bound: RangeBound): string => `range[${facet}][${bound}]`;
const RANGE_FIELD = /^range\[(spec:[a-z0-9-]+|price)\]\[(min|max)\]$/;

/** The query parameters a list page reads for its filters (the micro-cache keys on them). */
export const LIST_FILTER_READS = ['refinements[*]', 'range[*]'] as const;

/** A bound as search takes one: digits, "." and decimals, a sign (spec-ranges in search). */
const BOUND = /^-?\d+(?:\.\d+)?$/;

/**
 * A bound's number, or null when the text is none (empty, "abc", "1,5", "1e3", or so large or
 * small that it would not be written back in digits).
 */
export function parseBound(text: string): number | null {
  const trimmed = text.trim();
  if (!BOUND.test(trimmed)) return null;
  const number = Number(trimmed);
  return Number.isFinite(number) && BOUND.test(String(number)) ? number : null;
}

/** Whether a refinement value is written as a range (an ellipsis "..." is a value as written). */
export const isRangeForm = (value: string): boolean => value.includes('..') && !value.includes('...');

/**
 * The range a value writes, a bound that is no number left open; null when it is no range or has
 * no bound left. Bounds given the wrong way round are swapped: "1200..800" is meant as 800..1200.
 */
export function parseRange(value: string): SpecRange | null {
  if (!isRangeForm(value)) return null;
  const parts = value.split('..');
  if (parts.length !== 2) return null;
  const [low, high] = parts.map(parseBound) as [number | null, number | null];
  if (low === null && high === null) return null;
  return low !== null && high !== null && low > high ? { min: high, max: low } : { min: low, max: high };
}

/** Digits after the decimal mark of a number as JavaScript writes it (a bound's and search's are plain digits). */
export const decimalsOf = (n: number): number => /\.(\d+)$/.exec(String(n))?.[1]?.length ?? 0;

/** The refinement value of a range: `800..1200`, `800..`, `..1200`. */
export const rangeValue = (range: SpecRange): string => `${range.min ?? ''}..${range.max ?? ''}`;

/**
 * A query with each specification's from–to fields folded into `refinements[spec:<key>]=min..max`,
 * where the fields stood, each bound read in the page's number format (`tag`, typed-number.ts)
 * and written in digits and "."; a bound that is no number there is left open, and both bounds
 * empty or open leave the specification without a range. The price's fields become
 * `refinements[price]` in minor units (price-range.ts). The page reads the result as it reads
 * any URL.
 */
export function foldRangeFields(entries: Iterable<readonly [string, string]>, tag: string): URLSearchParams {
  const all = [...entries];
  const bounds = new Map<string, Record<RangeBound, string>>();
  for (const [name, value] of all) {
    const match = RANGE_FIELD.exec(name);
    if (!match) continue;
    const [, facet = '', bound = 'min'] = match;
    const range = bounds.get(facet) ?? { min: '', max: '' };
    range[bound as RangeBound] = (facet === PRICE_FACET ? typedPrice(value, tag) : typedNumber(value, tag)) ?? '';
    bounds.set(facet, range);
  }
  const folded = new URLSearchParams();
  for (const [name, value] of all) {
    const facet = RANGE_FIELD.exec(name)?.[1];
    if (facet === undefined) folded.append(name, value);
    else {
      const range = bounds.get(facet);
      bounds.delete(facet); // written once, where its first field stood
      // Bounds read are digits and ".": nothing in them a comma list would split.
      if (range && (range.min || range.max)) folded.append(`refinements[${facet}]`, `${range.min}..${range.max}`);
    }
  }
  return folded;
}
