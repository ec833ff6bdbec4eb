export type GtinReading =
  | { readonly ok: true; readonly gtin: string }
  | { readonly ok: false; readonly problem: 'gtin_length' | 'gtin_check_digit' };

/** The GS1 mod-10 check: weights 3 and 1 alternate from the digit left of the check digit. */
function checkDigitHolds(digits: string): boolean {
  let sum = 0;
  for (let i = digits.length - 2, weight = 3; i >= 0; i -= 1, weight = 4 - weight) sum += Number(digits[i]) * weight;
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

/**
 * A GTIN (EAN-8, UPC-A, EAN-13, GTIN-14) normalised to 14 digits once its check digit holds
 * (docs/architecture.md §6). Separators are ignored; leading zeros a shop dropped (an UPC written as a
 * number) are restored by the padding, which leaves the check unchanged.
 */
export function normaliseGtin(raw: string): GtinReading {
  // A label before the number ("EAN 400…", "GTIN-13: 400…") is the page's wording, not the GTIN.
  const digits = raw.replace(/^\s*(?:ean|gtin|upc|isbn)[-\s]*(?:\d{1,2}\b)?\s*[:#]?\s*/i, '').replace(/[\s-]/g, '');
  if (!/^\d{8,14}$/.test(digits)) return { ok: false, problem: 'gtin_length' };
  const padded = digits.padStart(14, '0');
  if (/^0+$/.test(padded) || !checkDigitHolds(padded)) return { ok: false, problem: 'gtin_check_digit' };
  return { ok: true, gtin: padded };
}
