import type { ProviderSubscriptionStatus } from './stripe-objects.js';

/**
 * Out-of-order safety for provider webhooks. Stripe does not promise delivery order, and an
 * event's `created` has a resolution of one second, so an event is applied only when it cannot
 * undo something newer:
 * - a terminal state (canceled, incomplete_expired; an invoice paid or void) is final;
 * - a subscription never goes back to incomplete once past it;
 * - otherwise the newer `created` wins, and within one second the later state in the lifecycle.
 */
const TERMINAL_SUBSCRIPTION = new Set<string>(['canceled', 'incomplete_expired']);
const SUBSCRIPTION_RANK: Readonly<Record<string, number>> = {
  incomplete: 0,
  trialing: 1,
  active: 2,
  paused: 2,
  past_due: 3,
  unpaid: 4,
  canceled: 9,
  incomplete_expired: 9,
};

export function subscriptionEventApplies(
  current: { status: ProviderSubscriptionStatus; syncedAt: number } | null,
  next: string,
  created: number,
): boolean {
  if (!current) return true;
  if (TERMINAL_SUBSCRIPTION.has(current.status)) return false;
  if (TERMINAL_SUBSCRIPTION.has(next)) return true;
  if (next === 'incomplete' && current.status !== 'incomplete') return false;
  if (created !== current.syncedAt) return created > current.syncedAt;
  return (SUBSCRIPTION_RANK[next] ?? 0) >= (SUBSCRIPTION_RANK[current.status] ?? 0);
}

/** Invoices move draft → open → paid / void / uncollectible (which may still be paid). */
const INVOICE_RANK: Readonly<Record<string, number>> = { draft: 0, open: 1, uncollectible: 2, paid: 3, void: 3 };

export function invoiceEventApplies(
  current: { status: string; syncedAt: number } | null,
  next: string,
  created: number,
): boolean {
  if (!current) return true;
  const from = INVOICE_RANK[current.status] ?? 0;
  const to = INVOICE_RANK[next] ?? 0;
  if (from === 3) return false;
  if (to !== from) return to > from;
  return created >= current.syncedAt;
}
