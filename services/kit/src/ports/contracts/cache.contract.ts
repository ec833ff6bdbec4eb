import { randomUUID } from 'node:crypto';
import { InvalidArgumentError } from '../../errors/domain-errors.js';
import type { Cache } from '../cache.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

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

    it('rejects a limit below 1 or a window below 1 ms', async () => {
      await expect(cache.hit(key('x'), 0, 1000)).rejects.toBeInstanceOf(InvalidArgumentError);
      await expect(cache.hit(key('x'), 1, 0)).rejects.toBeInstanceOf(InvalidArgumentError);
    });
  });
}
