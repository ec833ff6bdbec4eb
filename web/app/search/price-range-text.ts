import { formatNumber, formatPrice } from '~/i18n/format';
import { majorOf, priceDecimals, type PriceRange } from './price-range';

/** Translates a message with values (the site's `t`). */
type Translate = (key: string, values: Readonly<Record<string, string>>) => string;

/**
 * A price in the page's currency format, without cents where it has none: "CHF 1’234",
 * "1.234,50 €". The currency's place and spacing are the site's own price format's.
 */
function priceText(minor: number, currency: string, tag: string): { text: string; currencyFirst: boolean } {
  const amount = formatNumber(majorOf(minor), tag, priceDecimals(minor));
  const zero = formatNumber(0, tag, 2);
  const sample = formatPrice(0, currency, tag);
  const at = sample.indexOf(zero);
  if (at < 0) return { text: `${currency} ${amount}`, currencyFirst: true };
  return { text: `${sample.slice(0, at)}${amount}${sample.slice(at + zero.length)}`, currencyFirst: at > 0 };
}

/**
 * A chosen price range as its chip writes it, the currency once, where the page writes it:
 * "CHF 100 – 300", "100 – 300 €", "from CHF 100", "up to 300 €"; one price when the bounds are equal.
 */
export function priceRangeText(range: PriceRange, currency: string, tag: string, t: Translate): string {
  const { min, max } = range;
  if (min !== null && max !== null) {
    if (min === max) return priceText(min, currency, tag).text;
    const low = priceText(min, currency, tag);
    const high = priceText(max, currency, tag);
    const number = (minor: number) => formatNumber(majorOf(minor), tag, priceDecimals(minor));
    return low.currencyFirst
      ? t('filters.rangeBetween', { min: low.text, max: number(max) })
      : t('filters.rangeBetween', { min: number(min), max: high.text });
  }
  if (min !== null) return t('filters.rangeFrom', { min: priceText(min, currency, tag).text });
  return max !== null ? t('filters.rangeTo', { max: priceText(max, currency, tag).text }) : '';
}
