/**
 * GTIN check digits (GS1 mod-10) and the crawler's normalisation of what shops send: digits only,
 * 8/12/13/14 long, padded to 14, check digit verified (docs/architecture.md §6).
 */

/** The check digit for the digits before it (any GTIN length). */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    // Weights alternate 3, 1, … starting from the digit next to the check digit.
    const weight = (body.length - i) % 2 === 1 ? 3 : 1;
    sum += (body.charCodeAt(i) - 48) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidGtin(gtin: string): boolean {
  if (!/^\d{8}$|^\d{12,14}$/.test(gtin)) return false;
  return gtinCheckDigit(gtin.slice(0, -1)) === Number(gtin[gtin.length - 1]);
}

/** A GTIN-13 from a 12-digit body (company prefix + item reference). */
export function gtin13(body12: string): string {
  if (!/^\d{12}$/.test(body12)) throw new Error(`a GTIN-13 body has 12 digits, got "${body12}"`);
  return body12 + String(gtinCheckDigit(body12));
}

/**
 * What the crawler puts in OfferObserved.gtin: 14 digits when the raw value is a valid GTIN,
 * else empty. All-zero codes pass the check digit but are the classic feed placeholder: rejected.
 */
export function normalizeGtin(raw: string): string {
  const digits = raw.replace(/[\s-]/g, '');
  if (!isValidGtin(digits) || /^0+$/.test(digits)) return '';
  return digits.padStart(14, '0');
}
