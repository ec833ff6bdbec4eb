/** GS1 check digit, computed here independently of the code under test. */
function checkDigit(body: string): string {
  const sum = [...body].reverse().reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 3 : 1), 0);
  return String((10 - (sum % 10)) % 10);
}

/** A valid EAN-13 from 12 digits (e.g. a prefix and a counter). */
export function ean13(body12: string): string {
  if (!/^\d{12}$/.test(body12)) throw new Error(`ean13 needs 12 digits, got ${body12}`);
  return body12 + checkDigit(body12);
}

/** The n-th valid EAN-13 of a test's own range. */
export const testGtin = (range: number, n: number): string =>
  ean13(`${String(400 + range).padStart(3, '0')}${String(n).padStart(9, '0')}`);
