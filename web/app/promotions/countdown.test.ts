import { countdown, ticks } from './countdown';

const now = Date.parse('2026-11-24T12:00:00Z');
const later = (ms: number) => new Date(now + ms).toISOString();

describe('countdown', () => {
  it('counts whole days when more than a day is left', () => {
    expect(countdown(later(3 * 86_400_000 + 5_000), now)).toEqual({ kind: 'days', days: 3 });
    expect(countdown(later(86_400_000 + 1), now)).toEqual({ kind: 'days', days: 1 });
  });

  it('shows zero-padded hours:minutes:seconds within the last day', () => {
    expect(countdown(later(86_400_000), now)).toMatchObject({ kind: 'clock', text: '24:00:00' });
    expect(countdown(later((5 * 3600 + 7 * 60 + 9) * 1000), now)).toMatchObject({ kind: 'clock', text: '05:07:09' });
    expect(countdown(later(999), now)).toMatchObject({ kind: 'clock', text: '00:00:00' });
  });

  it('stops at zero', () => {
    expect(countdown(later(0), now)).toEqual({ kind: 'ended' });
    expect(countdown(later(-5000), now)).toEqual({ kind: 'ended' });
  });

  it('ticks every second only in the clock form', () => {
    expect(ticks(countdown(later(3600_000), now))).toBe(true);
    expect(ticks(countdown(later(3 * 86_400_000), now))).toBe(false);
    expect(ticks(countdown(later(-1), now))).toBe(false);
  });
});
