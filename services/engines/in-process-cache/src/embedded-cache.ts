import { LRUCache } from 'lru-cache';
import { FailedPreconditionError, InvalidArgumentError, UnavailableError } from '@pc/kit/errors/domain-errors';
import type { Cache, CacheKeyInfo, RateLimitDecision } from '@pc/kit/ports/cache';
import {
  checkIncrement,
  checkRateLimit,
  checkTtl,
  RATE_PREFIX,
  scanLimit,
} from '@pc/kit/ports/support/cache/cache-arguments';

export interface EmbeddedCacheOptions {
  /** Most entries kept; the least recently used go first. Default 100,000. */
  readonly maxEntries?: number;
  /** Clock in ms (must be > 0: lru-cache reads a start of 0 as "no TTL"), for tests; default `performance.now()`. */
  readonly now?: () => number;
}

const INTEGER = /^-?\d+$/;

/** A scan's cursor names the last key it answered (keys are visited in sorted order). */
const cursorOf = (key: string): string => `after:${Buffer.from(key).toString('base64url')}`;
const keyAfter = (cursor: string): string => {
  if (!cursor.startsWith('after:'))
    throw new InvalidArgumentError([{ field: 'cursor', reason: 'is not a cursor this cache answered' }]);
  return Buffer.from(cursor.slice('after:'.length), 'base64url').toString();
};

/** A stored key as its caller named it, and whether it is a rate limiter's window. */
const callerKey = (stored: string): { key: string; rateLimit: boolean } =>
  stored.startsWith(RATE_PREFIX)
    ? { key: stored.slice(RATE_PREFIX.length), rateLimit: true }
    : { key: stored, rateLimit: false };

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
    async scanKeys(prefix, scanOptions) {
      open();
      const limit = scanLimit(scanOptions?.limit);
      const after = scanOptions?.cursor ? keyAfter(scanOptions.cursor) : null;
      // In sorted order of the stored keys from the cursor's (windows, under RATE_PREFIX, sort
      // apart): a key present throughout is seen exactly once, whatever is read or written between
      // steps (LRU order would move under the scan).
      const matching = [...entries.keys()]
        .filter((stored) => callerKey(stored).key.startsWith(prefix) && (after === null || stored > after))
        .sort();
      const page: CacheKeyInfo[] = [];
      for (const stored of matching.slice(0, limit)) {
        const value = entries.peek(stored);
        if (value === undefined) continue;
        const ttl = entries.getRemainingTTL(stored);
        page.push({
          ...callerKey(stored),
          sizeBytes: Buffer.byteLength(value),
          ttlMs: Number.isFinite(ttl) ? Math.max(0, Math.ceil(ttl)) : null,
        });
      }
      const last = matching[Math.min(limit, matching.length) - 1];
      return { keys: page, cursor: matching.length > limit && last !== undefined ? cursorOf(last) : '' };
    },
    async deleteByPrefix(prefix, deleteOptions) {
      open();
      let deleted = 0;
      for (const stored of [...entries.keys()]) {
        const { key, rateLimit } = callerKey(stored);
        if (key.startsWith(prefix) && (!rateLimit || deleteOptions?.rateLimits) && entries.delete(stored)) deleted += 1;
      }
      return deleted;
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
