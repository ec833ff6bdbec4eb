import { InvalidArgumentError } from '../../../errors/domain-errors.js';
import { DEFAULT_RETRY_POLICY } from '../../event-bus.js';
import { backoffMs, resolveRetryPolicy } from './retry-policy.js';

describe('retry policy', () => {
  it('fills what a subscription leaves out from the default, even when given as undefined', () => {
    expect(resolveRetryPolicy()).toEqual(DEFAULT_RETRY_POLICY);
    expect(resolveRetryPolicy({ maxAttempts: undefined, initialBackoffMs: 20 })).toEqual({
      ...DEFAULT_RETRY_POLICY,
      initialBackoffMs: 20,
    });
  });

  it('doubles the backoff after each failed attempt up to the cap', () => {
    const policy = { maxAttempts: 10, initialBackoffMs: 100, maxBackoffMs: 1_000 };
    expect([1, 2, 3, 4, 5].map((attempt) => backoffMs(policy, attempt))).toEqual([100, 200, 400, 800, 1_000]);
  });

  it('rejects a policy that could never deliver or never back off sensibly', () => {
    expect(() => resolveRetryPolicy({ maxAttempts: 0 })).toThrow(InvalidArgumentError);
    expect(() => resolveRetryPolicy({ initialBackoffMs: 500, maxBackoffMs: 100 })).toThrow(InvalidArgumentError);
  });
});
