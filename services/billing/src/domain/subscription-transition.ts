import type { PendingEvent } from '@pc/kit/events/publisher';
import { subscriptionChanged } from '../events/billing-events.js';
import { coveredShopIds, type AccountRecord, type SubscriptionRecord } from './account-record.js';
import { subscriptionEventApplies } from './ordering.js';
import { planOfLookupKey } from './plans.js';
import type { SubscriptionSnapshot } from './stripe-objects.js';

const TERMINAL = new Set(['canceled', 'incomplete_expired']);

/** What SubscriptionChanged reports of an account: a change of any of it is an event. */
function reported(account: AccountRecord | null): string {
  const subscription = account?.subscription;
  if (!account || !subscription) return '';
  const { id, planId, status, quantity, currentPeriodEnd, cancelAtPeriodEnd, canceledAt } = subscription;
  return JSON.stringify([
    id,
    planId,
    status,
    quantity,
    currentPeriodEnd,
    cancelAtPeriodEnd,
    canceledAt,
    coveredShopIds(account),
  ]);
}

/** Whether a snapshot of another subscription than the one held may replace it (a new start after a cancellation). */
function replaces(current: SubscriptionRecord, snapshot: SubscriptionSnapshot): boolean {
  return TERMINAL.has(current.status) && !TERMINAL.has(snapshot.status) && snapshot.startedAt >= current.startedAt;
}

/**
 * The account with the provider's state of its subscription, or null when the snapshot may not
 * apply. `created`: the webhook event's time (out-of-order rules of ordering.ts); null for the
 * provider's current state (the answer of our own call, or a fresh read), which moves `syncedAt`
 * to now. Events come from `withSubscriptionEvent`, which compares before and after.
 */
export function applySubscription(
  account: AccountRecord,
  snapshot: SubscriptionSnapshot,
  created: number | null,
  at: Date,
): AccountRecord | null {
  const held = account.subscription;
  if (held && held.id !== snapshot.id && !replaces(held, snapshot)) return null;
  const current = held?.id === snapshot.id ? held : null;
  if (current) {
    const applies =
      created === null
        ? !TERMINAL.has(current.status) && !(snapshot.status === 'incomplete' && current.status !== 'incomplete')
        : subscriptionEventApplies(current, snapshot.status, created);
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
  if (current && (Object.keys(next) as (keyof SubscriptionRecord)[]).every((key) => next[key] === current[key]))
    return null;
  return { ...account, subscription: next, updatedAt: at.toISOString() };
}

/**
 * The write of an account change with the SubscriptionChanged it implies: when what the event
 * reports (status, plan, quantity, period end, cancellation, covered shops) differs between
 * `before` and `after`, the version goes up and the event names the shops covered after the
 * change — or, for a subscription that ended, the shops it covered when it ended, which then
 * count as covered no more.
 */
export function withSubscriptionEvent(
  before: AccountRecord | null,
  after: AccountRecord,
  at: Date,
): { doc: AccountRecord; events: PendingEvent<unknown>[] } {
  const subscription = after.subscription;
  if (!subscription || reported(before) === reported(after)) return { doc: after, events: [] };
  const previous = before?.subscription?.id === subscription.id ? before.subscription : null;
  const versioned = { ...subscription, version: Math.max(previous?.version ?? 0, subscription.version) + 1 };
  const ended = TERMINAL.has(versioned.status);
  const endedNow = ended && previous !== null && !TERMINAL.has(previous.status);
  const shopIds = endedNow && before ? coveredShopIds(before) : coveredShopIds(after);
  const doc = {
    ...after,
    subscription: versioned,
    shops: ended ? after.shops.map((shop) => ({ ...shop, covered: false })) : after.shops,
    updatedAt: at.toISOString(),
  };
  return { doc, events: [subscriptionChanged(doc, versioned, previous, at, shopIds)] };
}
