import type { Cache } from '@pc/kit/ports/cache';

/** A host's in-flight slot, held from just before a request until its answer is read. */
export interface HostLease {
  readonly host: string;
  readonly key: string;
}

export interface HostGateOptions {
  /** A lease outlives a crashed holder by at most this (longer than any fetch may take). */
  readonly leaseMs: number;
  /**
   * Added to every host's delay: the window is measured where the cache runs, the request leaves
   * a moment later, and the next one must not arrive early at the shop for that moment.
   */
  readonly marginMs: number;
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const abortableSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Per-host politeness shared by every crawler replica (ADR 039b): the budget lives in the cache
 * port — Redis in the cluster, the in-process cache locally — whose counters are atomic.
 *
 * - **In flight**: `lease` takes one of the host's `slots` lease keys with an atomic increment
 *   (only the creator sees 1); the key expires after `leaseMs` should its holder die.
 * - **Rate**: `awaitTurn` takes the host's request window with the cache's fixed-window limiter
 *   (one hit per `delay + margin`, the window opened by the hit that is allowed); a refused hit
 *   says how long until the window closes, and the holder sleeps that long and tries again.
 *   Only a lease holder asks, so there is no race for the window.
 * - **Backoff**: a 429/503 or a run of errors sets the host's "not before" time for all replicas.
 */
export class HostGate {
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(
    private readonly cache: Cache,
    private readonly options: HostGateOptions,
  ) {
    this.sleep = options.sleep ?? abortableSleep;
  }

  /** One of the host's `slots` in-flight leases, or null when all are held (by any replica). */
  async lease(host: string, slots = 1): Promise<HostLease | null> {
    for (let slot = 0; slot < slots; slot += 1) {
      const key = `lease:${host}:${slot}`;
      if ((await this.cache.increment(key, { ttlMs: this.options.leaseMs })) === 1) return { host, key };
    }
    return null;
  }

  /**
   * Waits until the host's next request may leave (`delayMs` after the last one) and takes that
   * turn; returns 0 then. A turn further away than `maxWaitMs` is not waited for: the wait is
   * returned instead (the caller gives the host back and comes again).
   */
  async awaitTurn(host: string, delayMs: number, maxWaitMs = Number.POSITIVE_INFINITY, signal?: AbortSignal): Promise<number> {
    for (;;) {
      const decision = await this.cache.hit(`turn:${host}`, 1, delayMs + this.options.marginMs);
      if (decision.allowed) return 0;
      if (decision.retryAfterMs > maxWaitMs) return decision.retryAfterMs;
      await this.sleep(decision.retryAfterMs, signal);
    }
  }

  async release(lease: HostLease): Promise<void> {
    await this.cache.delete(lease.key);
  }

  /** Slows the host down for every replica until `until`. */
  async backOff(host: string, until: Date, now: Date): Promise<void> {
    const ms = until.getTime() - now.getTime();
    if (ms > 0) await this.cache.set(`backoff:${host}`, String(until.getTime()), ms);
  }

  /** When the host may be asked again (epoch ms), 0 when not backing off. */
  async backoffUntil(host: string): Promise<number> {
    return Number((await this.cache.get(`backoff:${host}`)) ?? 0);
  }

  async clearBackoff(host: string): Promise<void> {
    await this.cache.delete(`backoff:${host}`);
  }
}
