// Cache workload: set with TTL, get, increment and rate-limit hits from 64 concurrent callers.
import { closedLoop } from './stats.mjs';

export async function cacheWorkload(cache) {
  const prefix = `bench:${process.pid}:${Date.now()}:`;
  const value = 'x'.repeat(200);
  const set = await closedLoop((i) => cache.set(`${prefix}${i % 10_000}`, value, 60_000), {
    concurrency: 64,
    durationMs: 2_000,
  });
  const get = await closedLoop((i) => cache.get(`${prefix}${i % 10_000}`), { concurrency: 64, durationMs: 2_000 });
  const incr = await closedLoop((i) => cache.increment(`${prefix}n${i % 100}`, { ttlMs: 60_000 }), {
    concurrency: 64,
    durationMs: 2_000,
  });
  const hit = await closedLoop((i) => cache.hit(`${prefix}ip${i % 1000}`, 1_000_000, 60_000), {
    concurrency: 64,
    durationMs: 2_000,
  });
  return {
    'set/s': set.perSecond,
    'get/s': get.perSecond,
    'increment/s': incr.perSecond,
    'rate-limit hits/s': hit.perSecond,
    'get p99 ms': get.p99,
  };
}
