import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/** The provider's own subscription object with another status (what a later event would carry). */
export function withStatus(subscription: object, status: string): Record<string, unknown> {
  return {
    ...(subscription as Record<string, unknown>),
    status,
    ...(status === 'canceled' ? { canceled_at: Math.floor(Date.now() / 1000) } : {}),
  };
}

/** A Stripe event around an object, with a fresh id unless given. */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  created: number,
  id = `evt_${randomBytes(12).toString('hex')}`,
): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    livemode: false,
    type,
    data: { object },
  });
}

/** The Stripe-Signature header for a body (stripe-node's own generator). */
export function sign(body: string, secret: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
}
