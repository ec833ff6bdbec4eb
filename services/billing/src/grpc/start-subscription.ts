import type { StartSubscriptionRequest, StartSubscriptionResponse } from '@pc/proto/billing/v1/billing';
import { AlreadyExistsError, FailedPreconditionError, InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import { withIntent, type AccountRecord } from '../domain/account-record.js';
import { paymentOutcome, succeeded } from '../domain/payment-outcome.js';
import { findPlan, priceSpec, VAT, type PlanSpec } from '../domain/plans.js';
import { subscriptionSnapshot } from '../domain/stripe-objects.js';
import { applySubscription, withSubscriptionEvent } from '../domain/subscription-transition.js';
import type { StoredAccount } from '../store/account-repository.js';
import type { Actor } from './actor.js';
import { requireUsableCard } from './card-handlers.js';
import type { BillingDependencies } from './dependencies.js';
import { BillingChecks } from './field-checks.js';
import { subscriptionMessage } from './messages.js';

const RUNNING = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function covering(account: AccountRecord, shopId: string): AccountRecord {
  return {
    ...account,
    shops: account.shops.map((shop) => (shop.shopId === shopId ? { ...shop, covered: true } : shop)),
  };
}

/**
 * StartSubscription: the first shop starts the account's subscription (one per account, one unit
 * per shop) and pays its first invoice with the card on file — succeeded, 3-D Secure first, or
 * declined (the subscription stays incomplete; a new card retries the same invoice). A further
 * shop joins the running subscription from its next period (no proration).
 */
export async function startSubscription(
  request: StartSubscriptionRequest,
  deps: BillingDependencies,
): Promise<StartSubscriptionResponse> {
  const checks = new BillingChecks();
  const shopId = checks.text('shop_id', request.shopId, { required: true, max: 64 });
  const planId = checks.text('plan_id', request.planId, { required: true, max: 64 });
  const plan = planId ? findPlan(planId) : undefined;
  if (planId && !plan) checks.add('plan_id', 'is not a plan on offer (ListPlans)', 'in');
  const paymentMethodId = checks.providerId('payment_method_id', request.paymentMethodId, ['pm', 'card'], false);
  const returnUrl = checks.returnUrl('return_url', request.returnUrl, deps.siteUrl, true);
  if (request.idempotencyKey && !UUID.test(request.idempotencyKey))
    checks.add('idempotency_key', 'must be a UUID', 'uuid');
  const details = request.billingDetails ? checks.details('billing_details', request.billingDetails) : null;
  checks.done();
  const actor = await deps.actors.requireBusiness(request.actorUserId);
  await deps.shops.requireOwned(actor.id, shopId);
  let account = await deps.customers.ensure(actor);
  if (details)
    account = (await deps.ledger.change(actor.id, (current) =>
      current ? { doc: { ...current, billingDetails: details }, events: [] } : null,
    ))!;
  if (!account.billingDetails)
    throw new InvalidArgumentError([
      { field: 'billing_details', reason: 'is required for the invoices', rule: 'required' },
    ]);
  const shop = account.shops.find((entry) => entry.shopId === shopId)!;
  const subscription = account.subscription;
  if (shop.covered && subscription && RUNNING.has(subscription.status))
    throw new AlreadyExistsError('the shop is already subscribed', { reason: 'SHOP_ALREADY_SUBSCRIBED' });
  if (paymentMethodId) await requireUsableCard(deps, account.customerId, paymentMethodId);
  const cardId = paymentMethodId
    ? (await deps.cards.save(actor.id, account.customerId, paymentMethodId)).id
    : account.card?.id;
  if (!cardId) throw new FailedPreconditionError('add a card first: no card on file', { reason: 'NO_CARD_ON_FILE' });

  if (subscription && RUNNING.has(subscription.status)) return addShop(deps, account, plan!, shopId);
  if (subscription?.status === 'incomplete') {
    if (!shop.covered)
      throw new FailedPreconditionError('finish the first payment of the subscription first', {
        reason: 'SUBSCRIPTION_INCOMPLETE',
      });
    return payFirstInvoice(deps, actor, subscription.paymentIntentId, cardId, returnUrl);
  }
  const priceId = (await deps.provider.ensurePrice(priceSpec(plan!))).id;
  const taxRateId = (await deps.provider.ensureTaxRate(VAT.permille, VAT.country)).id;
  const key = request.idempotencyKey || `start-${actor.id}-${shopId}-${plan!.id}-${subscription?.id ?? 'first'}`;
  const created = await deps.provider.createSubscription({
    customerId: account.customerId,
    priceId,
    quantity: 1,
    paymentMethodId: cardId,
    taxRateIds: [taxRateId],
    metadata: { user_id: actor.id, plan_id: plan!.id },
    idempotencyKey: key,
  });
  const snapshot = subscriptionSnapshot(created.subscription);
  await deps.ledger.change(actor.id, (current) => {
    if (!current) return null;
    const at = deps.clock();
    const base = applySubscription(covering(current, shopId), snapshot, null, at) ?? covering(current, shopId);
    const sub =
      base.subscription && base.subscription.id === snapshot.id
        ? { ...base.subscription, paymentIntentId: created.paymentIntentId }
        : base.subscription;
    return withSubscriptionEvent(
      current,
      {
        ...base,
        subscription: sub,
        intents: created.paymentIntentId ? withIntent(base, created.paymentIntentId) : base.intents,
      },
      at,
    );
  });
  deps.logger.info({ userId: actor.id, shopId, subscriptionId: snapshot.id, plan: plan!.id }, 'subscription created');
  if (!created.paymentIntentId)
    return { subscription: subscriptionMessage((await deps.ledger.accounts.get(actor.id))!), payment: succeeded() };
  return payFirstInvoice(deps, actor, created.paymentIntentId, cardId, returnUrl);
}

async function payFirstInvoice(
  deps: BillingDependencies,
  actor: Actor,
  paymentIntentId: string,
  cardId: string,
  returnUrl: string,
): Promise<StartSubscriptionResponse> {
  const intent = await deps.provider.confirmPayment(paymentIntentId, cardId, returnUrl);
  const account = (await deps.ledger.accounts.get(actor.id))!;
  if (intent.status === 'succeeded' && account.subscription) await deps.sync.refresh(account.subscription.id);
  return {
    subscription: subscriptionMessage((await deps.ledger.accounts.get(actor.id))!),
    payment: paymentOutcome(intent),
  };
}

async function addShop(
  deps: BillingDependencies,
  account: StoredAccount,
  plan: PlanSpec,
  shopId: string,
): Promise<StartSubscriptionResponse> {
  const subscription = account.subscription!;
  if (subscription.planId && subscription.planId !== plan.id)
    throw new FailedPreconditionError(`the running subscription is on plan ${subscription.planId}`, {
      reason: 'PLAN_MISMATCH',
    });
  const quantity = account.shops.filter((shop) => shop.covered).length + 1;
  const snapshot = subscriptionSnapshot(await deps.provider.updateQuantity(subscription.id, quantity));
  const written = await deps.ledger.change(account._id, (current) => {
    if (!current) return null;
    const at = deps.clock();
    return withSubscriptionEvent(
      current,
      applySubscription(covering(current, shopId), snapshot, null, at) ?? covering(current, shopId),
      at,
    );
  });
  deps.logger.info(
    { userId: account._id, shopId, subscriptionId: subscription.id, quantity },
    'shop added to the subscription',
  );
  return { subscription: subscriptionMessage(written!), payment: succeeded() };
}
