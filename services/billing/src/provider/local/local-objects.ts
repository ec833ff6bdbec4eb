import { FailedPreconditionError } from '@pc/kit/errors/domain-errors';
import type { IntentStatus, ProviderCard, ProviderIntent } from '../payment-provider.js';
import { providerId, type LocalObject } from './local-state.js';

/** Stripe refuses a request about an object it does not have (HTTP 400 resource_missing). */
export function missing(kind: string, id: string): FailedPreconditionError {
  return new FailedPreconditionError(`payment provider refused the request: No such ${kind}: '${id}'`, {
    reason: 'PROVIDER_REFUSED',
    metadata: { code: 'resource_missing' },
  });
}

export function refused(message: string, code = 'invalid_request'): FailedPreconditionError {
  return new FailedPreconditionError(`payment provider refused the request: ${message}`, {
    reason: 'PROVIDER_REFUSED',
    metadata: { code },
  });
}

export const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** A new SetupIntent or PaymentIntent in Stripe's shape. */
export function newIntent(prefix: 'seti' | 'pi', fields: Record<string, unknown>, now: Date): Record<string, unknown> {
  const id = providerId(prefix);
  return {
    id,
    object: prefix === 'seti' ? 'setup_intent' : 'payment_intent',
    client_secret: `${id}_secret_${providerId('s').slice(2)}`,
    status: 'requires_payment_method',
    payment_method: null,
    next_action: null,
    [prefix === 'seti' ? 'last_setup_error' : 'last_payment_error']: null,
    created: seconds(now),
    livemode: false,
    ...fields,
  };
}

/** The port's view of a stored intent (the same fields the stripe adapter reads). */
export function intentOf(stored: LocalObject): ProviderIntent {
  const data = stored.data as {
    id: string;
    status: IntentStatus;
    client_secret: string;
    customer: string | null;
    payment_method: string | null;
    next_action: { redirect_to_url?: { url: string } } | null;
    last_setup_error?: { code: string; decline_code?: string; message: string } | null;
    last_payment_error?: { code: string; decline_code?: string; message: string } | null;
  };
  const error = data.last_setup_error ?? data.last_payment_error ?? null;
  return {
    id: data.id,
    status: data.status,
    clientSecret: data.client_secret,
    customerId: data.customer ?? '',
    paymentMethodId: data.payment_method ?? '',
    nextActionUrl: data.next_action?.redirect_to_url?.url ?? '',
    lastError: error ? { code: error.code, declineCode: error.decline_code ?? '', message: error.message } : null,
  };
}

/** The end of a billing period that starts at `start` (calendar months, as Stripe bills). */
export function periodEnd(start: Date, interval: 'month' | 'year'): Date {
  const end = new Date(start);
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** Appends Stripe's redirect parameters to the URL the browser returns to. */
export function returnTo(returnUrl: string, params: Record<string, string>): string {
  const url = new URL(returnUrl);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** The port's view of a stored PaymentMethod (brand, last four digits, expiry: never the number). */
export function cardOf(method: LocalObject): ProviderCard {
  const card = method.data.card as {
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    country: string;
  };
  return {
    id: method._id,
    customerId: String(method.data.customer ?? ''),
    brand: card.brand,
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    country: card.country,
  };
}
