import Stripe from 'stripe';
import { FailedPreconditionError, UnavailableError } from '@pc/kit/errors/domain-errors';
import type { IntentStatus, ProviderError, ProviderIntent } from '../payment-provider.js';

const idOf = (value: string | { id: string } | null | undefined): string =>
  typeof value === 'string' ? value : (value?.id ?? '');

interface LastError {
  readonly code?: string;
  readonly decline_code?: string;
  readonly message?: string;
}

function errorView(error: LastError | null | undefined): ProviderError | null {
  if (!error) return null;
  return { code: error.code ?? 'card_declined', declineCode: error.decline_code ?? '', message: error.message ?? '' };
}

/** A SetupIntent or PaymentIntent of stripe-node (or of a webhook payload) as the port's view. */
export function intentView(intent: Stripe.SetupIntent | Stripe.PaymentIntent): ProviderIntent {
  const lastError =
    'last_setup_error' in intent ? intent.last_setup_error : (intent as Stripe.PaymentIntent).last_payment_error;
  return {
    id: intent.id,
    status: intent.status as IntentStatus,
    clientSecret: intent.client_secret ?? '',
    customerId: idOf(intent.customer as string | { id: string } | null),
    paymentMethodId: idOf(intent.payment_method as string | { id: string } | null),
    nextActionUrl: intent.next_action?.redirect_to_url?.url ?? '',
    lastError: errorView(lastError as LastError | null | undefined),
  };
}

/**
 * Stripe's failures in billing's terms: a request Stripe refused as invalid (a resource that does
 * not exist, a card of another customer) is FAILED_PRECONDITION; connection, rate-limit and
 * server errors are UNAVAILABLE (the caller may retry; creating calls carry idempotency keys).
 */
export async function withProviderErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError) {
      throw new FailedPreconditionError(`payment provider refused the request: ${error.message}`, {
        cause: error,
        reason: 'PROVIDER_REFUSED',
        metadata: { code: error.code ?? '' },
      });
    }
    if (error instanceof Stripe.errors.StripeError)
      throw new UnavailableError(`payment provider unavailable: ${error.message}`, { cause: error });
    throw error;
  }
}
