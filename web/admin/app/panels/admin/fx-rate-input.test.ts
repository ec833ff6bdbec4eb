import { ageInDays, isStale, todayUtc } from './fx-rate-input';

describe('the age of an FX rate on the FX rates page', () => {
  it('flags a rate older than 7 days as stale', () => {
    const now = new Date('2026-12-06T12:00:00Z');
    expect(isStale('2026-11-29T00:00:00Z', now)).toBe(false);
    expect(isStale('2026-11-28T00:00:00Z', now)).toBe(true);
  });

  it('counts whole days from the as-of day, today in UTC', () => {
    const now = new Date('2026-12-06T00:30:00Z');
    expect(ageInDays('2026-12-06T00:00:00Z', now)).toBe(0);
    expect(ageInDays('2026-12-04T00:00:00Z', now)).toBe(2);
    expect(todayUtc(now)).toBe('2026-12-06');
  });
});
