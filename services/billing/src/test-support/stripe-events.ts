import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/** A Stripe subscription object as webhooks carry it (the fields billing reads). */
export function subscriptionObject(fields: { id: string; userId: string; customer: string; status: string; quantity?: number; cancelAtPeriodEnd?: boolean; startedAt?: number }): Record<string, unknown> {
  const start = fields.startedAt ?? Math.floor(Date.now() / 1000) - 60;
  return {
    id: fields.id,
    object: 'subscription',
    customer: fields.customer,
    status: fields.status,
    metadata: { user_id: fields.userId, plan_id: 'listing-monthly' },
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    canceled_at: fields.status === 'canceled' ? start + 30 : null,
    start_date: start,
    created: start,
    latest_invoice: null,
    default_payment_method: null,
    items: { data: [{ quantity: fields.quantity ?? 1, current_period_start: start, current_period_end: start + 30 * 86_400, price: { id: 'price_test', lookup_key: 'pc-listing-monthly-chf' } }] },
  };
}

/** The provider's own subscription object with another status (what a later event would carry). */
export function withStatus(subscription: object, status: string): Record<string, unknown> {
  return { ...(subscription as Record<string, unknown>), status, ...(status === 'canceled' ? { canceled_at: Math.floor(Date.now() / 1000) } : {}) };
}

/** A Stripe event around an object, with a fresh id unless given. */
export function stripeEvent(type: string, object: Record<string, unknown>, created: number, id = `evt_${randomBytes(12).toString('hex')}`): string {
  return JSON.stringify({ id, object: 'event', api_version: '2026-10-28.endive', created, livemode: false, type, data: { object } });
}

/** The Stripe-Signature header for a body (stripe-node's own generator). */
export function sign(body: string, secret: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
}
