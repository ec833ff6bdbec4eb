// GS1 identifiers (UPC-A, EAN-8, EAN-13, GTIN-14) reduced to one comparable form: the 14-digit
// GTIN. Shops write the same barcode as 12, 13 or 14 digits, with spaces or dashes; a wrong check
// digit means a typo or a shop's internal number, and such a value must never link two products.

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/** GS1 check digit of the digits before it (weights 3,1,3,... from the right). */
function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Drops spaces/dashes; accepts UPC-A (12), EAN-8, EAN-13, GTIN-14 (and GTIN-8/12/13 zero-padded);
 *  verifies the check digit; returns the 14-digit GTIN or null. Rejects all-zero and non-digit. */
export function normalizeGtin(raw: string): string | null {
  const compact = raw.replace(/[\s-]+/g, '');
  if (!/^\d+$/.test(compact) || !GTIN_LENGTHS.has(compact.length)) return null;
  if (/^0+$/.test(compact)) return null;
  const gtin14 = compact.padStart(14, '0');
  const expected = gs1CheckDigit(gtin14.slice(0, 13));
  return expected === Number(gtin14[13]) ? gtin14 : null;
}

/** GTIN-14 → GTIN-13 when it starts with 0 (display form), else unchanged. */
export function displayGtin(gtin14: string): string {
  return gtin14.length === 14 && gtin14.startsWith('0') ? gtin14.slice(1) : gtin14;
}

/** The valid GTINs of a list of raw or normalised values, as a set of 14-digit strings. */
export function normalizeGtins(raws: readonly string[] | undefined): Set<string> {
  const result = new Set<string>();
  for (const raw of raws ?? []) {
    const gtin = normalizeGtin(raw);
    if (gtin !== null) result.add(gtin);
  }
  return result;
}
