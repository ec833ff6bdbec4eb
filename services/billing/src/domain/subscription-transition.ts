import type { PendingEvent } from '@pc/kit/events/publisher';
import { subscriptionChanged } from '../events/billing-events.js';
import type { AccountRecord, SubscriptionRecord } from './account-record.js';
import { subscriptionEventApplies } from './ordering.js';
import { planOfLookupKey } from './plans.js';
import type { SubscriptionSnapshot } from './stripe-objects.js';

const TERMINAL = new Set(['canceled', 'incomplete_expired']);

/** The fields SubscriptionChanged reports: a change of any of them is an event. */
function reportable(subscription: SubscriptionRecord | null): string {
  if (!subscription) return '';
  const { id, planId, status, quantity, currentPeriodEnd, cancelAtPeriodEnd, canceledAt } = subscription;
  return JSON.stringify([id, planId, status, quantity, currentPeriodEnd, cancelAtPeriodEnd, canceledAt]);
}

/** Whether a snapshot of another subscription than the one held may replace it (a new start after a cancellation). */
function replaces(current: SubscriptionRecord, snapshot: SubscriptionSnapshot): boolean {
  return TERMINAL.has(current.status) && !TERMINAL.has(snapshot.status) && snapshot.startedAt >= current.startedAt;
}

/**
 * Applies the provider's state of the account's subscription. `created`: the webhook event's
 * time (out-of-order rules of ordering.ts); null for the provider's current state (the answer of
 * our own call, or a fresh read), which moves `syncedAt` to now.
 * Returns the new account and its SubscriptionChanged, or null when nothing changes.
 */
export function applySubscription(account: AccountRecord, snapshot: SubscriptionSnapshot, created: number | null, at: Date): { doc: AccountRecord; events: PendingEvent<unknown>[] } | null {
  const current = account.subscription && (account.subscription.id === snapshot.id || !replaces(account.subscription, snapshot)) ? account.subscription : null;
  if (current && current.id !== snapshot.id) return null;
  if (current) {
    const applies = created === null ? !TERMINAL.has(current.status) && !(snapshot.status === 'incomplete' && current.status !== 'incomplete') : subscriptionEventApplies(current, snapshot.status, created);
    if (!applies) return null;
  }
  const next: SubscriptionRecord = {
    id: snapshot.id,
    planId: planOfLookupKey(snapshot.priceLookupKey)?.id ?? current?.planId ?? '',
    status: snapshot.status,
    quantity: snapshot.quantity,
    startedAt: snapshot.startedAt,
    currentPeriodStart: snapshot.currentPeriodStart,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    canceledAt: snapshot.canceledAt,
    latestInvoiceId: snapshot.latestInvoiceId || (current?.latestInvoiceId ?? ''),
    paymentIntentId: snapshot.status === 'incomplete' ? (current?.paymentIntentId ?? '') : '',
    version: current?.version ?? 0,
    // Our own call's answer is the provider's state now: events from before it are older.
    syncedAt: Math.max(current?.syncedAt ?? 0, created ?? Math.floor(at.getTime() / 1000)),
  };
  if (reportable(next) === reportable(current)) {
    if (!current || next.syncedAt === current.syncedAt) return null;
    return { doc: { ...account, subscription: { ...next, paymentIntentId: current.paymentIntentId }, updatedAt: at.toISOString() }, events: [] };
  }
  const versioned = { ...next, version: next.version + 1 };
  const event = subscriptionChanged(account, versioned, current, at);
  // A subscription that ended covers no shop any more (the event above still names the shops it covered).
  const shops = TERMINAL.has(versioned.status) ? account.shops.map((shop) => ({ ...shop, covered: false })) : account.shops;
  return { doc: { ...account, subscription: versioned, shops, updatedAt: at.toISOString() }, events: [event] };
}
