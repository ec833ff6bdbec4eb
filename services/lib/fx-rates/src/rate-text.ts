/**
 * Rates as offers stores them (proto common/v1 FxRate: quote units per base unit, a decimal
 * string with at most 10 fractional digits), checked and computed with exact decimal arithmetic
 * on BigInt, never floats, rounded half-up as offers derives a rate
 * (services/offers/src/domain/fx-arithmetic.ts).
 */

const RATE_DIGITS = 10;
const SCALE = 10n ** BigInt(RATE_DIGITS);
const RATE_TEXT = /^(\d{1,12})(?:\.(\d{1,10}))?$/;

/** The ISO 4217 codes of current currencies (the runtime's ICU list). */
const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/** Whether `code` is an ISO 4217 code of a current currency ("CHF"; upper case). */
export const isCurrencyCode = (code: string): boolean => /^[A-Z]{3}$/.test(code) && CURRENCIES.has(code);

/**
 * A rate as typed ("0.9412", "0,9412", " 162.23 "), as offers stores it: a positive decimal with
 * at most 12 integer and 10 fractional digits (a decimal comma is read as a point); null when it
 * is none.
 */
export function normalizeRate(text: string): string | null {
  const rate = text.trim().replace(',', '.');
  const match = RATE_TEXT.exec(rate);
  if (!match) return null;
  return scaledOf(rate) > 0n ? rate : null;
}

function scaledOf(rate: string): bigint {
  const [whole = '0', fraction = ''] = rate.split('.');
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(RATE_DIGITS, '0'));
}

/**
 * The rate base → quote from both currencies' rates per 1 EUR (EUR → base, EUR → quote): quote ÷
 * base, rounded half-up to 10 fractional digits as offers derives a rate through EUR; null for
 * an invalid rate or one that rounds to 0. "0.9385", "1.0541" (CHF, USD) → "1.1231752797".
 */
export function crossRate(eurToBase: string, eurToQuote: string): string | null {
  if (normalizeRate(eurToBase) !== eurToBase || normalizeRate(eurToQuote) !== eurToQuote) return null;
  const base = scaledOf(eurToBase);
  const numerator = scaledOf(eurToQuote) * SCALE;
  let rate = numerator / base;
  if ((numerator % base) * 2n >= base) rate += 1n;
  if (rate === 0n) return null;
  const whole = rate / SCALE;
  const fraction = (rate % SCALE).toString().padStart(RATE_DIGITS, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/**
 * The opposite direction of a valid rate (base per quote), rounded half-up to 10 fractional
 * digits as offers derives an inverse: "1.0541" → "0.9486765961"; null when it rounds to 0.
 */
export const inverseRate = (rate: string): string | null => crossRate(rate, '1');

/** A calendar day "YYYY-MM-DD" that exists; null otherwise. */
export function isoDay(text: string): string | null {
  const day = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day ? null : day;
}
