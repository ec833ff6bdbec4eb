import type { DemoShop } from '../world/demo-world.js';
import type { RequestLog } from './request-log.js';

/** A refusal by the shop's server before it looks at the path: 429 or 503 with Retry-After. */
export interface Refusal {
  readonly status: 429 | 503;
  readonly retryAfterSeconds: number;
}

/**
 * The traffic habits of misbehaving shops: some answer 503 for a minute every quarter hour
 * (staggered per shop; Retry-After tells when the burst ends), some refuse requests that come
 * sooner than their own minimum interval after the last one they served (429, Retry-After 5 s).
 * robots.txt is exempt: its own failures are the robots style's.
 */
export function refusalOf(shop: DemoShop, path: string, now: number, log: RequestLog): Refusal | null {
  if (path === '/robots.txt') return null;
  const { burstSeconds, burstEverySeconds, minIntervalMs } = shop.site;
  if (burstSeconds > 0) {
    const cycleMs = burstEverySeconds * 1000;
    const offset = (now + shop.shop.index * 37_000) % cycleMs;
    if (offset < burstSeconds * 1000)
      return { status: 503, retryAfterSeconds: Math.ceil((burstSeconds * 1000 - offset) / 1000) };
  }
  if (minIntervalMs > 0) {
    const last = log.lastServed(shop.shop.index, now);
    if (last !== null && now - last < minIntervalMs) return { status: 429, retryAfterSeconds: 5 };
  }
  return null;
}
