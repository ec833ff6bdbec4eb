/** What a GTIN field holds once checked. */
export type GtinCheck =
  | { readonly ok: true; /** 14 digits, zero-padded (GTIN-8/12/13/14). */ readonly gtin14: string }
  | { readonly ok: false; readonly reason: 'gtin_format' | 'gtin_check_digit' };

const LENGTHS = new Set([8, 12, 13, 14]);

/**
 * Checks a GTIN (EAN-8, UPC-A, EAN-13, GTIN-14) as GS1 defines it: 8, 12, 13 or 14 digits (spaces
 * and hyphens between digit groups are tolerated) whose last digit is the mod-10 check digit of
 * the others, weights 3 and 1 from the right.
 */
export function checkGtin(raw: string): GtinCheck {
  const digits = raw.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || !LENGTHS.has(digits.length)) return { ok: false, reason: 'gtin_format' };
  const padded = digits.padStart(14, '0');
  if (/^0+$/.test(padded)) return { ok: false, reason: 'gtin_format' };
  let sum = 0;
  for (let i = 0; i < 13; i += 1) sum += Number(padded[i]) * (i % 2 === 0 ? 3 : 1);
  const check = (10 - (sum % 10)) % 10;
  return check === Number(padded[13]) ? { ok: true, gtin14: padded } : { ok: false, reason: 'gtin_check_digit' };
}
