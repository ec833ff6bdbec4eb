import { formatAge, formatBytes } from './index-storage';

describe("the infrastructure panel's index sizes", () => {
  it('shows bytes in binary units with at most three significant digits', () => {
    expect(formatBytes(0, 'en')).toBe('0 B');
    expect(formatBytes(1000, 'en')).toBe('1,000 B');
    expect(formatBytes(4096, 'en')).toBe('4 KiB');
    expect(formatBytes(412 * 1024 * 1024 + 300_000, 'en')).toBe('412 MiB');
    expect(formatBytes(3.7 * 1024 ** 3, 'en')).toBe('3.7 GiB');
    expect(formatBytes(3.7 * 1024 ** 3, 'de')).toBe('3,7 GiB');
    expect(formatBytes(41.25 * 1024 ** 2, 'en')).toBe('41.3 MiB');
  });

  it('tells how long ago a size was measured, in the page language', () => {
    expect(formatAge(12, 'en')).toBe('12 seconds ago');
    expect(formatAge(3 * 60 + 20, 'en')).toBe('3 minutes ago');
    expect(formatAge(3 * 60 + 20, 'de')).toBe('vor 3 Minuten');
    expect(formatAge(2 * 3600 + 5, 'de')).toBe('vor 2 Stunden');
  });
});
