import { UnavailableError } from '@pc/kit/errors/domain-errors';
import type { Cache } from '@pc/kit/ports/cache';
import { describeWithEngine, enginesAreManaged, restartEngine } from '@pc/kit/testing/real-engine';
import { openRedisCache } from './redis-cache.js';
import { deleteKeysUnder, testKeyPrefix } from './test-support/test-prefix.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Outcomes {
  /** Values returned by increments that succeeded, with when they returned. */
  readonly acknowledged: { value: number; at: number }[];
  readonly failures: { error: unknown; tookMs: number }[];
}

/** Increments one counter in a loop until told to stop, recording every outcome. */
async function incrementUntil(cache: Cache, stop: () => boolean, outcomes: Outcomes): Promise<void> {
  while (!stop()) {
    const started = Date.now();
    try {
      outcomes.acknowledged.push({ value: await cache.increment('counter'), at: Date.now() });
    } catch (error) {
      outcomes.failures.push({ error, tookMs: Date.now() - started });
    }
    await sleep(5);
  }
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await sleep(20);
}

describeWithEngine('REDIS_URL', 'Redis cache across a Redis restart', (url) => {
  const keyPrefix = testKeyPrefix('fault');
  afterAll(() => deleteKeysUnder(url, keyPrefix));
  // Restarting a Redis we do not run (a shared one, a testcontainer) is not ours to do.
  const managedIt = enginesAreManaged() ? it : it.skip;
  if (!enginesAreManaged())
    process.stderr.write('\n*** SKIPPED: Redis restart fault test — ENGINES_HOME not set (not a Redis we run) ***\n');

  managedIt(
    'fails fast while Redis is down, recovers by itself and keeps every acknowledged increment',
    async () => {
      const cache = await openRedisCache({ url, keyPrefix });
      const outcomes: Outcomes = { acknowledged: [], failures: [] };
      let stopped = false;
      const workers = Array.from({ length: 4 }, () => incrementUntil(cache, () => stopped, outcomes));
      try {
        await waitFor(() => outcomes.acknowledged.length >= 100, 10_000);
        await restartEngine('redis');
        const restartedAt = Date.now();
        const acknowledgedSinceRestart = (): number => outcomes.acknowledged.filter((a) => a.at > restartedAt).length;
        await waitFor(() => acknowledgedSinceRestart() >= 100, 15_000);
        stopped = true;
        await Promise.all(workers);

        // The outage was seen, and each failed call said UNAVAILABLE at once instead of hanging.
        expect(outcomes.failures.length).toBeGreaterThan(0);
        for (const failure of outcomes.failures) expect(failure.error).toBeInstanceOf(UnavailableError);
        expect(Math.max(...outcomes.failures.map((f) => f.tookMs))).toBeLessThan(1_000);
        // The same cache object works again, without being reopened.
        expect(acknowledgedSinceRestart()).toBeGreaterThanOrEqual(100);
        await expect(cache.isReady()).resolves.toBe(true);
        // A lost acknowledged increment would make a later one return a number seen before.
        const values = outcomes.acknowledged.map((a) => a.value);
        expect(new Set(values).size).toBe(values.length);
        // Calls that failed in flight may or may not have been applied; acknowledged ones all were.
        const final = Number(await cache.get('counter'));
        expect(final).toBeGreaterThanOrEqual(Math.max(values.length, ...values));
        expect(final).toBeLessThanOrEqual(values.length + outcomes.failures.length);
      } finally {
        stopped = true;
        await Promise.all(workers);
        await cache.close();
      }
    },
    60_000,
  );
});
