import { parsePriceText } from './price-text';

const read = (text: string, decimalComma: boolean | null = null, currency: string | null = 'CHF') => {
  const parsed = parsePriceText(text, { decimalComma, currency });
  return parsed.ok ? [parsed.amountMinor, parsed.currency] : parsed.reason;
};

describe('parsePriceText', () => {
  it.each([
    ['349.00 EUR', [34900, 'EUR']],
    ['120.0 GBP', [12000, 'GBP']],
    ['EUR 349', [34900, 'EUR']],
    ['1.299,00 €', [129900, 'EUR']],
    ['€1,299.00', [129900, 'EUR']],
    ["CHF 1'234.50", [123450, 'CHF']],
    ['CHF 1’234.50', [123450, 'CHF']],
    ['1 299,00 €', [129900, 'EUR']],
    ['1\u202f299,00\u00a0€', [129900, 'EUR']],
    ['Fr. 49.–', [4900, 'CHF']],
    ['£1,049', [104900, 'GBP']],
    ['12,5', [1250, null]],
    ['19.999', [1999900, null]],
    ['1000 JPY', [1000, 'JPY']],
    ['1.2345 KWD', [1235, 'KWD']],
  ])('reads %p', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it('reads an ambiguous "1.299" by the feed convention', () => {
    expect(read('1.299', null)).toEqual([129900, null]);
    expect(read('1.299', false)).toEqual([130, null]);
    expect(read('1,299', true)).toEqual([130, null]);
    expect(read('1,299', false)).toEqual([129900, null]);
  });

  it.each(['', 'abc', 'EUR', '-5.00 EUR', '1..2', '12.', '1,2,3.4.5', '12 34 56 78 EUR x'])('rejects %p', (text) => {
    expect(read(text)).toBe('price_format');
  });
});
