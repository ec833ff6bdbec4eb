import { timingSafeEqual } from 'node:crypto';
import type { LocalProvider } from './local-provider.js';
import { returnTo, seconds } from './local-objects.js';
import {
  AUTHENTICATION_FAILED,
  completeSetup,
  declinePayment,
  failSetup,
  requireAuthentication,
  settlePayment,
  SETUP_AUTHENTICATION_FAILED,
} from './local-payments.js';
import { providerId } from './local-state.js';
import { lastFour, testCard } from './test-cards.js';

/** What the card page submitted. The number lives only in this call: never stored, never logged. */
export interface CardEntry {
  readonly number: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly cvc: string;
}

/** Where the page sends the browser next, or the message it shows again with the form. */
export type PageOutcome = { readonly redirect: string } | { readonly error: string; readonly status: number };

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function expiryProblem(entry: CardEntry, now: Date): string | null {
  if (!Number.isInteger(entry.expMonth) || entry.expMonth < 1 || entry.expMonth > 12)
    return "Your card's expiration month is invalid.";
  const year = entry.expYear < 100 ? 2000 + entry.expYear : entry.expYear;
  if (
    !Number.isInteger(year) ||
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && entry.expMonth < now.getUTCMonth() + 1)
  )
    return "Your card's expiration year is invalid.";
  if (!/^\d{3,4}$/.test(entry.cvc)) return "Your card's security code is incomplete.";
  return null;
}

/**
 * The card page's submit (stands in for Stripe Elements' confirmSetup): creates the card's
 * PaymentMethod and confirms the SetupIntent with it — saved, 3-D Secure first, or declined —
 * then returns the browser with Stripe's redirect parameters (setup_intent, redirect_status).
 */
export async function confirmSetupWithCard(
  provider: LocalProvider,
  setupIntentId: string,
  clientSecret: string,
  returnUrl: string,
  entry: CardEntry,
): Promise<PageOutcome> {
  const intent = await provider.state.get(setupIntentId, 'setup_intent');
  if (!intent || !sameSecret(clientSecret, String(intent.data.client_secret)))
    return { error: 'This card form has expired. Go back and start again.', status: 404 };
  if (intent.data.status !== 'requires_payment_method')
    return { error: 'This card was already submitted.', status: 409 };
  const card = testCard(entry.number);
  if ('invalid' in card) return { error: card.invalid, status: 400 };
  const now = await provider.time(String(intent.data.customer ?? ''));
  const problem = expiryProblem(entry, now);
  if (problem) return { error: problem, status: 400 };
  const methodId = providerId('pm');
  const year = entry.expYear < 100 ? 2000 + entry.expYear : entry.expYear;
  const method = {
    id: methodId,
    object: 'payment_method',
    type: 'card',
    customer: null,
    card: {
      brand: card.brand,
      last4: lastFour(entry.number),
      exp_month: entry.expMonth,
      exp_year: year,
      country: card.country,
    },
    created: seconds(now),
    livemode: false,
  };
  await provider.state.put('payment_method', method, {
    behaviour: card.behaviour,
    ...(card.error ? { declineError: card.error } : {}),
  });
  await provider.state.emit('payment_method.created', method, seconds(now));
  if (card.behaviour === 'declined') {
    await failSetup(provider.state, intent, card.error!, now);
    return {
      redirect: returnTo(returnUrl, {
        setup_intent: setupIntentId,
        setup_intent_client_secret: clientSecret,
        redirect_status: 'failed',
      }),
    };
  }
  if (card.behaviour === 'always_authenticate' || card.behaviour === 'authenticate_on_setup') {
    const url = provider.authenticationUrl(setupIntentId, clientSecret);
    await requireAuthentication(provider.state, intent, methodId, url, returnUrl, now);
    return { redirect: url };
  }
  await completeSetup(provider.state, intent, methodId, now);
  return {
    redirect: returnTo(returnUrl, {
      setup_intent: setupIntentId,
      setup_intent_client_secret: clientSecret,
      redirect_status: 'succeeded',
    }),
  };
}

/**
 * The 3-D Secure page's answer for a SetupIntent or PaymentIntent waiting on it: completed saves
 * the card or pays; failed leaves the intent waiting for another card. Returns the browser to the
 * return URL the intent was confirmed with.
 */
export async function answerAuthentication(
  provider: LocalProvider,
  intentId: string,
  clientSecret: string,
  approve: boolean,
): Promise<PageOutcome> {
  const kind = intentId.startsWith('seti_') ? 'setup_intent' : 'payment_intent';
  const intent = await provider.state.get(intentId, kind);
  if (!intent || !sameSecret(clientSecret, String(intent.data.client_secret)))
    return { error: 'This authentication has expired.', status: 404 };
  const next = intent.data.next_action as { redirect_to_url?: { return_url: string } } | null;
  const methodId = intent.internals.pendingPaymentMethodId;
  if (intent.data.status !== 'requires_action' || !next?.redirect_to_url || !methodId)
    return { error: 'There is nothing to authenticate.', status: 409 };
  const now = await provider.time(String(intent.data.customer ?? ''));
  const back = next.redirect_to_url.return_url;
  if (kind === 'setup_intent') {
    if (approve) await completeSetup(provider.state, intent, methodId, now);
    else await failSetup(provider.state, intent, SETUP_AUTHENTICATION_FAILED, now);
    return {
      redirect: returnTo(back, {
        setup_intent: intentId,
        setup_intent_client_secret: clientSecret,
        redirect_status: approve ? 'succeeded' : 'failed',
      }),
    };
  }
  if (approve) await settlePayment(provider.state, intent, methodId, now);
  else await declinePayment(provider.state, intent, methodId, AUTHENTICATION_FAILED, now);
  return {
    redirect: returnTo(back, {
      payment_intent: intentId,
      payment_intent_client_secret: clientSecret,
      redirect_status: approve ? 'succeeded' : 'failed',
    }),
  };
}

/** What the 3-D Secure page shows about the intent (amount for a payment, nothing for a setup). */
export async function authenticationSummary(
  provider: LocalProvider,
  intentId: string,
  clientSecret: string,
): Promise<{ amount: number; currency: string } | null> {
  const kind = intentId.startsWith('seti_') ? 'setup_intent' : 'payment_intent';
  const intent = await provider.state.get(intentId, kind);
  if (
    !intent ||
    !sameSecret(clientSecret, String(intent.data.client_secret)) ||
    intent.data.status !== 'requires_action'
  )
    return null;
  return { amount: Number(intent.data.amount ?? 0), currency: String(intent.data.currency ?? '') };
}
