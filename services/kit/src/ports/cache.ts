/**
 * Cache port: values with a time to live, atomic counters and a fixed-window rate limiter.
 * Used for read caches, login throttling and crawler politeness. Operators list keys by prefix
 * and flush them (the infrastructure panel's caches view, ADR 063).
 *
 * Adapters: in-process (`@pc/in-process-cache`, the local profile: docs/architecture.md §4) and
 * Redis (`@pc/redis-cache`).
 */

export interface RateLimitDecision {
  readonly allowed: boolean;
  /** Hits left in the current window after this one (0 when refused). */
  readonly remaining: number;
  /** When refused: milliseconds until a hit would be allowed again; otherwise 0. */
  readonly retryAfterMs: number;
}

/** One key as an operator sees it (the infrastructure panel's caches view). */
export interface CacheKeyInfo {
  readonly key: string;
  /** Bytes of its value (UTF-8). */
  readonly sizeBytes: number;
  /** Milliseconds it has left; null when it never expires. */
  readonly ttlMs: number | null;
  /** A rate limiter's window (`hit`), kept apart from the values: its value is the hits counted. */
  readonly rateLimit: boolean;
}

/** One bounded step of a scan: `cursor` resumes it; '' when every key was seen. */
export interface CacheKeyPage {
  readonly keys: readonly CacheKeyInfo[];
  readonly cursor: string;
}

export interface ScanKeysOptions {
  /** From a previous page; '' or absent starts over. */
  readonly cursor?: string;
  /** About this many keys per call (1-1,000, default 100): a page may hold fewer (sparse matches) or a few more. */
  readonly limit?: number;
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
  /**
   * The keys that start with `prefix` — values and counters, then rate-limit windows — one
   * bounded step at a time like Redis's SCAN (never KEYS): every key present for the whole scan is
   * seen at least once; one written or deleted meanwhile may or may not be.
   */
  scanKeys(prefix: string, options?: ScanKeysOptions): Promise<CacheKeyPage>;
  /**
   * Deletes the values and counters whose key starts with `prefix` (rate-limit windows too with
   * `rateLimits`: lifting a lockout is a choice of its own), in bounded batches; answers how many.
   */
  deleteByPrefix(prefix: string, options?: { readonly rateLimits?: boolean }): Promise<number>;
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}
