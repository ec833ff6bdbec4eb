const BARCODE = /^(\d{8}|\d{12,14})$/;

/**
 * A barcode typed or scanned (GTIN-8, UPC-A, EAN-13, GTIN-14; spaces and dashes allowed) as the
 * GTIN-14 catalog stores (docs/architecture.md §6: zero-padded, check digit verified); null when it
 * is not a valid GTIN.
 */
export function normalizeGtin(input: string): string | null {
  const digits = input.trim().replace(/[\s-]/g, '');
  if (!BARCODE.test(digits)) return null;
  const gtin14 = digits.padStart(14, '0');
  return hasValidCheckDigit(gtin14) ? gtin14 : null;
}

/** GS1 mod-10: weights 3 and 1 alternate from the digit left of the check digit. */
function hasValidCheckDigit(gtin14: string): boolean {
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += Number(gtin14[i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(gtin14[13]);
}

/** The GTIN to show: GTIN-13 (EAN) when the GTIN-14 starts with a zero, else the GTIN-14. */
export function displayGtin(gtin14: string): string {
  return gtin14.startsWith('0') ? gtin14.slice(1) : gtin14;
}
