import type {
  CancelSubscriptionRequest,
  CancelSubscriptionResponse,
  ConfirmPaymentRequest,
  ConfirmPaymentResponse,
  GetSubscriptionRequest,
  GetSubscriptionResponse,
} from '@pc/proto/billing/v1/billing';
import { FailedPreconditionError, NotFoundError } from '@pc/kit/errors/domain-errors';
import { paymentOutcome } from '../domain/payment-outcome.js';
import { subscriptionSnapshot } from '../domain/stripe-objects.js';
import type { BillingDependencies } from './dependencies.js';
import { BillingChecks } from './field-checks.js';
import { cardMessage, subscriptionMessage } from './messages.js';

const ENDED = new Set(['canceled', 'incomplete_expired']);

/** GetSubscription: the account's subscription with its card (NOT_FOUND NO_SUBSCRIPTION before the first start). */
export async function getSubscription(
  request: GetSubscriptionRequest,
  deps: BillingDependencies,
): Promise<GetSubscriptionResponse> {
  const actor = await deps.actors.requireBusiness(request.actorUserId);
  const userId = await deps.actors.target(actor, request.userId.trim());
  const account = await deps.ledger.accounts.get(userId);
  const subscription = account ? subscriptionMessage(account) : undefined;
  if (!subscription) throw new NotFoundError('subscription', userId, { reason: 'NO_SUBSCRIPTION' });
  return { subscription };
}

/**
 * ConfirmPayment: after the browser came back from 3-D Secure. A PaymentIntent (first payment,
 * invoice retry) brings the subscription up to the provider's state; a SetupIntent puts its card
 * on file. Only intents billing created for the actor's account are taken.
 */
export async function confirmPayment(
  request: ConfirmPaymentRequest,
  deps: BillingDependencies,
): Promise<ConfirmPaymentResponse> {
  const checks = new BillingChecks();
  const intentId = checks.providerId('intent_id', request.intentId, ['pi', 'seti'], true);
  checks.done();
  const actor = await deps.actors.requireBusiness(request.actorUserId);
  const account = await deps.ledger.accounts.get(actor.id);
  if (!account || !account.intents.includes(intentId)) throw new NotFoundError('payment intent', intentId);
  if (intentId.startsWith('seti_')) {
    const intent = await deps.provider.retrieveSetupIntent(intentId);
    const card =
      intent.status === 'succeeded'
        ? await deps.cards.save(actor.id, account.customerId, intent.paymentMethodId)
        : account.card;
    return { payment: paymentOutcome(intent), paymentMethod: cardMessage(card) };
  }
  const intent = await deps.provider.retrievePaymentIntent(intentId);
  if (intent.status === 'succeeded' && account.subscription) await deps.sync.refresh(account.subscription.id);
  const after = await deps.ledger.accounts.get(actor.id);
  return {
    payment: paymentOutcome(intent),
    subscription: after ? subscriptionMessage(after) : undefined,
    paymentMethod: cardMessage(after?.card ?? null),
  };
}

/** CancelSubscription: at the period end (can still be taken back by the provider's dashboard) or at once. */
export async function cancelSubscription(
  request: CancelSubscriptionRequest,
  deps: BillingDependencies,
): Promise<CancelSubscriptionResponse> {
  const checks = new BillingChecks();
  const reason = checks.text('reason', request.reason, { max: 500 });
  checks.done();
  const actor = await deps.actors.requireBusiness(request.actorUserId);
  const account = await deps.ledger.accounts.get(actor.id);
  const subscription = account?.subscription;
  if (!subscription) throw new NotFoundError('subscription', actor.id, { reason: 'NO_SUBSCRIPTION' });
  if (ENDED.has(subscription.status) || (request.atPeriodEnd && subscription.cancelAtPeriodEnd))
    throw new FailedPreconditionError('the subscription is already cancelled', { reason: 'ALREADY_CANCELED' });
  const changed = request.atPeriodEnd
    ? await deps.provider.setCancelAtPeriodEnd(subscription.id, true)
    : await deps.provider.cancelNow(subscription.id);
  await deps.sync.subscription(subscriptionSnapshot(changed), null);
  deps.logger.info(
    { userId: actor.id, subscriptionId: subscription.id, atPeriodEnd: request.atPeriodEnd, reason },
    'subscription cancelled',
  );
  return { subscription: subscriptionMessage((await deps.ledger.accounts.get(actor.id))!) };
}
