import type {
  CreateSetupIntentRequest,
  CreateSetupIntentResponse,
  GetPaymentMethodRequest,
  GetPaymentMethodResponse,
  UpdatePaymentMethodRequest,
  UpdatePaymentMethodResponse,
} from '@pc/proto/billing/v1/billing';
import { PaymentStatus } from '@pc/proto/billing/v1/types';
import { FailedPreconditionError, InvalidArgumentError, NotFoundError } from '@pc/kit/errors/domain-errors';
import { paymentOutcome, succeeded } from '../domain/payment-outcome.js';
import type { BillingDependencies } from './dependencies.js';
import { BillingChecks } from './field-checks.js';
import { cardMessage, detailsMessage } from './messages.js';

const RETRIED = new Set(['incomplete', 'past_due', 'unpaid']);

/** CreateSetupIntent: a SetupIntent of the actor's customer for the card form (Elements or the provider's card page). */
export async function createSetupIntent(
  request: CreateSetupIntentRequest,
  deps: BillingDependencies,
): Promise<CreateSetupIntentResponse> {
  const checks = new BillingChecks();
  const returnUrl = checks.returnUrl('return_url', request.returnUrl, deps.siteUrl, true);
  checks.done();
  const actor = await deps.actors.requireBusiness(request.actorUserId);
  const account = await deps.customers.ensure(actor);
  const intent = await deps.provider.createSetupIntent(account.customerId, returnUrl);
  await deps.customers.remember(actor.id, intent.id);
  return {
    clientSecret: intent.clientSecret,
    setupIntentId: intent.id,
    publishableKey: deps.provider.publishableKey,
    cardPageUrl: deps.provider.cardPageUrl(intent, returnUrl),
  };
}

/**
 * UpdatePaymentMethod: the card the browser saved becomes the card on file ("card updated
 * successfully"); an unpaid invoice of the subscription is retried with it at once.
 */
export async function updatePaymentMethod(
  request: UpdatePaymentMethodRequest,
  deps: BillingDependencies,
): Promise<UpdatePaymentMethodResponse> {
  const checks = new BillingChecks();
  const paymentMethodId = checks.providerId('payment_method_id', request.paymentMethodId, ['pm', 'card'], false);
  const setupIntentId = checks.providerId('setup_intent_id', request.setupIntentId, ['seti'], false);
  if (!request.paymentMethodId.trim() && !request.setupIntentId.trim())
    checks.add(
      'payment_method_id',
      'provide a valid payment method (payment_method_id or setup_intent_id)',
      'required',
    );
  if (request.paymentMethodId.trim() && request.setupIntentId.trim())
    checks.add('setup_intent_id', 'give payment_method_id or setup_intent_id, not both', 'prohibited');
  const returnUrl = checks.returnUrl('return_url', request.returnUrl, deps.siteUrl, false) || deps.siteUrl;
  const details = request.billingDetails ? checks.details('billing_details', request.billingDetails) : null;
  checks.done();
  const actor = await deps.actors.requireBusiness(request.actorUserId);
  let account = await deps.customers.ensure(actor);
  let methodId = paymentMethodId;
  if (setupIntentId) {
    if (!account.intents.includes(setupIntentId)) throw new NotFoundError('setup intent', setupIntentId);
    const intent = await deps.provider.retrieveSetupIntent(setupIntentId);
    if (intent.status !== 'succeeded')
      return { payment: paymentOutcome(intent), paymentMethod: cardMessage(account.card) };
    methodId = intent.paymentMethodId;
  } else {
    await requireUsableCard(deps, account.customerId, methodId);
  }
  const card = await deps.cards.save(actor.id, account.customerId, methodId);
  if (details)
    account = (await deps.ledger.change(actor.id, (current) =>
      current ? { doc: { ...current, billingDetails: details }, events: [] } : null,
    ))!;
  const subscription = account.subscription;
  if (subscription && RETRIED.has(subscription.status) && subscription.latestInvoiceId) {
    const intentId = await deps.provider.invoicePaymentIntent(subscription.latestInvoiceId);
    if (intentId) {
      await deps.customers.remember(actor.id, intentId);
      const intent = await deps.provider.confirmPayment(intentId, card.id, returnUrl);
      if (intent.status === 'succeeded') await deps.sync.refresh(subscription.id);
      const outcome = paymentOutcome(intent);
      if (outcome.status !== PaymentStatus.PAYMENT_STATUS_SUCCEEDED)
        return { payment: outcome, paymentMethod: cardMessage(card) };
    }
  }
  deps.logger.info({ userId: actor.id, brand: card.brand, last4: card.last4 }, 'card on file updated');
  return { payment: succeeded(setupIntentId), paymentMethod: cardMessage(card) };
}

/** A card id from the browser: the provider knows it and it is not another customer's ("provide a valid payment method"). */
export async function requireUsableCard(
  deps: BillingDependencies,
  customerId: string,
  paymentMethodId: string,
): Promise<void> {
  const invalid = new InvalidArgumentError([
    { field: 'payment_method_id', reason: 'provide a valid payment method', rule: 'exists' },
  ]);
  const card = await deps.provider.retrieveCard(paymentMethodId).catch((error: unknown) => {
    throw error instanceof FailedPreconditionError ? invalid : error;
  });
  if (card.customerId && card.customerId !== customerId) throw invalid;
}

/** GetPaymentMethod: the card on file (empty: "no card on file") and the billing details. */
export async function getPaymentMethod(
  request: GetPaymentMethodRequest,
  deps: BillingDependencies,
): Promise<GetPaymentMethodResponse> {
  const actor = await deps.actors.requireBusiness(request.actorUserId);
  const account = await deps.ledger.accounts.get(actor.id);
  return {
    paymentMethod: cardMessage(account?.card ?? null),
    billingDetails: detailsMessage(account?.billingDetails ?? null),
  };
}
