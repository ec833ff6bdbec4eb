/**
 * Cache port: values with a time to live, atomic counters and a fixed-window rate limiter.
 * Used for read caches, login throttling and crawler politeness.
 *
 * Adapters: in-process (`@pc/in-process-cache`, the local profile: docs/architecture.md §4) and
 * Redis (`adapters/redis`).
 */

export interface RateLimitDecision {
  readonly allowed: boolean;
  /** Hits left in the current window after this one (0 when refused). */
  readonly remaining: number;
  /** When refused: milliseconds until a hit would be allowed again; otherwise 0. */
  readonly retryAfterMs: number;
}

export interface Cache {
  get(key: string): Promise<string | null>;
  /** Stores a value; `ttlMs` absent means no expiry. */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Adds `by` (default 1) atomically and returns the new value; the TTL is set on creation. */
  increment(key: string, options?: { readonly by?: number; readonly ttlMs?: number }): Promise<number>;
  /** Counts a hit against `limit` hits per `windowMs` for the key and says whether it is allowed. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision>;
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}
