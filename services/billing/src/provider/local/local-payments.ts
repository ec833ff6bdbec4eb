import type { ProviderError } from '../payment-provider.js';
import { seconds } from './local-objects.js';
import type { LocalInternals, LocalObject, LocalState } from './local-state.js';

const AUTHENTICATION_FAILED = {
  code: 'payment_intent_authentication_failure',
  declineCode: '',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

export const SETUP_AUTHENTICATION_FAILED = { ...AUTHENTICATION_FAILED, code: 'setup_intent_authentication_failure' };
export { AUTHENTICATION_FAILED };

const stripeError = (error: ProviderError): Record<string, string> => ({
  type: 'card_error',
  code: error.code,
  decline_code: error.declineCode,
  message: error.message,
});

/**
 * A PaymentIntent went through: its invoice is paid and a subscription waiting on it becomes
 * active. Emits what Stripe emits, in its order: payment_intent.succeeded, invoice.paid,
 * customer.subscription.updated.
 */
export async function settlePayment(
  state: LocalState,
  intent: LocalObject,
  paymentMethodId: string,
  now: Date,
): Promise<void> {
  const paidIntent = {
    ...intent.data,
    status: 'succeeded',
    payment_method: paymentMethodId,
    next_action: null,
    last_payment_error: null,
  };
  await state.put('payment_intent', paidIntent, { invoiceId: intent.internals.invoiceId });
  await state.emit('payment_intent.succeeded', paidIntent, seconds(now));
  const invoice = intent.internals.invoiceId ? await state.get(intent.internals.invoiceId, 'invoice') : null;
  if (!invoice) return;
  const data = invoice.data as {
    total: number;
    status_transitions: Record<string, unknown>;
    parent: { subscription_details: { subscription: string } };
  };
  const paidInvoice = {
    ...invoice.data,
    status: 'paid',
    amount_paid: data.total,
    amount_remaining: 0,
    next_payment_attempt: null,
    status_transitions: { ...data.status_transitions, paid_at: seconds(now) },
  };
  await state.put('invoice', paidInvoice, invoice.internals);
  await state.emit('invoice.paid', paidInvoice, seconds(now));
  const subscription = await state.get(data.parent.subscription_details.subscription, 'subscription');
  if (!subscription) return;
  const status = String(subscription.data.status);
  const reactivates = status === 'incomplete' || status === 'past_due' || status === 'unpaid';
  // save_default_payment_method: on_subscription — the card that paid is the one renewals charge from now on.
  const newCard = subscription.data.default_payment_method !== paymentMethodId && status !== 'canceled';
  if (reactivates || newCard) {
    const active = {
      ...subscription.data,
      status: reactivates ? 'active' : status,
      default_payment_method: paymentMethodId,
    };
    await state.put('subscription', active, subscription.internals);
    await state.emit('customer.subscription.updated', active, seconds(now));
  }
}

/** Invoice fields a failed charge sets beside its attempt count (the provider's retry schedule). */
export interface InvoiceAttempt {
  readonly fields: Readonly<Record<string, unknown>>;
  readonly internals: Partial<LocalInternals>;
}

/** A PaymentIntent was declined (or its authentication failed): it waits for another card; the invoice stays open. */
export async function declinePayment(
  state: LocalState,
  intent: LocalObject,
  paymentMethodId: string,
  error: ProviderError,
  now: Date,
  attempt: InvoiceAttempt = { fields: {}, internals: {} },
): Promise<void> {
  const failed = {
    ...intent.data,
    status: 'requires_payment_method',
    payment_method: paymentMethodId || null,
    next_action: null,
    last_payment_error: stripeError(error),
  };
  await state.put('payment_intent', failed, { invoiceId: intent.internals.invoiceId });
  await state.emit('payment_intent.payment_failed', failed, seconds(now));
  const invoice = intent.internals.invoiceId ? await state.get(intent.internals.invoiceId, 'invoice') : null;
  if (!invoice) return;
  const attempted = {
    ...invoice.data,
    ...attempt.fields,
    attempted: true,
    attempt_count: Number(invoice.data.attempt_count ?? 0) + 1,
  };
  await state.put('invoice', attempted, { ...invoice.internals, ...attempt.internals });
  await state.emit('invoice.payment_failed', attempted, seconds(now));
}

/** A SetupIntent saved its card: the card is attached to the intent's customer. */
export async function completeSetup(
  state: LocalState,
  intent: LocalObject,
  paymentMethodId: string,
  now: Date,
): Promise<void> {
  const method = await state.get(paymentMethodId, 'payment_method');
  if (method) {
    const attached = { ...method.data, customer: intent.data.customer };
    await state.put('payment_method', attached, method.internals);
    await state.emit('payment_method.attached', attached, seconds(now));
  }
  const succeeded = {
    ...intent.data,
    status: 'succeeded',
    payment_method: paymentMethodId,
    next_action: null,
    last_setup_error: null,
  };
  await state.put('setup_intent', succeeded);
  await state.emit('setup_intent.succeeded', succeeded, seconds(now));
}

/** A SetupIntent's card was declined (or not authenticated): it waits for another card. */
export async function failSetup(
  state: LocalState,
  intent: LocalObject,
  error: ProviderError,
  now: Date,
): Promise<void> {
  const failed = {
    ...intent.data,
    status: 'requires_payment_method',
    payment_method: null,
    next_action: null,
    last_setup_error: stripeError(error),
  };
  await state.put('setup_intent', failed);
  await state.emit('setup_intent.setup_failed', failed, seconds(now));
}

/** An intent now waits for 3-D Secure on the provider's authentication page. */
export async function requireAuthentication(
  state: LocalState,
  intent: LocalObject,
  paymentMethodId: string,
  url: string,
  returnUrl: string,
  now: Date,
): Promise<void> {
  const kind = intent.kind;
  const waiting = {
    ...intent.data,
    status: 'requires_action',
    payment_method: paymentMethodId,
    next_action: { type: 'redirect_to_url', redirect_to_url: { url, return_url: returnUrl } },
  };
  await state.put(kind, waiting, { ...intent.internals, pendingPaymentMethodId: paymentMethodId });
  await state.emit(`${kind}.requires_action`, waiting, seconds(now));
}
