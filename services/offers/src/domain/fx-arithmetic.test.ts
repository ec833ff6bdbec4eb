import { chainRates, convertMinor, divideRounded, formatRate, invertRate, parseRate } from './fx-arithmetic.js';

describe('FX arithmetic on integers', () => {
  it('reads rates as decimals with up to 10 fractional digits and rejects anything else', () => {
    expect(parseRate('1.0734')).toBe(10_734_000_000n);
    expect(parseRate('2')).toBe(20_000_000_000n);
    expect(parseRate('0.0000000001')).toBe(1n);
    for (const bad of ['0', '0.0', '-1.2', '1e3', '1,07', '1.00000000001', '', ' 1.2', 'NaN'])
      expect(parseRate(bad)).toBeNull();
  });

  it('writes rates back without trailing zeros', () => {
    expect(formatRate(10_734_000_000n)).toBe('1.0734');
    expect(formatRate(20_000_000_000n)).toBe('2');
    expect(formatRate(invertRate(parseRate('0.8')!))).toBe('1.25');
  });

  it('rounds half away from zero', () => {
    expect(divideRounded(5n, 10n)).toBe(1n);
    expect(divideRounded(4n, 10n)).toBe(0n);
    expect(divideRounded(-5n, 10n)).toBe(-1n);
    expect(divideRounded(-14n, 10n)).toBe(-1n);
    expect(divideRounded(15n, 10n)).toBe(2n);
  });

  it('converts minor units exactly, rounding the half-cent up', () => {
    // CHF 129.90 at 1.0625 EUR/CHF = EUR 138.019 → 138.02
    expect(convertMinor(12_990, 'CHF', 'EUR', parseRate('1.0625')!)).toBe(13_802);
    // 0.5 cent exactly: 1 minor × 0.5 → 0.5 → 1
    expect(convertMinor(1, 'EUR', 'CHF', parseRate('0.5')!)).toBe(1);
    expect(convertMinor(-1, 'EUR', 'CHF', parseRate('0.5')!)).toBe(-1);
    // A float would say 1.005 * 100 = 100.49999…: integer arithmetic says 100.5 → 101.
    expect(convertMinor(100, 'EUR', 'USD', parseRate('1.005')!)).toBe(101);
  });

  it('respects currencies whose minor unit is not the hundredth', () => {
    // CHF 10.00 at 170.25 JPY/CHF = JPY 1702.5 → 1703 (JPY has no minor unit)
    expect(convertMinor(1_000, 'CHF', 'JPY', parseRate('170.25')!)).toBe(1_703);
    // JPY 1703 at 0.0058737 CHF/JPY = CHF 10.0029… → 10.00
    expect(convertMinor(1_703, 'JPY', 'CHF', parseRate('0.0058737')!)).toBe(1_000);
    // EUR 1.00 at 0.33 KWD/EUR = KWD 0.330 (3 decimals)
    expect(convertMinor(100, 'EUR', 'KWD', parseRate('0.33')!)).toBe(330);
  });

  it('inverts and chains rates to 10 digits', () => {
    expect(formatRate(invertRate(parseRate('3')!))).toBe('0.3333333333');
    expect(formatRate(chainRates(parseRate('1.1')!, parseRate('0.9')!))).toBe('0.99');
  });
});
