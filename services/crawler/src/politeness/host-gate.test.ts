import { randomUUID } from 'node:crypto';
import { createEmbeddedCache } from '@pc/in-process-cache/embedded-cache';
import { openRedisCache } from '@pc/redis-cache/redis-cache';
import type { Cache } from '@pc/kit/ports/cache';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { HostGate } from './host-gate.js';

/**
 * The gate's promises on a shared cache, as two replicas would use it: one lease per host slot
 * at a time, the quiet time after a request waited out before the next, a backoff seen by all.
 * Run on the in-process cache and on real Redis (the cluster profile).
 */
function gateContract(name: string, open: () => Promise<Cache>): void {
  describe(`HostGate on ${name}`, () => {
    let cache: Cache;
    let host: string;
    const replicas = (): [HostGate, HostGate] => [
      new HostGate(cache, { leaseMs: 10_000, marginMs: 5 }),
      new HostGate(cache, { leaseMs: 10_000, marginMs: 5 }),
    ];

    beforeEach(async () => {
      cache = await open();
      host = `shop-${randomUUID()}.example`;
    });
    afterEach(async () => {
      await cache.close();
    });

    it('gives a host slot to one replica at a time, and again once released', async () => {
      const [a, b] = replicas();
      const lease = await a.lease(host);
      expect(lease).not.toBeNull();
      expect(await b.lease(host)).toBeNull();
      await a.release(lease!);
      expect(await b.lease(host)).not.toBeNull();
    });

    it('allows as many leases as the host has slots', async () => {
      const [a, b] = replicas();
      const first = await a.lease(host, 2);
      const second = await b.lease(host, 2);
      expect([first?.key, second?.key].sort()).toEqual([`lease:${host}:0`, `lease:${host}:1`]);
      expect(await a.lease(host, 2)).toBeNull();
    });

    it('keeps the next request back until the quiet time after the last one has passed', async () => {
      const [a, b] = replicas();
      expect(await b.awaitTurn(host)).toBe(0);
      await a.endTurn(host, 200);
      // Another replica sees it, and a caller that will not wait that long is told how long.
      const wait = await b.awaitTurn(host, 50);
      expect(wait).toBeGreaterThan(150);
      const started = Date.now();
      expect(await b.awaitTurn(host)).toBe(0);
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    });

    it('shares a backoff with every replica until it ends or is cleared', async () => {
      const [a, b] = replicas();
      const now = new Date();
      await a.backOff(host, new Date(now.getTime() + 60_000), now);
      expect(await b.backoffUntil(host)).toBe(now.getTime() + 60_000);
      await b.clearBackoff(host);
      expect(await a.backoffUntil(host)).toBe(0);
    });
  });
}

gateContract('the in-process cache', async () => createEmbeddedCache());

describeWithEngine('REDIS_URL', 'HostGate on Redis', (url) => {
  gateContract('Redis', () => openRedisCache({ url, keyPrefix: `crawler-core-test:${randomUUID()}:` }));
});
