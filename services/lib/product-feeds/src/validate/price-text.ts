import { minorUnits } from './codes.js';

/** A price read from feed text: minor units and the currency it named, if any. */
export type PriceText =
  | {
      readonly ok: true;
      readonly amountMinor: number;
      readonly currency: string | null;
      /** The decimal separator it showed unambiguously, if any. */ readonly decimal: ',' | '.' | null;
    }
  | { readonly ok: false; readonly reason: 'price_format' };

/** Currency symbols and local abbreviations shops write instead of the ISO code. */
const SYMBOLS: readonly (readonly [RegExp, string])[] = [
  [/€/, 'EUR'],
  [/£/, 'GBP'],
  [/(?:^|\s)S?Fr\.(?=\s|\d|$)/i, 'CHF'],
  [/₺/, 'TRY'],
  [/US\$|\$/, 'USD'],
];

const CODE = /(?<![A-Za-z])([A-Z]{3})(?![A-Za-z])/;
const PLAIN = /^(\d{1,15})(?:([.,])(\d{1,2}))?(?: ([A-Z]{3}))?$/;
const GROUPING = /[\s\u00a0\u202f'’]/g;

/**
 * Reads a price as shops write it in feeds: "349.00 EUR", "EUR 349", "1.299,00 €", "€1,299.00",
 * "CHF 1'234.50", "1 299,00 €", "Fr. 49.–", "£1,049". The decimal separator is the last of "," and
 * "." when both appear; a lone separator followed by exactly three digits is ambiguous ("1.299")
 * and is read by `decimalComma`, the feed's convention learnt from earlier rows (null: unknown,
 * then it is a thousands separator). Amounts are exact: digits are shifted into minor units of
 * the currency (ICU's minor units; 2 when the currency is not known yet), never through floats;
 * extra fraction digits are rounded half up.
 */
export function parsePriceText(
  text: string,
  options: { decimalComma: boolean | null; currency?: string | null },
): PriceText {
  const plain = PLAIN.exec(text);
  if (plain) {
    // The common case, "1234.50 CHF" or "1234,50": no grouping, one separator before 1-2 digits.
    const [, whole, separator, fraction = '', code] = plain as unknown as [
      string,
      string,
      string | undefined,
      string | undefined,
      string | undefined,
    ];
    const exponent = minorUnits(code ?? options.currency ?? 'EUR');
    return {
      ok: true,
      amountMinor: toMinor(whole, fraction, exponent),
      currency: code ?? null,
      decimal: separator === ',' || separator === '.' ? separator : null,
    };
  }
  let rest = text.trim();
  if (!rest) return { ok: false, reason: 'price_format' };
  let currency: string | null = null;
  const code = CODE.exec(rest);
  if (code) {
    currency = code[1] as string;
    rest = rest.replace(code[0], ' ');
  } else {
    for (const [symbol, iso] of SYMBOLS) {
      if (symbol.test(rest)) {
        currency = iso;
        rest = rest.replace(symbol, ' ');
        break;
      }
    }
  }
  // "49.–" / "49,-": whole units.
  rest = rest.replace(/[.,][–—-]$/, '').replace(GROUPING, '');
  if (!/^\d[\d.,]*$/.test(rest) || /[.,]{2}/.test(rest) || /[.,]$/.test(rest))
    return { ok: false, reason: 'price_format' };

  const split = splitDecimal(rest, options.decimalComma);
  if (!split) return { ok: false, reason: 'price_format' };
  const exponent = minorUnits(currency ?? options.currency ?? 'EUR');
  const amountMinor = toMinor(split.whole, split.fraction, exponent);
  if (!Number.isSafeInteger(amountMinor)) return { ok: false, reason: 'price_format' };
  return { ok: true, amountMinor, currency, decimal: split.decimal };
}

function splitDecimal(
  number: string,
  decimalComma: boolean | null,
): { whole: string; fraction: string; decimal: ',' | '.' | null } | null {
  const lastComma = number.lastIndexOf(',');
  const lastDot = number.lastIndexOf('.');
  if (lastComma < 0 && lastDot < 0) return { whole: number, fraction: '', decimal: null };
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const thousands = decimal === ',' ? '.' : ',';
    const at = number.lastIndexOf(decimal);
    const whole = number.slice(0, at);
    if (whole.includes(decimal) || !groupedBy(whole, thousands)) return null;
    return { whole: whole.replaceAll(thousands, ''), fraction: number.slice(at + 1), decimal };
  }
  const separator = lastComma >= 0 ? ',' : '.';
  const parts = number.split(separator);
  if (parts.length > 2)
    return groupedBy(number, separator) ? { whole: parts.join(''), fraction: '', decimal: null } : null;
  const [whole, fraction] = parts as [string, string];
  if (fraction.length === 3) {
    // "1.299" or "1,299": the feed's convention decides; unknown, it reads as thousands.
    const isDecimal = decimalComma === null ? false : decimalComma === (separator === ',');
    return isDecimal
      ? { whole, fraction, decimal: separator }
      : { whole: whole + fraction, fraction: '', decimal: null };
  }
  return { whole, fraction, decimal: separator };
}

/** "1.234.567" grouped in threes after the first group. */
function groupedBy(whole: string, separator: string): boolean {
  if (!whole.includes(separator)) return true;
  const groups = whole.split(separator);
  return (
    groups.slice(1).every((group) => group.length === 3) &&
    (groups[0] ?? '').length >= 1 &&
    (groups[0] ?? '').length <= 3
  );
}

function toMinor(whole: string, fraction: string, exponent: number): number {
  const kept = fraction.slice(0, exponent).padEnd(exponent, '0');
  const roundUp = fraction.length > exponent && Number(fraction[exponent]) >= 5;
  return Number(whole + kept) + (roundUp ? 1 : 0);
}
