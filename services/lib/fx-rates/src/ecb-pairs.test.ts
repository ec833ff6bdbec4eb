import { ecbRatePairs, withInverse } from './ecb-pairs';

describe("the rates the ECB's daily file sets", () => {
  const file = {
    day: '2026-12-04',
    rates: [
      { currency: 'USD', rate: '1.0541' },
      { currency: 'CHF', rate: '0.9385' },
    ],
  };

  it('sets every EUR → X rate and its inverse as of the file’s day', () => {
    expect(ecbRatePairs(file, [])).toEqual([
      { base: 'EUR', quote: 'USD', rate: '1.0541', day: '2026-12-04' },
      { base: 'USD', quote: 'EUR', rate: '0.9486765961', day: '2026-12-04' },
      { base: 'EUR', quote: 'CHF', rate: '0.9385', day: '2026-12-04' },
      { base: 'CHF', quote: 'EUR', rate: '1.0655301012', day: '2026-12-04' },
    ]);
  });

  it('sets a stored pair between two of its currencies again as their cross rate, once; others stay', () => {
    const stored = [
      { base: 'CHF', quote: 'USD' },
      { base: 'CHF', quote: 'USD' },
      { base: 'EUR', quote: 'USD' },
      { base: 'GBP', quote: 'USD' },
      { base: 'USD', quote: 'EUR' },
    ];
    expect(ecbRatePairs(file, stored).slice(4)).toEqual([
      { base: 'CHF', quote: 'USD', rate: '1.1231752797', day: '2026-12-04' },
    ]);
  });

  it('sets a rate by hand with its inverse when asked, never an inverse that rounds to 0', () => {
    expect(withInverse('EUR', 'GBP', '0.8537', '2026-12-04', false)).toEqual([
      { base: 'EUR', quote: 'GBP', rate: '0.8537', day: '2026-12-04' },
    ]);
    expect(withInverse('EUR', 'GBP', '0.5', '2026-12-04', true)).toEqual([
      { base: 'EUR', quote: 'GBP', rate: '0.5', day: '2026-12-04' },
      { base: 'GBP', quote: 'EUR', rate: '2', day: '2026-12-04' },
    ]);
    expect(withInverse('XAF', 'VND', '999999999999', '2026-12-04', true)).toHaveLength(1);
  });
});
