import { Redis } from 'ioredis';
import { FailedPreconditionError, UnavailableError } from '@pc/kit/errors/domain-errors';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { openRedisCache } from './redis-cache.js';
import { deleteKeysUnder, testKeyPrefix } from './test-support/test-prefix.js';

/** What the contract leaves open: the error classes, the key prefix, and an unreachable Redis. */
describe('openRedisCache without a server', () => {
  it('fails with UnavailableError once the startup timeout has passed', async () => {
    const started = Date.now();
    const opening = openRedisCache({ url: 'redis://127.0.0.1:1', keyPrefix: 'x:', startupTimeoutMs: 300 });
    await expect(opening).rejects.toBeInstanceOf(UnavailableError);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describeWithEngine('REDIS_URL', 'openRedisCache', (url) => {
  const prefix = testKeyPrefix('adapter');
  afterAll(() => deleteKeysUnder(url, prefix));

  it('refuses to increment a non-integer or past 64 bits with FailedPreconditionError', async () => {
    const cache = await openRedisCache({ url, keyPrefix: prefix });
    try {
      await cache.set('text', 'abc');
      await expect(cache.increment('text')).rejects.toBeInstanceOf(FailedPreconditionError);
      await expect(cache.increment('text', { ttlMs: 1_000 })).rejects.toBeInstanceOf(FailedPreconditionError);
      await expect(cache.get('text')).resolves.toBe('abc');
      await cache.set('max', '9223372036854775807');
      await expect(cache.increment('max')).rejects.toBeInstanceOf(FailedPreconditionError);
    } finally {
      await cache.close();
    }
  });

  it('keeps the keys of two prefixes apart and stores them under the prefix in Redis', async () => {
    const offers = await openRedisCache({ url, keyPrefix: `${prefix}offers:` });
    const search = await openRedisCache({ url, keyPrefix: `${prefix}search:` });
    const admin = new Redis(url);
    try {
      await offers.set('k', 'from offers');
      await expect(search.get('k')).resolves.toBeNull();
      await search.hit('ip', 1, 10_000);
      await expect(offers.hit('ip', 1, 10_000)).resolves.toMatchObject({ allowed: true });
      await expect(admin.get(`${prefix}offers:k`)).resolves.toBe('from offers');
    } finally {
      await Promise.all([offers.close(), search.close(), admin.quit()]);
    }
  });

  it('does not put a TTL on an existing counter that has none', async () => {
    const cache = await openRedisCache({ url, keyPrefix: prefix });
    try {
      await cache.increment('forever');
      await cache.increment('forever', { ttlMs: 50 });
      await new Promise((resolve) => setTimeout(resolve, 120));
      await expect(cache.get('forever')).resolves.toBe('2');
    } finally {
      await cache.close();
    }
  });

  it('refuses every call and reports not ready once closed', async () => {
    const cache = await openRedisCache({ url, keyPrefix: prefix });
    await cache.close();
    await expect(cache.isReady()).resolves.toBe(false);
    await expect(cache.get('k')).rejects.toBeInstanceOf(UnavailableError);
    await expect(cache.hit('k', 0, 0)).rejects.toBeInstanceOf(UnavailableError);
    await expect(cache.close()).resolves.toBeUndefined();
  });
});
