import { nextRunDelayMs } from './freshness-sweep.js';

describe('the wait before a periodic job runs again', () => {
  it('is the interval while a run is cheap', () => {
    expect(nextRunDelayMs(60_000, 0, 0.02)).toBe(60_000);
    expect(nextRunDelayMs(60_000, 1_200, 0.02)).toBe(60_000); // 2 % of 60 s
  });

  it('stretches so that an expensive run keeps to its share of the time', () => {
    // The shop counts at 1M products: 6 s a run, at most 2 % of offers' thread.
    const delay = nextRunDelayMs(60_000, 6_000, 0.02);
    expect(delay).toBe(294_000);
    expect(6_000 / (6_000 + delay)).toBeCloseTo(0.02, 6);
  });

  it('never waits less than the interval, whatever the share', () => {
    expect(nextRunDelayMs(5_000, 4_000, 1)).toBe(5_000);
  });
});
