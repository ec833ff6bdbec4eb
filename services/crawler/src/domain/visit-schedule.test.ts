import { NO_CHANGE_HISTORY, type ChangeHistory } from './change-rate.js';
import {
  decayedClicks,
  DEFAULT_VISITS,
  nextProductInterval,
  priorityFromClicks,
  productSchedule,
} from './visit-schedule.js';
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

/**
 * A page whose price moves every `changeEveryMs` (a tick: one new price per period), visited on
 * the schedule for `forMs`, its price changes stopping at `stopAtMs`: the schedule of its last visit.
 */
function crawl(changeEveryMs: number, forMs: number, stopAtMs = Number.POSITIVE_INFINITY) {
  const priceAt = (t: number) => Math.floor(Math.min(t, stopAtMs) / changeEveryMs);
  let at = 0;
  let price = priceAt(0);
  let current = { intervalMs: DEFAULT_VISITS.initialIntervalMs, fastMover: false };
  let history: ChangeHistory = NO_CHANGE_HISTORY;
  let becameFastAt: number | null = null;
  while (at + current.intervalMs <= forMs) {
    const previous = at;
    at += current.intervalMs;
    const seen = priceAt(at);
    const schedule = productSchedule(
      DEFAULT_VISITS,
      { currentMs: current.intervalMs, priority: 0, history },
      { changed: seen !== price, sinceLastMs: at - previous },
    );
    price = seen;
    history = schedule.changeHistory;
    current = schedule;
    if (schedule.fastMover && becameFastAt === null) becameFastAt = at;
  }
  return { ...current, becameFastAt };
}

describe('fast movers from the change rate', () => {
  it('visits a page repriced every 15 minutes every 40 s once its changes are seen, within a day', () => {
    const page = crawl(15 * 60_000, 24 * HOUR);
    expect(page).toMatchObject({ fastMover: true, intervalMs: 40_000 });
    // Hourly visits see at most one change an hour, and its first 6 h interval counts as watched:
    // its estimate falls below one change in 2 h some 15 hours after it was found.
    expect(page.becameFastAt).toBeLessThan(16 * HOUR);
  });

  it('never treats a page repriced every 6 hours as a fast mover', () => {
    expect(crawl(6 * HOUR, 7 * 24 * HOUR)).toMatchObject({ fastMover: false, becameFastAt: null });
  });

  it('lets a fast mover go back to the ordinary schedule once its prices stop moving', () => {
    const page = crawl(15 * 60_000, 72 * HOUR, 24 * HOUR);
    expect(page.becameFastAt).not.toBeNull();
    expect(page.fastMover).toBe(false);
    expect(page.intervalMs).toBeGreaterThanOrEqual(DEFAULT_VISITS.minIntervalMs);
  });

  it('takes one change right after the first visits for chance, two for a habit', () => {
    const settings = { ...DEFAULT_VISITS, initialIntervalMs: 30_000, minIntervalMs: 30_000 };
    const page = { currentMs: 30_000, priority: 0 };
    const once = productSchedule(
      settings,
      { ...page, history: NO_CHANGE_HISTORY },
      { changed: true, sinceLastMs: 30_000 },
    );
    expect(once.fastMover).toBe(false);
    const twice = productSchedule(
      settings,
      { ...page, history: once.changeHistory },
      { changed: true, sinceLastMs: 30_000 },
    );
    expect(twice).toMatchObject({ fastMover: true, intervalMs: settings.fastMoverIntervalMs });
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
