import { decayedClicks, DEFAULT_VISITS, nextProductInterval, priorityFromClicks } from './visit-schedule.js';
import { DEFAULT_POLITENESS, effectiveDelayMs, errorBackoffMs, retryAfterMs } from './politeness-policy.js';

const HOUR = 3_600_000;

describe('visit schedule', () => {
  it('visits a product whose price keeps changing hourly, and a static one daily', () => {
    let fast = DEFAULT_VISITS.initialIntervalMs;
    let slow = DEFAULT_VISITS.initialIntervalMs;
    for (let i = 0; i < 10; i += 1) {
      fast = nextProductInterval(DEFAULT_VISITS, fast, true, 0);
      slow = nextProductInterval(DEFAULT_VISITS, slow, false, 0);
    }
    expect(fast).toBe(HOUR);
    expect(slow).toBe(24 * HOUR);
  });

  it('visits products with priority more often, never more often than the fast movers', () => {
    expect(nextProductInterval(DEFAULT_VISITS, 24 * HOUR, false, 10)).toBe(8 * HOUR);
    expect(nextProductInterval(DEFAULT_VISITS, HOUR, true, 10)).toBe(HOUR);
  });

  it('turns click-outs into priority that fades', () => {
    expect(priorityFromClicks(0)).toBe(0);
    expect(priorityFromClicks(7)).toBe(3);
    expect(priorityFromClicks(10_000)).toBe(10);
    expect(decayedClicks(8, 24 * HOUR)).toBe(4);
  });
});

describe('politeness policy', () => {
  it('waits the default, the override, or a longer Crawl-delay up to its cap', () => {
    expect(effectiveDelayMs(DEFAULT_POLITENESS, { overrideDelayMs: 0, crawlDelaySeconds: null })).toBe(1_000);
    expect(effectiveDelayMs(DEFAULT_POLITENESS, { overrideDelayMs: 250, crawlDelaySeconds: null })).toBe(250);
    expect(effectiveDelayMs(DEFAULT_POLITENESS, { overrideDelayMs: 0, crawlDelaySeconds: 5 })).toBe(5_000);
    expect(effectiveDelayMs(DEFAULT_POLITENESS, { overrideDelayMs: 0, crawlDelaySeconds: 3_600 })).toBe(30_000);
  });

  it('honours Retry-After in seconds or as a date, capped', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(retryAfterMs(DEFAULT_POLITENESS, '120', now)).toBe(120_000);
    expect(retryAfterMs(DEFAULT_POLITENESS, 'Thu, 01 Jan 2026 00:05:00 GMT', now)).toBe(300_000);
    expect(retryAfterMs(DEFAULT_POLITENESS, undefined, now)).toBe(60_000);
    expect(retryAfterMs(DEFAULT_POLITENESS, '999999', now)).toBe(3_600_000);
  });

  it('backs off exponentially after errors', () => {
    expect([1, 2, 3, 4].map((n) => errorBackoffMs(DEFAULT_POLITENESS, n))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(errorBackoffMs(DEFAULT_POLITENESS, 40)).toBe(3_600_000);
  });
});
