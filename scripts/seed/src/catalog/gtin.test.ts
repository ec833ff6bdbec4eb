import { gtin13, gtinCheckDigit, isValidGtin, normalizeGtin } from './gtin';
import { ProductUniverse } from './product-universe';

describe('GTIN', () => {
  it('computes GS1 check digits of known codes', () => {
    expect(gtinCheckDigit('400638133393')).toBe(1); // 4006381333931
    expect(gtinCheckDigit('590123412345')).toBe(7); // 5901234123457
    expect(gtinCheckDigit('9638507')).toBe(4); // GTIN-8 96385074
    expect(isValidGtin('4006381333931')).toBe(true);
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(gtin13('590123412345')).toBe('5901234123457');
  });

  it('normalises what feeds send like the crawler: 14 digits, or empty when unusable', () => {
    expect(normalizeGtin('4006381333931')).toBe('04006381333931');
    expect(normalizeGtin('04006381333931')).toBe('04006381333931');
    expect(normalizeGtin('4006381333932')).toBe('');
    expect(normalizeGtin('0000000000000')).toBe('');
    expect(normalizeGtin('')).toBe('');
  });

  it('gives every generated product a valid GTIN-13 of its own', () => {
    const universe = new ProductUniverse({ seed: '1', untilDay: 20_000, historyDays: 365 });
    const gtins = [...universe.products(20_000)].map((product) => product.gtin);
    for (const gtin of gtins) {
      expect(gtin).toMatch(/^\d{13}$/);
      expect(isValidGtin(gtin)).toBe(true);
    }
    expect(new Set(gtins).size).toBe(gtins.length);
  });
});
