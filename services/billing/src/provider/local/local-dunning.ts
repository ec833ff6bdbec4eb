/**
 * What the local provider does when a renewal's charge fails, as Stripe's "Manage failed
 * payments" settings say it for an account: a custom retry schedule (each retry a number of
 * days after the attempt before it) and the subscription's status once every retry failed.
 */
export interface DunningPolicy {
  /** Days after the previous automatic attempt, one entry per retry (Stripe's custom schedule). */
  readonly retryDays: readonly number[];
  /** The subscription's status after the last retry failed: unpaid, canceled, or left past_due. */
  readonly afterRetries: 'unpaid' | 'canceled' | 'past_due';
}

/** Stripe's custom schedule with three retries (3, 5 and 7 days apart); then unpaid, so a new card can still pay it. */
export const DEFAULT_DUNNING: DunningPolicy = { retryDays: [3, 5, 7], afterRetries: 'unpaid' };

const DAY_MS = 86_400_000;

/**
 * When the next automatic attempt at an invoice is due after its `attempts`-th automatic attempt
 * failed at `failedAt` — or null when that was the last one and the policy's end state applies.
 */
export function nextAttemptAt(policy: DunningPolicy, attempts: number, failedAt: Date): Date | null {
  const days = policy.retryDays[attempts - 1];
  return days === undefined ? null : new Date(failedAt.getTime() + days * DAY_MS);
}

/** The whole grace period: from the renewal's first failed charge to the end state, in days. */
export const graceDays = (policy: DunningPolicy): number => policy.retryDays.reduce((sum, days) => sum + days, 0);
