import type { Money } from '@pc/proto/common/v1/money';
import type { MoneyRecord } from './click-record.js';

/** The EcoTip programme keeps its books in Swiss francs (the company's currency). */
export const ACCOUNTING_CURRENCY = 'CHF';

const RATE = /^\d{1,12}(\.\d{1,10})?$/;
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** An ISO 4217 code Intl knows (what the site can show). */
export const isCurrency = (code: string): boolean => /^[A-Z]{3}$/.test(code) && CURRENCIES.has(code);

export const toMoney = (record: MoneyRecord): Money => ({ amountMinor: record.amountMinor, currency: record.currency });

/** Half to even, exactly, on integers: numerator / denominator. */
function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  const twice = (n % d) * 2n;
  if (twice > d || (twice === d && quotient % 2n === 1n)) quotient += 1n;
  return negative ? -quotient : quotient;
}

/** A share of an amount in basis points (100 = 1 %), rounded half to even in minor units. */
export function shareOf(amountMinor: number, basisPoints: number): number {
  return Number(divideHalfEven(BigInt(amountMinor) * BigInt(basisPoints), 10_000n));
}

/** An amount converted at a decimal rate ("1.0734"), rounded half to even in minor units. */
export function convert(amountMinor: number, rate: string): number {
  if (!RATE.test(rate)) throw new Error(`not a decimal rate: ${rate}`);
  const [whole, fraction = ''] = rate.split('.');
  const scale = 10n ** BigInt(fraction.length);
  return Number(divideHalfEven(BigInt(amountMinor) * BigInt(`${whole}${fraction}`), scale));
}
