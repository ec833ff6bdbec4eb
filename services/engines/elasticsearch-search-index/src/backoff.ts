import { setTimeout as sleep } from 'node:timers/promises';

export interface BackoffOptions {
  /** Retries after the first attempt. */
  readonly retries: number;
  readonly baseMs: number;
  readonly maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { retries: 6, baseMs: 100, maxMs: 5_000 };

/** Exponential with full jitter, so writers pushed back together do not return together. */
export function backoffDelay(attempt: number, options: BackoffOptions): number {
  return Math.random() * Math.min(options.maxMs, options.baseMs * 2 ** attempt);
}

export function waitBeforeRetry(attempt: number, options: BackoffOptions): Promise<void> {
  return sleep(backoffDelay(attempt, options));
}
