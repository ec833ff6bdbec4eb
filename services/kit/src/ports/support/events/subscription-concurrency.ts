import { InvalidArgumentError } from '../../../errors/domain-errors.js';

/** More records of one partition at once than this is a mistake, not a tuning. */
export const MAX_CONCURRENCY = 1000;

/** SubscriptionSpec.concurrency, checked; 1 (one record after the other) when absent. */
export function resolveConcurrency(concurrency: number | undefined): number {
  if (concurrency === undefined) return 1;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > MAX_CONCURRENCY) {
    throw new InvalidArgumentError([
      { field: 'concurrency', reason: `must be an integer from 1 to ${MAX_CONCURRENCY}` },
    ]);
  }
  return concurrency;
}
