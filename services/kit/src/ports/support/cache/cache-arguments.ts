import { InvalidArgumentError } from '../../../errors/domain-errors.js';

/** The checks Redis would make itself (PX must be a positive integer), made the same here. */
export function checkTtl(ttlMs: number | undefined): void {
  if (ttlMs !== undefined && (!Number.isInteger(ttlMs) || ttlMs <= 0)) {
    throw new InvalidArgumentError([{ field: 'ttlMs', reason: 'must be a positive integer' }]);
  }
}

export function checkIncrement(by: number): void {
  if (!Number.isSafeInteger(by)) throw new InvalidArgumentError([{ field: 'by', reason: 'must be an integer' }]);
}

export function checkRateLimit(limit: number, windowMs: number): void {
  const violations = [];
  if (!Number.isInteger(limit) || limit < 1) violations.push({ field: 'limit', reason: 'must be an integer >= 1' });
  if (!Number.isInteger(windowMs) || windowMs < 1)
    violations.push({ field: 'windowMs', reason: 'must be an integer >= 1' });
  if (violations.length > 0) throw new InvalidArgumentError(violations);
}

/** The most keys one scan step asks for: a step stays short on a large cache. */
export const MAX_SCAN_LIMIT = 1_000;
export const DEFAULT_SCAN_LIMIT = 100;

/** The page size of scanKeys, checked alike by both adapters. */
export function scanLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_SCAN_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SCAN_LIMIT)
    throw new InvalidArgumentError([{ field: 'limit', reason: `must be an integer from 1 to ${MAX_SCAN_LIMIT}` }]);
  return limit;
}

/** Rate-limit windows live beside cache values under this prefix, never colliding with a caller's key. */
export const RATE_PREFIX = '\u0000rate:';
