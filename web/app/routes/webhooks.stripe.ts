import type { ActionFunctionArgs } from '@remix-run/node';
import { forwardStripeWebhook } from '~/services/billing.server';

/**
 * POST /webhooks/stripe: Stripe's webhooks reach billing through the site, the one service the
 * cluster exposes (ADR 045a). The body goes on byte for byte (the signature covers the exact
 * bytes) with its Stripe-Signature header; billing verifies both: 400 for a bad signature,
 * 200 for an event applied or seen before, 5xx when it could not process it now (Stripe retries).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'POST' } });
  return forwardStripeWebhook(await request.arrayBuffer(), request.headers.get('stripe-signature'));
}

/** A GET is not a webhook. */
export const loader = () => new Response(null, { status: 405, headers: { Allow: 'POST' } });
