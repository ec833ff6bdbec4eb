import { formatNumber } from '~/i18n/format';
import { decimalsOf, type SpecRange } from './spec-ranges';

/** Translates a message with values (the site's `t`). */
type Translate = (key: string, values: Readonly<Record<string, string>>) => string;

/** A number in the page's locale, as many decimals as it has: "1,200", "1.5", in de-CH "1’200". */
export const formatSpecNumber = (n: number, tag: string): string => formatNumber(n, tag, decimalsOf(n));

/**
 * A chosen range as a chip writes it, numbers in the page's locale and the unit after them:
 * "800 – 1,200 W", "from 800 W", "up to 1,200 W"; one number when both bounds are equal.
 */
export function rangeText(range: SpecRange & { readonly unit: string }, tag: string, t: Translate): string {
  const number = (n: number): string => formatSpecNumber(n, tag);
  const withUnit = (n: number): string => (range.unit ? `${number(n)} ${range.unit}` : number(n));
  const { min, max } = range;
  if (min !== null && max !== null)
    return min === max ? withUnit(min) : t('filters.rangeBetween', { min: number(min), max: withUnit(max) });
  if (min !== null) return t('filters.rangeFrom', { min: withUnit(min) });
  return max !== null ? t('filters.rangeTo', { max: withUnit(max) }) : '';
}

const plainFormats = new Map<string, Intl.NumberFormat>();

/**
 * A bound as an input's placeholder writes it: the page's decimal mark and no digit groups, as
 * one types a number ("1500", "1.5", in de-DE "1,5").
 */
export function placeholderNumber(n: number, tag: string): string {
  let format = plainFormats.get(tag);
  if (!format) {
    format = new Intl.NumberFormat(tag, { useGrouping: false, maximumFractionDigits: 20 });
    plainFormats.set(tag, format);
  }
  return format.format(n);
}
