import { crossRate, inverseRate, isCurrencyCode, isoDay, normalizeRate } from './rate-text';

describe('FX rate text', () => {
  it('accepts a positive decimal with at most 10 decimals, a decimal comma too', () => {
    expect(normalizeRate(' 0,9412 ')).toBe('0.9412');
    expect(normalizeRate('162')).toBe('162');
    expect(['', '0', '0.0', '-1', '1e3', '1.12345678901', 'abc', '1.2.3'].map(normalizeRate)).toEqual(
      Array(8).fill(null),
    );
  });

  it('inverts exactly, rounded half-up to 10 decimals as offers does', () => {
    expect(inverseRate('1.0541')).toBe('0.9486765961');
    expect(inverseRate('162.23')).toBe('0.006164088');
    expect(inverseRate('0.5')).toBe('2');
    expect(inverseRate('999999999999')).toBeNull();
  });

  it('crosses two rates per 1 EUR into the rate between their currencies, rounded half-up', () => {
    // CHF → USD from EUR → CHF 0.9385 and EUR → USD 1.0541: 1.0541 ÷ 0.9385.
    expect(crossRate('0.9385', '1.0541')).toBe('1.1231752797');
    expect(crossRate('2', '3')).toBe('1.5');
    expect(crossRate('1.0541', 'x')).toBeNull();
  });

  it('knows current ISO 4217 codes and calendar days', () => {
    expect(['CHF', 'USD', 'chf', 'XYZ', 'EURO'].map(isCurrencyCode)).toEqual([true, true, false, false, false]);
    expect(isoDay(' 2026-12-06 ')).toBe('2026-12-06');
    expect(['2026-02-30', '06.12.2026', ''].map(isoDay)).toEqual([null, null, null]);
  });
});
