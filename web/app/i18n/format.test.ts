import { formatCompact, formatDate, formatNumber, formatPrice } from './format';
import { countForm } from './plural';

// ICU versions differ in spaces and the Swiss thousands mark; the digits and decimals must not.
const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').replace(/’/g, "'");

describe('formatPrice', () => {
  it('writes Swiss thousands with the same apostrophe whatever the ICU release (server and browser agree)', () => {
    for (const tag of ['de-CH', 'fr-CH', 'it-CH', 'en-CH']) {
      // Grouped with ’ or (where the locale groups only from five digits) not at all.
      expect(formatPrice(127950, 'CHF', tag)).toMatch(/1’?279[.,]50/);
      expect(formatPrice(12795000, 'CHF', tag)).toMatch(/127’950[.,]00/);
    }
    expect(formatPrice(127950, 'EUR', 'fr-FR')).not.toContain('’');
  });

  it('shows minor units with exactly two decimals, in the locale’s way', () => {
    expect(nbsp(formatPrice(129900, 'CHF', 'de-CH'))).toBe("CHF 1'299.00");
    expect(nbsp(formatPrice(5, 'EUR', 'de-DE'))).toBe('0,05 €');
    expect(nbsp(formatPrice(100000, 'GBP', 'en-GB'))).toBe('£1,000.00');
    expect(nbsp(formatPrice(1999, 'EUR', 'fr-FR'))).toBe('19,99 €');
  });

  it('writes a bare amount when no currency is given', () => {
    expect(formatPrice(1050, null, 'en-CH')).toBe('10.50');
  });
});

describe('formatted texts kept for reuse', () => {
  const intl = (value: number, digits: number) =>
    new Intl.NumberFormat('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

  it('write each value as Intl does, however often and in whatever order it is asked', () => {
    const values = [0, -0, 0.1 + 0.2, 0.3, 4.45, 4.5, -12.5, 1234.5, 1e21];
    for (const round of [1, 2])
      for (const digits of [0, 1])
        for (const value of round === 1 ? values : [...values].reverse())
          expect({ value, digits, text: formatNumber(value, 'en-GB', digits) }).toEqual({
            value,
            digits,
            text: intl(value, digits),
          });
    expect(formatNumber(-0, 'en-GB')).toBe('-0');
  });

  it('keep prices of one amount apart by currency and language', () => {
    expect(nbsp(formatPrice(129900, 'CHF', 'de-CH'))).toBe("CHF 1'299.00");
    expect(nbsp(formatPrice(129900, 'EUR', 'de-DE'))).toBe('1.299,00 €');
    expect(nbsp(formatPrice(129900, null, 'de-DE'))).toBe('1.299,00');
  });

  it('stay right past the number of texts kept', () => {
    for (let value = 0; value < 25_000; value += 1) formatNumber(value, 'en-GB');
    expect(formatNumber(24_999, 'en-GB')).toBe('24,999');
    expect(formatNumber(7, 'en-GB', 1)).toBe('7.0');
  });
});

describe('formatCompact', () => {
  it('uses K, M and B with one decimal', () => {
    expect(formatCompact(999, 'en-GB')).toBe('999');
    expect(formatCompact(1234, 'en-GB')).toBe('1.2K');
    expect(formatCompact(2_500_000, 'en-GB')).toBe('2.5M');
    expect(formatCompact(30_000_000_000, 'en-GB')).toBe('30.0B');
  });

  it('moves to the next unit when rounding reaches a thousand', () => {
    expect(formatCompact(999_960, 'en-GB')).toBe('1.0M');
  });

  it('writes the decimal the locale’s way', () => {
    expect(formatCompact(1234, 'de-DE')).toBe('1,2K');
  });
});

describe('formatDate', () => {
  it('prints the UTC day, the same on server and browser', () => {
    expect(formatDate('2026-03-01T23:30:00Z', 'de-CH')).toBe('01.03.2026');
  });
});

describe('countForm', () => {
  it('picks zero, one or many by the language’s plural rules', () => {
    expect(countForm(0, 'en')).toBe('zero');
    expect(countForm(1, 'en')).toBe('one');
    expect(countForm(2, 'en')).toBe('many');
    expect(countForm(0, 'fr')).toBe('zero'); // French reads 0 as singular, the zero message wins
    expect(countForm(1, 'de')).toBe('one');
    expect(countForm(1_000_000, 'fr')).toBe('many');
  });
});
