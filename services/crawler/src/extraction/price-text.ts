import { currencyDigits, currencyInText, isCurrency } from './currency.js';

export interface ParsedPrice {
  /** Minor units of the currency (docs/architecture.md §6). */
  readonly amount: number;
  readonly currency: string;
}

/** Why a price text was not read: stable codes for flags and metrics. */
export type PriceProblem =
  'price_missing' | 'price_unreadable' | 'currency_missing' | 'currency_mismatch' | 'price_precision';

export type PriceReading =
  { readonly ok: true; readonly price: ParsedPrice } | { readonly ok: false; readonly problem: PriceProblem };

const GROUPING = /['’\s\u00a0\u202f]/g;

/**
 * Splits a number as shops write it into whole and fraction digits. The last of "." and "," is
 * the decimal mark when both appear; a single mark followed by exactly three digits groups
 * thousands unless the currency has three decimals. Apostrophes and (non-breaking) spaces group thousands.
 */
function splitNumber(text: string, digits: number): { whole: string; fraction: string } | null {
  const cleaned = text.replace(GROUPING, '');
  if (!/^\d+([.,]\d+)*$/.test(cleaned)) return null;
  const marks = cleaned.match(/[.,]/g) ?? [];
  const last = marks[marks.length - 1];
  if (last === undefined) return { whole: cleaned, fraction: '' };
  const lastAt = cleaned.lastIndexOf(last);
  const bothMarks = new Set(marks).size === 2;
  let decimalAt: number | null = lastAt;
  if (!bothMarks && (marks.length > 1 || (cleaned.length - lastAt - 1 === 3 && digits !== 3))) decimalAt = null;
  const whole = decimalAt === null ? cleaned : cleaned.slice(0, decimalAt);
  if (bothMarks && whole.includes(last)) return null;
  const groups = whole.split(/[.,]/);
  if (groups.length > 1 && (groups[0]!.length > 3 || groups.slice(1).some((group) => group.length !== 3))) return null;
  return { whole: groups.join(''), fraction: decimalAt === null ? '' : cleaned.slice(decimalAt + 1) };
}

/**
 * Reads a price as shops write it — `CHF 1'234.50`, `1.299,00 €`, `€1,299.00`, `1 299,00 €`,
 * `Fr. 49.–`, `£1,049`, a bare `119.99` — into minor units. The currency comes from the text, else
 * from `declaredCurrency` (the page's priceCurrency, the shop's currency); when both exist they
 * must agree. More decimals than the currency has (other than trailing zeros) are refused rather
 * than rounded.
 */
export function parsePriceText(
  input: string | number | null | undefined,
  declaredCurrency?: string | null,
): PriceReading {
  if (input === null || input === undefined || String(input).trim() === '')
    return { ok: false, problem: 'price_missing' };
  const text = String(input).trim();
  const named = currencyInText(text);
  const declared =
    declaredCurrency && isCurrency(declaredCurrency.trim().toUpperCase())
      ? declaredCurrency.trim().toUpperCase()
      : null;
  if (named && declared && named !== declared) return { ok: false, problem: 'currency_mismatch' };
  const currency = named ?? declared;
  if (!currency) return { ok: false, problem: 'currency_missing' };
  const digits = currencyDigits(currency);
  // "49.–" (Swiss for 49.00): the dash stands for the zero decimals.
  const numberText = /\d[\d.,'’\s\u00a0\u202f]*/
    .exec(text.replace(/(\d[.,])\s*[-–—]+/, '$100'))?.[0]
    ?.trim()
    .replace(/[.,]$/, '');
  const parts = numberText ? splitNumber(numberText, digits) : null;
  if (!parts) return { ok: false, problem: 'price_unreadable' };
  const fraction = parts.fraction.replace(/0+$/, '');
  if (fraction.length > digits) return { ok: false, problem: 'price_precision' };
  const amount = Number(parts.whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (!Number.isSafeInteger(amount)) return { ok: false, problem: 'price_unreadable' };
  return { ok: true, price: { amount, currency } };
}
