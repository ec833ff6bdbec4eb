import { formatGrpcTimeout, parseGrpcTimeout } from './grpc-timeout.js';

describe('grpc-timeout', () => {
  it.each([
    ['250m', 250],
    ['3S', 3_000],
    ['2M', 120_000],
    ['1H', 3_600_000],
    ['1500u', 1.5],
    ['99999999n', 99.999999],
  ])('reads %s as %d ms', (header, ms) => {
    expect(parseGrpcTimeout(header)).toBeCloseTo(ms, 6);
  });

  it('has no deadline without the header and rejects malformed ones', () => {
    expect(parseGrpcTimeout(undefined)).toBe(Infinity);
    for (const bad of ['', '5', 'S', '123456789m', '1.5S', '-1S', '10s']) expect(parseGrpcTimeout(bad)).toBeNaN();
  });

  it('writes at most 8 digits, rounding up so a deadline is never shortened', () => {
    expect(formatGrpcTimeout(4_999.2)).toBe('5000m');
    expect(formatGrpcTimeout(0)).toBe('0m');
    expect(formatGrpcTimeout(99_999_999)).toBe('99999999m');
    expect(formatGrpcTimeout(100_000_000)).toBe('100000S');
    expect(formatGrpcTimeout(1e12)).toBe('277778H');
    expect(parseGrpcTimeout(formatGrpcTimeout(123_456))).toBe(123_456);
  });
});
