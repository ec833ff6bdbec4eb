import { parseEcbCsv } from './ecb-rates.server';
import { crossRate, inverseRate, isStale, normalizeRate } from './fx-rate-input';

describe("the ECB's daily reference rates file (eurofxref.csv)", () => {
  it('reads the header and the one row of units per 1 EUR, as published (spaces, trailing comma, BOM)', () => {
    const file = '\uFEFFDate, USD, JPY, BGN, IDR, \r\n06 December 2026, 1.0541, 162.23, 1.9558, 17251.43, \r\n';
    expect(parseEcbCsv(file)).toEqual({
      day: '2026-12-06',
      rates: [
        { currency: 'USD', rate: '1.0541' },
        { currency: 'JPY', rate: '162.23' },
        { currency: 'BGN', rate: '1.9558' },
        { currency: 'IDR', rate: '17251.43' },
      ],
      missing: [],
    });
  });

  it('leaves out "N/A" and reads the history file’s day form', () => {
    expect(parseEcbCsv('Date,USD,RUB\n2026-12-04,1.0541,N/A\n')).toEqual({
      day: '2026-12-04',
      rates: [{ currency: 'USD', rate: '1.0541' }],
      missing: ['RUB'],
    });
  });

  it.each([
    ['another CSV', 'name,price\nA,1\n', 'fx.ecb.header'],
    ['no row', 'Date, USD,\n', 'fx.ecb.rows'],
    ['the history file (many rows)', 'Date,USD\n2026-12-04,1.05\n2026-12-03,1.04\n', 'fx.ecb.rows'],
    ['a bad day', 'Date, USD\n31 February 2026, 1.05\n', 'fx.ecb.date'],
    ['a bad code', 'Date, USDX\n06 December 2026, 1.05\n', 'fx.ecb.currency'],
    ['EUR itself', 'Date, EUR\n06 December 2026, 1\n', 'fx.ecb.currency'],
    ['a code twice', 'Date, USD, usd\n06 December 2026, 1.05, 1.06\n', 'fx.ecb.duplicate'],
    ['a negative rate', 'Date, USD\n06 December 2026, -1.05\n', 'fx.ecb.rate'],
    ['a zero rate', 'Date, USD\n06 December 2026, 0\n', 'fx.ecb.rate'],
    ['no rate at all', 'Date, USD\n06 December 2026, N/A\n', 'fx.ecb.noRates'],
    ['broken quoting', 'Date, USD\n"06 December 2026, 1.05\n', 'fx.ecb.unreadable'],
  ])('refuses %s', (_name, file, error) => {
    expect(parseEcbCsv(file)).toMatchObject({ error });
  });
});

describe('FX rate input', () => {
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

  it('flags a rate older than 7 days as stale', () => {
    const now = new Date('2026-12-06T12:00:00Z');
    expect(isStale('2026-11-29T00:00:00Z', now)).toBe(false);
    expect(isStale('2026-11-28T00:00:00Z', now)).toBe(true);
  });
});
