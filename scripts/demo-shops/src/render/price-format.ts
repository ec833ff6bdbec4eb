import { currencyDecimals } from './money.js';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A price as the shop's visitors read it, by its locale (ICU): "CHF 1’234.50" (de-CH),
 * "1.299,00 €" (de-DE), "1 299,00 €" (fr-FR), "£1,049.00" (en-GB). Swiss shops that write whole
 * francs the old way show "Fr. 49.–".
 */
export function formatPrice(amountMinor: number, currency: string, locale: string, swissDash = false): string {
  const decimals = currencyDecimals(currency);
  const amount = amountMinor / 10 ** decimals;
  if (swissDash && currency === 'CHF' && amountMinor % 100 === 0) return `Fr. ${Math.round(amount)}.–`;
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, { style: 'currency', currency })));
  return format.format(amount);
}
