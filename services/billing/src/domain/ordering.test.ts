import { invoiceEventApplies, subscriptionEventApplies } from './ordering.js';

describe('out-of-order rules for provider events', () => {
  it('subscriptions: newer created wins; within one second the later lifecycle state; terminal is final; never back to incomplete', () => {
    const held = { status: 'past_due' as const, syncedAt: 100 };
    expect(subscriptionEventApplies(held, 'active', 101)).toBe(true);
    expect(subscriptionEventApplies(held, 'active', 99)).toBe(false);
    expect(subscriptionEventApplies(held, 'unpaid', 100)).toBe(true);
    expect(subscriptionEventApplies(held, 'active', 100)).toBe(false);
    expect(subscriptionEventApplies(held, 'incomplete', 500)).toBe(false);
    expect(subscriptionEventApplies(held, 'canceled', 1)).toBe(true);
    expect(subscriptionEventApplies({ status: 'canceled', syncedAt: 100 }, 'active', 900)).toBe(false);
    expect(subscriptionEventApplies(null, 'incomplete', 1)).toBe(true);
  });

  it('invoices: draft → open → paid or void, which are final; uncollectible may still be paid', () => {
    expect(invoiceEventApplies({ status: 'open', syncedAt: 100 }, 'paid', 50)).toBe(true);
    expect(invoiceEventApplies({ status: 'paid', syncedAt: 100 }, 'open', 900)).toBe(false);
    expect(invoiceEventApplies({ status: 'uncollectible', syncedAt: 100 }, 'paid', 90)).toBe(true);
    expect(invoiceEventApplies({ status: 'open', syncedAt: 100 }, 'draft', 900)).toBe(false);
    expect(invoiceEventApplies({ status: 'open', syncedAt: 100 }, 'open', 99)).toBe(false);
    expect(invoiceEventApplies({ status: 'open', syncedAt: 100 }, 'open', 100)).toBe(true);
  });
});
