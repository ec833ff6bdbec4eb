import { SubscriptionStatus } from '@pc/proto/billing/v1/types';
import { emptyAccount, type AccountRecord, type SubscriptionRecord } from './account-record.js';
import { withSubscriptionEvent } from './subscription-transition.js';

const at = new Date('2026-05-01T00:00:00Z');
const subscription: SubscriptionRecord = {
  id: 'sub_1',
  planId: 'listing-monthly',
  status: 'active',
  quantity: 1,
  startedAt: at.toISOString(),
  currentPeriodStart: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  canceledAt: null,
  latestInvoiceId: '',
  paymentIntentId: '',
  version: 4,
  syncedAt: 0,
};
const shop = (shopId: string) => ({
  shopId,
  name: shopId,
  domain: `${shopId}.test`,
  registeredAt: at.toISOString(),
  covered: true,
});
const account = (shops: string[], sub: Partial<SubscriptionRecord> = {}): AccountRecord => ({
  ...emptyAccount('u_1', at),
  shops: shops.map(shop),
  subscription: { ...subscription, ...sub },
});

describe('SubscriptionChanged from an account change', () => {
  it('reports a shop leaving even when the provider’s new quantity was applied before', () => {
    const { doc, events } = withSubscriptionEvent(account(['a', 'b']), account(['b']), at);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      shopIds: ['b'],
      version: 5,
      status: SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE,
    });
    expect(doc.subscription?.version).toBe(5);
  });

  it('names the shops an ending subscription covered, which then count as covered no more', () => {
    const { doc, events } = withSubscriptionEvent(account(['a']), account([], { status: 'canceled' }), at);
    expect(events[0]!.payload).toMatchObject({
      shopIds: ['a'],
      status: SubscriptionStatus.SUBSCRIPTION_STATUS_CANCELED,
      previousStatus: SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE,
    });
    expect(doc.shops.every((entry) => !entry.covered)).toBe(true);
  });

  it('emits nothing when nothing it reports changed', () => {
    expect(
      withSubscriptionEvent(account(['a']), { ...account(['a']), billingDetails: null, updatedAt: 'later' }, at).events,
    ).toEqual([]);
  });
});
