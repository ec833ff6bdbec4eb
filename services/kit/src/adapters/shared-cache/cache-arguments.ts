import { InvalidArgumentError } from '../../errors/domain-errors.js';

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
