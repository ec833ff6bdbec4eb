import { fxRates } from './fx-rates';

describe('seed FX rates', () => {
  const asOf = new Date('2025-11-22T00:00:00Z');
  const rates = fxRates(asOf);
  const rate = (base: string, quote: string) =>
    Number(rates.find((r) => r.baseCurrency === base && r.quoteCurrency === quote)?.rate);

  it('covers every ordered pair of CHF, EUR, GBP and USD, valid from the given day', () => {
    expect(rates).toHaveLength(12);
    for (const r of rates) {
      expect(r.rate).toMatch(/^\d+\.\d{6}$/);
      expect(r.asOf).toBe(asOf);
    }
  });

  it('is consistent: inverse pairs multiply to 1 and crosses go through EUR', () => {
    expect(rate('EUR', 'CHF') * rate('CHF', 'EUR')).toBeCloseTo(1, 5);
    expect(rate('GBP', 'CHF')).toBeCloseTo(rate('GBP', 'EUR') * rate('EUR', 'CHF'), 5);
    expect(rate('EUR', 'CHF')).toBeGreaterThan(0.85);
    expect(rate('EUR', 'CHF')).toBeLessThan(1.1);
  });
});
