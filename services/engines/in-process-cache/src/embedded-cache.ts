import { LRUCache } from 'lru-cache';
import { FailedPreconditionError, UnavailableError } from '@pc/kit/errors/domain-errors';
import type { Cache, RateLimitDecision } from '@pc/kit/ports/cache';
import { checkIncrement, checkRateLimit, checkTtl } from '@pc/kit/adapters/shared-cache/cache-arguments';

export interface EmbeddedCacheOptions {
  /** Most entries kept; the least recently used go first. Default 100,000. */
  readonly maxEntries?: number;
  /** Clock in ms (must be > 0: lru-cache reads a start of 0 as "no TTL"), for tests; default `performance.now()`. */
  readonly now?: () => number;
}

const INTEGER = /^-?\d+$/;
/** Rate-limit counters live beside cache values but never collide with a caller's key. */
const RATE_PREFIX = '\u0000rate:';

/**
 * The in-process Cache of the local profile, on lru-cache. Every operation runs to
 * completion on the event loop, so read-modify-write (increment, hit) is atomic without locks.
 * Expired entries are dropped when read and otherwise age out by LRU; no timers run.
 */
export function createEmbeddedCache(options: EmbeddedCacheOptions = {}): Cache {
  const now = options.now ?? (() => performance.now());
  const entries = new LRUCache<string, string>({
    max: options.maxEntries ?? 100_000,
    // A resolution of 0 reads the clock on every check, so an injected clock is exact.
    ttlResolution: 0,
    perf: { now },
  });
  let closed = false;
  const open = (): void => {
    if (closed) throw new UnavailableError('the embedded cache is closed');
  };

  const increment = (key: string, by: number, ttlMs: number | undefined): number => {
    const current = entries.get(key);
    if (current === undefined) {
      entries.set(key, String(by), ttlMs === undefined ? {} : { ttl: ttlMs });
      return by;
    }
    if (!INTEGER.test(current)) throw new FailedPreconditionError(`cache value of ${key} is not an integer`);
    const next = Number(current) + by;
    // The TTL was set on creation; an increment must not extend it.
    entries.set(key, String(next), { noUpdateTTL: true });
    return next;
  };

  return {
    async get(key) {
      open();
      return entries.get(key) ?? null;
    },
    async set(key, value, ttlMs) {
      open();
      checkTtl(ttlMs);
      entries.set(key, value, ttlMs === undefined ? { ttl: 0 } : { ttl: ttlMs });
    },
    async delete(key) {
      open();
      entries.delete(key);
    },
    async increment(key, incrementOptions) {
      open();
      const by = incrementOptions?.by ?? 1;
      checkIncrement(by);
      checkTtl(incrementOptions?.ttlMs);
      return increment(key, by, incrementOptions?.ttlMs);
    },
    async hit(key, limit, windowMs): Promise<RateLimitDecision> {
      open();
      checkRateLimit(limit, windowMs);
      // Fixed window opened by the first hit, like INCR + PEXPIRE NX + PTTL in Redis.
      const rateKey = RATE_PREFIX + key;
      const count = increment(rateKey, 1, windowMs);
      if (count <= limit) return { allowed: true, remaining: limit - count, retryAfterMs: 0 };
      // lru-cache expires once strictly more than the TTL has passed: the first allowed ms is +1.
      return { allowed: false, remaining: 0, retryAfterMs: Math.floor(entries.getRemainingTTL(rateKey)) + 1 };
    },
    async isReady() {
      return !closed;
    },
    async close() {
      closed = true;
      entries.clear();
    },
  };
}
