import { parsePriceText } from './price-text.js';

const read = (text: string | number, currency?: string) => {
  const reading = parsePriceText(text, currency);
  return reading.ok ? `${reading.price.currency} ${reading.price.amount}` : reading.problem;
};

describe('parsePriceText', () => {
  it.each([
    ["CHF 1'234.50", 'CHF 123450'],
    ['1.299,00 €', 'EUR 129900'],
    ['€1,299.00', 'EUR 129900'],
    ['1 299,00 €', 'EUR 129900'],
    ['1\u00a0299,00\u00a0€', 'EUR 129900'],
    ['1\u202f299,00 €', 'EUR 129900'],
    ['Fr. 49.–', 'CHF 4900'],
    ['Fr. 49.-', 'CHF 4900'],
    ['£1,049', 'GBP 104900'],
    ['$19.99', 'USD 1999'],
    ['US$ 5', 'USD 500'],
    ['EUR 12,5', 'EUR 1250'],
    ['1.299.000,50 EUR', 'EUR 129900050'],
    ['¥1,200', 'JPY 1200'],
    ['KWD 1.250', 'KWD 1250'],
    ['CHF 12.30 inkl. MwSt.', 'CHF 1230'],
  ])('reads %s', (text, expected) => {
    expect(read(text)).toBe(expected);
  });

  it('takes the currency from the page when the text names none', () => {
    expect(read('119.99', 'USD')).toBe('USD 11999');
    expect(read(119.99, 'usd')).toBe('USD 11999');
    expect(read(5, 'CHF')).toBe('CHF 500');
    expect(read('1.299', 'EUR')).toBe('EUR 129900');
  });

  it('refuses what it cannot read instead of guessing', () => {
    expect(read('119.99')).toBe('currency_missing');
    expect(read('CHF 12.30', 'EUR')).toBe('currency_mismatch');
    expect(read('on request', 'CHF')).toBe('price_unreadable');
    expect(read('1.2,3.4 €')).toBe('price_unreadable');
    expect(read('12.345,6789 €')).toBe('price_precision');
    expect(read('', 'CHF')).toBe('price_missing');
    expect(read('12,34,56 €')).toBe('price_unreadable');
  });
});
