import { currencyExponent } from './currency.js';

/**
 * Exact FX arithmetic on integers (never floats for money, docs/architecture.md §6). A rate is
 * "quote units per base unit" as a decimal string with up to 10 fractional digits
 * (common/v1/money.proto FxRate); here it is a BigInt scaled by 10^10.
 *
 * Rounding: half-up, i.e. a half is rounded away from zero (CHF 0.005 → 0.01, −0.005 → −0.01):
 * what shoppers expect from a displayed price, and symmetric for differences.
 */
export const RATE_DIGITS = 10;
const SCALE = 10n ** BigInt(RATE_DIGITS);
const RATE_TEXT = /^(\d{1,12})(?:\.(\d{1,10}))?$/;

/** The scaled rate of a decimal string, or null when malformed or not positive. */
export function parseRate(text: string): bigint | null {
  const match = RATE_TEXT.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const scaled = BigInt(whole) * SCALE + BigInt(fraction.padEnd(RATE_DIGITS, '0'));
  return scaled > 0n ? scaled : null;
}

/** The decimal string of a scaled rate, without trailing zeros ("1.0734", "2"). */
export function formatRate(scaled: bigint): string {
  const whole = scaled / SCALE;
  const fraction = (scaled % SCALE).toString().padStart(RATE_DIGITS, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/** n / d rounded half away from zero; d must be positive. */
export function divideRounded(n: bigint, d: bigint): bigint {
  const negative = n < 0n;
  const magnitude = negative ? -n : n;
  let quotient = magnitude / d;
  if ((magnitude % d) * 2n >= d) quotient += 1n;
  return negative ? -quotient : quotient;
}

/** The rate of the opposite direction (quote → base), rounded to 10 digits. */
export function invertRate(scaled: bigint): bigint {
  return divideRounded(SCALE * SCALE, scaled);
}

/** a→b then b→c as one a→c rate, rounded to 10 digits. */
export function chainRates(first: bigint, second: bigint): bigint {
  return divideRounded(first * second, SCALE);
}

/** Converts an amount in minor units of `from` into minor units of `to` at `scaled`. */
export function convertMinor(amountMinor: number, from: string, to: string, scaled: bigint): number {
  const shift = currencyExponent(to) - currencyExponent(from);
  const numerator = BigInt(amountMinor) * scaled * 10n ** BigInt(Math.max(shift, 0));
  const denominator = SCALE * 10n ** BigInt(Math.max(-shift, 0));
  return Number(divideRounded(numerator, denominator));
}
