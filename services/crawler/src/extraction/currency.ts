/**
 * ISO 4217 facts extraction needs: which codes are currencies and how many decimals their minor
 * unit has (offers reads amounts with the same exponents).
 */

const CODES = new Set(Intl.supportedValuesOf('currency'));

/** Currencies whose minor unit is not the hundredth (ISO 4217; all others have 2 decimals). */
const EXPONENTS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

export const isCurrency = (code: string): boolean => CODES.has(code);

export const currencyDigits = (currency: string): number => EXPONENTS[currency] ?? 2;

/**
 * Currency signs and words as shops write them, longest first so "US$" wins over "$". A sign
 * that several currencies share ("kr") is left to the page's declared currency.
 */
const SIGNS: readonly (readonly [RegExp, string])[] = [
  [/\bsfr\.?|\bfr\.|\bfr\b|\bchf\b/i, 'CHF'],
  [/€|\beur\b|\beuro?s?\b/i, 'EUR'],
  [/£|\bgbp\b/i, 'GBP'],
  [/us\$|\busd\b/i, 'USD'],
  [/¥|\bjpy\b/i, 'JPY'],
  [/zł|\bpln\b/i, 'PLN'],
  [/kč|\bczk\b/i, 'CZK'],
  [/\$/, 'USD'],
];

/** The currency a price text names, by ISO code or sign; null when it names none. */
export function currencyInText(text: string): string | null {
  const code = /\b([A-Z]{3})\b/.exec(text)?.[1];
  if (code && isCurrency(code)) return code;
  return SIGNS.find(([sign]) => sign.test(text))?.[1] ?? null;
}
