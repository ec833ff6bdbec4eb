import { InvalidArgumentError, type FieldViolation } from '../../../errors/domain-errors.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../../event-bus.js';

export function resolveRetryPolicy(overrides: Partial<RetryPolicy> = {}): RetryPolicy {
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...stripUndefined(overrides) };
  const violations: FieldViolation[] = [];
  if (!Number.isInteger(policy.maxAttempts) || policy.maxAttempts < 1) {
    violations.push({ field: 'retry.maxAttempts', reason: 'must be a positive integer' });
  }
  if (!(policy.initialBackoffMs >= 0))
    violations.push({ field: 'retry.initialBackoffMs', reason: 'must be zero or more' });
  if (!(policy.maxBackoffMs >= policy.initialBackoffMs)) {
    violations.push({ field: 'retry.maxBackoffMs', reason: 'must be at least initialBackoffMs' });
  }
  if (violations.length > 0) throw new InvalidArgumentError(violations);
  return policy;
}

/** The wait before attempt `failedAttempt + 1`, as the port defines it. */
export function backoffMs(policy: RetryPolicy, failedAttempt: number): number {
  return Math.min(policy.initialBackoffMs * 2 ** (failedAttempt - 1), policy.maxBackoffMs);
}

// `{ maxAttempts: undefined }` must not erase the default.
function stripUndefined(overrides: Partial<RetryPolicy>): Partial<RetryPolicy> {
  return Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
}
