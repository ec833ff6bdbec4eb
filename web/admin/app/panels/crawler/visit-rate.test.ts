import { formatChangesPerDay, formatVisitInterval } from './visit-rate';

describe("the crawler panel's visit rates", () => {
  it('shows a fast mover in seconds, not rounded to a minute', () => {
    expect(formatVisitInterval(40, 'en')).toBe('40 sec');
    expect(formatVisitInterval(119, 'en')).toBe('119 sec');
  });

  it('shows ordinary intervals in minutes, then hours, in the page language', () => {
    expect(formatVisitInterval(45 * 60, 'en')).toBe('45 min');
    expect(formatVisitInterval(6 * 3600, 'en')).toBe('6 hr');
    expect(formatVisitInterval(1.5 * 3600 + 3600, 'de')).toBe('2,5 Std.');
  });

  it('shows price changes a day with the precision a rare change needs', () => {
    expect(formatChangesPerDay(0.25, 'en')).toBe('0.25');
    expect(formatChangesPerDay(96.04, 'en')).toBe('96');
    expect(formatChangesPerDay(12.345, 'de')).toBe('12,3');
  });
});
