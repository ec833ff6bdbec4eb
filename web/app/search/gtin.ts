/**
 * GTIN (EAN-8, UPC-A, EAN-13, GTIN-14) rules of the barcode search: 8 to 14 digits whose last
 * digit is the GS1 check digit (weights 3 and 1 alternating from the right, mod 10).
 */
export const GTIN_PATTERN = /^\d{8,14}$/;

export type GtinCheck = 'empty' | 'invalid' | 'check-digit' | 'valid';

export function checkDigitOf(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** What a typed or scanned code is: nothing, not a GTIN, a GTIN with a wrong check digit, or valid. */
export function checkGtin(code: string): GtinCheck {
  if (code === '') return 'empty';
  if (!GTIN_PATTERN.test(code)) return 'invalid';
  return checkDigitOf(code.slice(0, -1)) === Number(code.slice(-1)) ? 'valid' : 'check-digit';
}
