import { UnavailableError } from '@pc/kit/errors/domain-errors';
import type { Cache, RateLimitDecision } from '@pc/kit/ports/cache';
// The same argument checks as the embedded adapter, so both reject the same calls the same way.
import {
  checkIncrement,
  checkRateLimit,
  checkTtl,
  RATE_PREFIX,
  scanLimit,
} from '@pc/kit/ports/support/cache/cache-arguments';
import { connectRedis, type RedisCacheLogger } from './redis-client.js';
import { checkScanCursor, deleteUnder, scanUnder } from './redis-key-scan.js';
import { toDomainError } from './redis-errors.js';

export interface RedisCacheOptions {
  /** e.g. redis://127.0.0.1:6379 (rediss:// for TLS, user:password@ for ACLs). */
  readonly url: string;
  /** Prepended to every key, e.g. `offers:`, so services sharing one Redis never collide. */
  readonly keyPrefix: string;
  /** A call that gets no answer within this fails with UnavailableError. Default 2,000 ms. */
  readonly commandTimeoutMs?: number;
  /** How long opening waits for a first connection before failing. Default 10,000 ms. */
  readonly startupTimeoutMs?: number;
  readonly logger?: RedisCacheLogger;
}

/**
 * The cluster profile's Cache (docs/architecture.md §4) on ioredis: the behaviour of the embedded
 * adapter, shared by every replica of a service. Counters and rate limits are Lua scripts, so
 * they are atomic across replicas and take one round trip.
 */
export async function openRedisCache(options: RedisCacheOptions): Promise<Cache> {
  const client = await connectRedis({
    url: options.url,
    keyPrefix: options.keyPrefix,
    commandTimeoutMs: options.commandTimeoutMs ?? 2_000,
    startupTimeoutMs: options.startupTimeoutMs ?? 10_000,
    logger: options.logger,
  });
  let closed = false;
  // Checked before the arguments, like the embedded adapter: a closed cache refuses everything.
  const open = (): void => {
    if (closed) throw new UnavailableError('the redis cache is closed');
  };
  /** Maps whatever ioredis rejects with to the domain error a caller can act on. */
  const call = async <T>(key: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw toDomainError(error, key);
    }
  };

  return {
    async get(key) {
      open();
      return call(key, () => client.get(key));
    },
    async set(key, value, ttlMs) {
      open();
      checkTtl(ttlMs);
      // A plain SET drops an earlier TTL, which is what the port promises.
      await call(key, () => (ttlMs === undefined ? client.set(key, value) : client.set(key, value, 'PX', ttlMs)));
    },
    async delete(key) {
      open();
      await call(key, () => client.del(key));
    },
    async increment(key, incrementOptions) {
      open();
      const by = incrementOptions?.by ?? 1;
      checkIncrement(by);
      checkTtl(incrementOptions?.ttlMs);
      const ttl = incrementOptions?.ttlMs === undefined ? '' : String(incrementOptions.ttlMs);
      return call(key, () => client.cacheIncrement(key, by, ttl));
    },
    async hit(key, limit, windowMs): Promise<RateLimitDecision> {
      open();
      checkRateLimit(limit, windowMs);
      const [allowed, remaining, retryAfterMs] = await call(key, () =>
        client.cacheHit(RATE_PREFIX + key, limit, windowMs),
      );
      return { allowed: allowed === 1, remaining, retryAfterMs };
    },
    async scanKeys(prefix, scanOptions) {
      open();
      const limit = scanLimit(scanOptions?.limit);
      checkScanCursor(scanOptions?.cursor ?? '');
      return call(prefix, () => scanUnder(client, options.keyPrefix, prefix, scanOptions?.cursor ?? '', limit));
    },
    async deleteByPrefix(prefix, deleteOptions) {
      open();
      return call(prefix, () => deleteUnder(client, options.keyPrefix, prefix, deleteOptions?.rateLimits ?? false));
    },
    async isReady() {
      if (closed || client.status !== 'ready') return false;
      return client.ping().then(
        (reply) => reply === 'PONG',
        () => false,
      );
    },
    async close() {
      if (closed) return;
      closed = true;
      // QUIT lets pending replies arrive first; when the connection is down, just stop reconnecting.
      await client.quit().catch(() => client.disconnect());
    },
  };
}
