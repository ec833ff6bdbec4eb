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
  /** Epoch ms (tests may move it). */
  readonly now?: () => number;
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
 * - **Rate**: after each answer, `endTurn` leaves the host a quiet time (`turn:<host>`, expiring
 *   after `delay + margin`); `awaitTurn` waits it out before the next request leaves. Only the
 *   lease holder reads and writes it, so there is no race for it.
 * - **Backoff**: a 429/503 or a run of errors sets the host's "not before" time for all replicas.
 */
export class HostGate {
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly now: () => number;

  constructor(
    private readonly cache: Cache,
    private readonly options: HostGateOptions,
  ) {
    this.sleep = options.sleep ?? abortableSleep;
    this.now = options.now ?? Date.now;
  }

  /**
   * One of the host's `slots` in-flight leases, or null when all are held (by any replica).
   * `ttlMs`: how long it outlives a crashed holder, when a request may take longer than a page.
   */
  async lease(host: string, slots = 1, ttlMs = this.options.leaseMs): Promise<HostLease | null> {
    for (let slot = 0; slot < slots; slot += 1) {
      const key = `lease:${host}:${slot}`;
      if ((await this.cache.increment(key, { ttlMs })) === 1) return { host, key };
    }
    return null;
  }

  /**
   * Waits until the host's quiet time after its last request has passed; returns 0 then. A
   * wait longer than `maxWaitMs` is not waited for: it is returned instead (the caller gives the
   * host back and comes again). Only a lease holder asks, so nobody else can start meanwhile.
   */
  async awaitTurn(host: string, maxWaitMs = Number.POSITIVE_INFINITY, signal?: AbortSignal): Promise<number> {
    for (;;) {
      const until = Number((await this.cache.get(`turn:${host}`)) ?? 0);
      const wait = until - this.now();
      if (wait <= 0) return 0;
      if (wait > maxWaitMs) return wait;
      await this.sleep(wait, signal);
    }
  }

  /**
   * Ends a request's turn once its answer is read: the host is left alone for `delayMs` (plus the
   * margin) from now. Measured from the end of one request to the start of the next, the gap the
   * shop sees between two arrivals is at least the delay, however long sending took.
   */
  async endTurn(host: string, delayMs: number): Promise<void> {
    const quiet = delayMs + this.options.marginMs;
    await this.cache.set(`turn:${host}`, String(this.now() + quiet), quiet);
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
