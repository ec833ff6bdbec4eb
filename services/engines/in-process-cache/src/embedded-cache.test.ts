import { UnavailableError } from '@pc/kit/errors/domain-errors';
import { createEmbeddedCache } from './embedded-cache.js';

/** What the contract cannot show with real time: exact expiry on an injected clock, and bounds. */
describe('createEmbeddedCache', () => {
  let time = 0;
  const now = (): number => time;
  beforeEach(() => {
    time = 1_000;
  });

  it('expires a value once more than its TTL has passed on the injected clock', async () => {
    const cache = createEmbeddedCache({ now });
    await cache.set('k', 'v', 60_000);
    time += 60_000;
    await expect(cache.get('k')).resolves.toBe('v');
    time += 1;
    await expect(cache.get('k')).resolves.toBeNull();
  });

  it('reports the time left in a rate-limit window and resets after it', async () => {
    const cache = createEmbeddedCache({ now });
    await cache.hit('ip', 2, 60_000);
    time += 15_000;
    await cache.hit('ip', 2, 60_000);
    time += 5_000;
    await expect(cache.hit('ip', 2, 60_000)).resolves.toEqual({ allowed: false, remaining: 0, retryAfterMs: 40_001 });
    time += 40_000;
    await expect(cache.hit('ip', 2, 60_000)).resolves.toMatchObject({ allowed: false, retryAfterMs: 1 });
    time += 1;
    await expect(cache.hit('ip', 2, 60_000)).resolves.toEqual({ allowed: true, remaining: 1, retryAfterMs: 0 });
  });

  it('evicts the least recently used entry beyond maxEntries', async () => {
    const cache = createEmbeddedCache({ maxEntries: 2, now });
    await cache.set('a', '1');
    await cache.set('b', '2');
    await cache.get('a');
    await cache.set('c', '3');
    await expect(cache.get('b')).resolves.toBeNull();
    await expect(cache.get('a')).resolves.toBe('1');
  });

  it('refuses work once closed', async () => {
    const cache = createEmbeddedCache({ now });
    await cache.close();
    await expect(cache.isReady()).resolves.toBe(false);
    await expect(cache.get('k')).rejects.toBeInstanceOf(UnavailableError);
  });
});
