import { randomUUID } from 'node:crypto';
import { InvalidArgumentError } from '../../errors/domain-errors.js';
import type { Cache, CacheKeyInfo } from '../cache.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Every key scanKeys answers under `prefix`, stepping through its cursor (at most 1,000 steps). */
async function scanAll(cache: Cache, prefix: string, limit: number): Promise<Map<string, CacheKeyInfo>> {
  const seen = new Map<string, CacheKeyInfo>();
  let cursor = '';
  for (let step = 0; step < 1_000; step += 1) {
    const page = await cache.scanKeys(prefix, { cursor, limit });
    for (const info of page.keys) seen.set(info.key, info);
    cursor = page.cursor;
    if (cursor === '') return seen;
  }
  throw new Error('the scan did not end within 1,000 steps');
}

/**
 * Behaviour every Cache adapter must show. Keys are unique per test, so a shared Redis works;
 * TTLs are 50-200 ms of real time so the same suite runs against a server.
 */
export function describeCacheContract(adapterName: string, makeCache: () => Promise<Cache>): void {
  describe(`Cache contract: ${adapterName}`, () => {
    let cache: Cache;
    let key: (name: string) => string;

    beforeAll(async () => {
      cache = await makeCache();
    });
    afterAll(async () => {
      await cache.close();
    });
    beforeEach(() => {
      const run = randomUUID();
      key = (name) => `contract:${run}:${name}`;
    });

    it('is ready once made', async () => {
      await expect(cache.isReady()).resolves.toBe(true);
    });

    it('stores, overwrites and deletes values', async () => {
      await expect(cache.get(key('a'))).resolves.toBeNull();
      await cache.set(key('a'), 'one');
      await cache.set(key('a'), 'two');
      await expect(cache.get(key('a'))).resolves.toBe('two');
      await cache.delete(key('a'));
      await expect(cache.get(key('a'))).resolves.toBeNull();
      await expect(cache.delete(key('never-set'))).resolves.toBeUndefined();
    });

    it('forgets a value after its TTL and keeps one without', async () => {
      await cache.set(key('short'), 'x', 80);
      await cache.set(key('forever'), 'y');
      await expect(cache.get(key('short'))).resolves.toBe('x');
      await sleep(160);
      await expect(cache.get(key('short'))).resolves.toBeNull();
      await expect(cache.get(key('forever'))).resolves.toBe('y');
    });

    it('drops an earlier TTL when a value is set again without one', async () => {
      await cache.set(key('k'), 'x', 80);
      await cache.set(key('k'), 'y');
      await sleep(160);
      await expect(cache.get(key('k'))).resolves.toBe('y');
    });

    it('rejects a TTL that is not a positive integer', async () => {
      await expect(cache.set(key('k'), 'x', 0)).rejects.toBeInstanceOf(InvalidArgumentError);
      await expect(cache.set(key('k'), 'x', -5)).rejects.toBeInstanceOf(InvalidArgumentError);
    });

    it('increments from nothing, by steps, and reads back as a string', async () => {
      await expect(cache.increment(key('n'))).resolves.toBe(1);
      await expect(cache.increment(key('n'), { by: 5 })).resolves.toBe(6);
      await expect(cache.increment(key('n'), { by: -2 })).resolves.toBe(4);
      await expect(cache.get(key('n'))).resolves.toBe('4');
    });

    it('loses no increment among 100 concurrent calls', async () => {
      const results = await Promise.all(Array.from({ length: 100 }, () => cache.increment(key('c'))));
      expect(new Set(results).size).toBe(100);
      expect(Math.max(...results)).toBe(100);
      await expect(cache.get(key('c'))).resolves.toBe('100');
    });

    it('sets the TTL of a counter on creation and does not extend it on increments', async () => {
      await cache.increment(key('t'), { ttlMs: 200 });
      await sleep(60);
      await expect(cache.increment(key('t'), { ttlMs: 200 })).resolves.toBe(2);
      await sleep(200);
      await expect(cache.get(key('t'))).resolves.toBeNull();
      await expect(cache.increment(key('t'))).resolves.toBe(1);
    });

    it('refuses to increment a value that is not an integer', async () => {
      await cache.set(key('s'), 'abc');
      await expect(cache.increment(key('s'))).rejects.toThrow();
      await expect(cache.get(key('s'))).resolves.toBe('abc');
    });

    it('allows hits up to the limit per window, counting down what remains', async () => {
      const decisions = [];
      for (let i = 0; i < 3; i++) decisions.push(await cache.hit(key('login'), 3, 10_000));
      expect(decisions).toEqual([
        { allowed: true, remaining: 2, retryAfterMs: 0 },
        { allowed: true, remaining: 1, retryAfterMs: 0 },
        { allowed: true, remaining: 0, retryAfterMs: 0 },
      ]);
      const refused = await cache.hit(key('login'), 3, 10_000);
      expect(refused.allowed).toBe(false);
      expect(refused.remaining).toBe(0);
      expect(refused.retryAfterMs).toBeGreaterThan(9_000);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(10_000);
    });

    it('allows exactly the limit among concurrent hits', async () => {
      const decisions = await Promise.all(Array.from({ length: 20 }, () => cache.hit(key('burst'), 5, 10_000)));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
    });

    it('opens a new window once the old one has passed', async () => {
      await cache.hit(key('w'), 1, 120);
      const refused = await cache.hit(key('w'), 1, 120);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterMs).toBeGreaterThan(0);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(120);
      await sleep(refused.retryAfterMs + 60);
      await expect(cache.hit(key('w'), 1, 120)).resolves.toEqual({ allowed: true, remaining: 0, retryAfterMs: 0 });
    });

    it('keeps rate limits of different keys apart from each other and from values', async () => {
      await cache.hit(key('ip-a'), 1, 10_000);
      await expect(cache.hit(key('ip-b'), 1, 10_000)).resolves.toMatchObject({ allowed: true });
      await expect(cache.hit(key('ip-a'), 1, 10_000)).resolves.toMatchObject({ allowed: false });
    });

    it('scans the keys under a prefix in bounded steps, each with its size and TTL', async () => {
      const under = key('scan:');
      const names = Array.from({ length: 25 }, (_, i) => `${under}${String(i).padStart(2, '0')}`);
      for (const [i, name] of names.entries()) await cache.set(name, 'x'.repeat(i), i === 1 ? 60_000 : undefined);
      await cache.increment(`${under}counter`, { by: 42 });
      await cache.hit(`${under}login`, 5, 60_000);
      await cache.set(key('scan-elsewhere'), 'not under the prefix');

      const seen = await scanAll(cache, under, 10);
      expect([...seen.keys()].sort()).toEqual([...names, `${under}counter`, `${under}login`].sort());
      expect(seen.get(`${under}07`)).toEqual({ key: `${under}07`, sizeBytes: 7, ttlMs: null, rateLimit: false });
      expect(seen.get(`${under}login`)).toMatchObject({ sizeBytes: 1, rateLimit: true });
      expect(seen.get(`${under}login`)?.ttlMs).toBeGreaterThan(50_000);
      expect(seen.get(`${under}01`)?.ttlMs).toBeGreaterThan(50_000);
      expect(seen.get(`${under}01`)?.ttlMs).toBeLessThanOrEqual(60_000);
      expect(seen.get(`${under}counter`)?.sizeBytes).toBe(2);
    });

    it('reads a prefix literally, not as a pattern', async () => {
      await cache.set(key('g:a*b'), '1');
      await cache.set(key('g:ab'), '2');
      await cache.set(key('g:a?'), '3');
      expect([...(await scanAll(cache, key('g:a*'), 100)).keys()]).toEqual([key('g:a*b')]);
      await expect(cache.deleteByPrefix(key('g:a?'))).resolves.toBe(1);
      await expect(cache.get(key('g:ab'))).resolves.toBe('2');
    });

    it('rejects a scan step below 1 or above 1,000 keys, and a cursor it did not answer', async () => {
      await expect(cache.scanKeys(key(''), { limit: 0 })).rejects.toBeInstanceOf(InvalidArgumentError);
      await expect(cache.scanKeys(key(''), { limit: 1_001 })).rejects.toBeInstanceOf(InvalidArgumentError);
      await expect(cache.scanKeys(key(''), { cursor: 'not a cursor' })).rejects.toBeInstanceOf(InvalidArgumentError);
    });

    it('flushes the values under a prefix and nothing else; rate-limit windows only when asked', async () => {
      const under = key('flush:');
      for (let i = 0; i < 30; i++) await cache.set(`${under}${i}`, 'v');
      await cache.increment(`${under}n`);
      await cache.hit(`${under}login`, 1, 60_000);
      await cache.set(key('flus'), 'kept: its name is shorter than the prefix');

      await expect(cache.deleteByPrefix(under)).resolves.toBe(31);
      expect([...(await scanAll(cache, under, 100)).values()]).toEqual([
        expect.objectContaining({ key: `${under}login`, rateLimit: true }),
      ]);
      await expect(cache.get(key('flus'))).resolves.not.toBeNull();
      await expect(cache.hit(`${under}login`, 1, 60_000)).resolves.toMatchObject({ allowed: false });

      // Lifting the lockout is asked for on its own.
      await expect(cache.deleteByPrefix(under, { rateLimits: true })).resolves.toBe(1);
      await expect(cache.hit(`${under}login`, 1, 60_000)).resolves.toMatchObject({ allowed: true });
      await cache.deleteByPrefix('', { rateLimits: true });
      expect((await scanAll(cache, '', 1_000)).size).toBe(0);
    });

    it('rejects a limit below 1 or a window below 1 ms', async () => {
      await expect(cache.hit(key('x'), 0, 1000)).rejects.toBeInstanceOf(InvalidArgumentError);
      await expect(cache.hit(key('x'), 1, 0)).rejects.toBeInstanceOf(InvalidArgumentError);
    });
  });
}
