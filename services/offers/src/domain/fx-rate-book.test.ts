import { formatRate, parseRate } from './fx-arithmetic.js';
import { FxRateBook, type StoredRate } from './fx-rate-book.js';

const rate = (base: string, quote: string, value: string, asOf: string): StoredRate => ({
  base,
  quote,
  scaled: parseRate(value)!,
  asOf: new Date(asOf),
});

describe('FxRateBook', () => {
  const book = new FxRateBook([
    rate('EUR', 'CHF', '0.94', '2026-01-01T00:00:00Z'),
    rate('EUR', 'CHF', '0.95', '2026-02-01T00:00:00Z'),
    rate('EUR', 'GBP', '0.85', '2026-01-01T00:00:00Z'),
  ]);

  it('uses the latest rate published at or before the time asked', () => {
    expect(formatRate(book.resolve('EUR', 'CHF', new Date('2026-01-15T00:00:00Z'))!.scaled)).toBe('0.94');
    expect(formatRate(book.resolve('EUR', 'CHF', new Date('2026-03-01T00:00:00Z'))!.scaled)).toBe('0.95');
  });

  it('has no rate before the first one unless asked to fall back to it', () => {
    const before = new Date('2025-06-01T00:00:00Z');
    expect(book.resolve('EUR', 'CHF', before)).toBeNull();
    expect(formatRate(book.resolve('EUR', 'CHF', before, { earliestIfNone: true })!.scaled)).toBe('0.94');
  });

  it('serves the opposite direction by the inverse and other pairs through EUR', () => {
    const at = new Date('2026-03-01T00:00:00Z');
    const inverse = book.resolve('CHF', 'EUR', at)!;
    expect(inverse).toMatchObject({ base: 'CHF', quote: 'EUR', derived: true });
    expect(formatRate(inverse.scaled)).toBe('1.0526315789');
    // CHF → EUR → GBP: 1.0526315789 × 0.85
    const cross = book.resolve('CHF', 'GBP', at)!;
    expect(formatRate(cross.scaled)).toBe('0.8947368421');
    expect(cross.asOf).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(book.resolve('CHF', 'USD', at)).toBeNull();
  });

  it('converts money and lists the quotes known for a base', () => {
    expect(
      book.convert({ amountMinor: 10_000, currency: 'EUR' }, 'CHF', new Date('2026-03-01T00:00:00Z'))?.money,
    ).toEqual({ amountMinor: 9_500, currency: 'CHF' });
    expect(book.convert({ amountMinor: 10_000, currency: 'EUR' }, 'EUR', new Date())).toEqual({
      money: { amountMinor: 10_000, currency: 'EUR' },
      rate: null,
    });
    expect(book.quotesOf('EUR')).toEqual(['CHF', 'GBP']);
    expect(book.quotesOf('CHF')).toEqual(['EUR']);
  });
});
