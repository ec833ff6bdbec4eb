import type {
  CreatedSubscription,
  PaymentProvider,
  PriceSpec,
  ProviderCard,
  ProviderCustomerInput,
  ProviderIntent,
  StripeInvoiceObject,
  StripeSubscriptionObject,
  SubscriptionInput,
} from '../payment-provider.js';
import { LocalBillingCycle } from './local-billing-cycle.js';
import { LocalClocks } from './local-clocks.js';
import { DEFAULT_DUNNING, type DunningPolicy } from './local-dunning.js';
import { issueInvoice } from './local-invoices.js';
import { cardOf, intentOf, missing, newIntent, periodEnd, refused, seconds } from './local-objects.js';
import { declinePayment, requireAuthentication, settlePayment } from './local-payments.js';
import { providerId, type LocalObject, type LocalState } from './local-state.js';
import { LocalTestHelpers } from './local-test-helpers.js';

export interface LocalProviderOptions {
  /** Where the browser reaches the provider's pages (card entry, 3-D Secure), e.g. http://127.0.0.1:9125. */
  readonly publicUrl: () => string;
  readonly clock?: () => Date;
  /** Retries of a failed renewal and the end state after them (Stripe's failed-payment settings). */
  readonly dunning?: DunningPolicy;
}

/**
 * The local payment provider: Stripe's behaviour for its documented test cards (test-cards.ts),
 * its object shapes and its webhook events (signed like Stripe's by webhook-sender.ts), kept
 * durably in an embedded document store of its own. Its card and 3-D Secure pages
 * (local-pages.ts) stand in for Stripe Elements and the bank's challenge. Each customer has a test
 * clock (local-clocks.ts): as it passes a period end the subscription renews, and a declined
 * renewal is retried on the dunning policy (local-billing-cycle.ts, ADR 066).
 */
export class LocalProvider implements PaymentProvider {
  readonly name = 'local';
  readonly publishableKey = '';
  readonly clock: () => Date;
  /** Each customer's test clock (Stripe's test clocks): renewals and retries happen as it passes their dates. */
  readonly clocks: LocalClocks;
  readonly cycle: LocalBillingCycle;
  readonly dunning: DunningPolicy;
  /** What Stripe keeps under `testHelpers`: advancing a customer's clock, a card that starts declining. */
  readonly testHelpers: LocalTestHelpers;

  constructor(
    readonly state: LocalState,
    private readonly options: LocalProviderOptions,
  ) {
    this.clock = options.clock ?? (() => new Date());
    this.clocks = new LocalClocks(state, this.clock);
    this.dunning = options.dunning ?? DEFAULT_DUNNING;
    this.cycle = new LocalBillingCycle(state, this.clocks, this.dunning, (ids) => this.taxPermille(ids));
    this.testHelpers = new LocalTestHelpers(state, this.clocks, this.cycle);
  }

  /** The customer's time: the provider's, plus what its test clock was advanced by. */
  time(customerId: string): Promise<Date> {
    return this.clocks.now(customerId);
  }

  get publicUrl(): string {
    return this.options.publicUrl();
  }

  async createCustomer(input: ProviderCustomerInput): Promise<{ id: string }> {
    const known = await this.state.remembered(`customer:${input.idempotencyKey}`);
    if (known) return { id: known };
    const now = this.clock();
    const customer = {
      id: providerId('cus'),
      object: 'customer',
      email: input.email || null,
      name: input.name || null,
      address: input.address
        ? {
            line1: input.address.line1,
            line2: input.address.line2 || null,
            postal_code: input.address.postalCode,
            city: input.address.city,
            country: input.address.country,
          }
        : null,
      metadata: { user_id: input.userId },
      invoice_settings: { default_payment_method: null },
      created: seconds(now),
      livemode: false,
    };
    await this.state.put('customer', customer);
    await this.state.remember(`customer:${input.idempotencyKey}`, customer.id);
    await this.state.emit('customer.created', customer, seconds(now));
    return { id: customer.id };
  }

  async createSetupIntent(customerId: string): Promise<ProviderIntent> {
    await this.require(customerId, 'customer');
    const now = await this.time(customerId);
    const intent = newIntent(
      'seti',
      { customer: customerId, usage: 'off_session', payment_method_types: ['card'] },
      now,
    );
    await this.state.put('setup_intent', intent);
    await this.state.emit('setup_intent.created', intent, seconds(now));
    return intentOf((await this.state.get(String(intent.id), 'setup_intent'))!);
  }

  cardPageUrl(intent: ProviderIntent, returnUrl: string): string {
    const url = new URL(`/local-provider/setup/${intent.id}`, this.publicUrl);
    url.searchParams.set('client_secret', intent.clientSecret);
    url.searchParams.set('return_url', returnUrl);
    return url.toString();
  }

  async retrieveSetupIntent(id: string): Promise<ProviderIntent> {
    return intentOf(await this.require(id, 'setup_intent'));
  }

  async retrievePaymentIntent(id: string): Promise<ProviderIntent> {
    return intentOf(await this.require(id, 'payment_intent'));
  }

  async retrieveCard(paymentMethodId: string): Promise<ProviderCard> {
    return cardOf(await this.require(paymentMethodId, 'payment_method'));
  }

  async setDefaultCard(customerId: string, paymentMethodId: string): Promise<void> {
    const customer = await this.require(customerId, 'customer');
    const method = await this.require(paymentMethodId, 'payment_method');
    const owner = method.data.customer;
    if (owner && owner !== customerId)
      throw refused('The payment method you provided has already been attached to another customer.');
    const now = await this.time(customerId);
    if (!owner) {
      const attached = { ...method.data, customer: customerId };
      await this.state.put('payment_method', attached, method.internals);
      await this.state.emit('payment_method.attached', attached, seconds(now));
    }
    const updated = { ...customer.data, invoice_settings: { default_payment_method: paymentMethodId } };
    await this.state.put('customer', updated, customer.internals);
    await this.state.emit('customer.updated', updated, seconds(now));
    // Renewals charge a subscription's own card before the customer's: the new card becomes theirs too.
    const subscriptions = await this.state.objects.find({ kind: 'subscription', customer: customerId });
    for (const subscription of subscriptions) {
      const live = !['canceled', 'incomplete_expired'].includes(String(subscription.data.status));
      if (!live || subscription.data.default_payment_method === paymentMethodId) continue;
      const changed = { ...subscription.data, default_payment_method: paymentMethodId };
      await this.state.put('subscription', changed, subscription.internals);
      await this.state.emit('customer.subscription.updated', changed, seconds(now));
    }
  }

  async detachCard(paymentMethodId: string): Promise<void> {
    const method = await this.require(paymentMethodId, 'payment_method');
    const detached = { ...method.data, customer: null };
    await this.state.put('payment_method', detached, method.internals);
    await this.state.emit(
      'payment_method.detached',
      detached,
      seconds(await this.time(String(method.data.customer ?? ''))),
    );
  }

  async ensurePrice(spec: PriceSpec): Promise<{ id: string }> {
    const key = `price:${spec.lookupKey}:${spec.unitAmount}`;
    const known = await this.state.remembered(key);
    if (known) return { id: known };
    const price = {
      id: providerId('price'),
      object: 'price',
      lookup_key: spec.lookupKey,
      currency: spec.currency,
      unit_amount: spec.unitAmount,
      recurring: { interval: spec.interval },
      nickname: spec.productName,
      active: true,
      created: seconds(this.clock()),
    };
    await this.state.put('price', price);
    await this.state.remember(key, price.id);
    return { id: price.id };
  }

  async ensureTaxRate(permille: number, country: string): Promise<{ id: string }> {
    const key = `tax_rate:${country}:${permille}`;
    const known = await this.state.remembered(key);
    if (known) return { id: known };
    const rate = {
      id: providerId('txr'),
      object: 'tax_rate',
      display_name: 'VAT',
      percentage: permille / 10,
      inclusive: false,
      country,
      active: true,
      created: seconds(this.clock()),
    };
    await this.state.put('tax_rate', rate);
    await this.state.remember(key, rate.id);
    return { id: rate.id };
  }

  async createSubscription(input: SubscriptionInput): Promise<CreatedSubscription> {
    const known = await this.state.remembered(`subscription:${input.idempotencyKey}`);
    if (known) {
      const subscription = await this.retrieveSubscription(known);
      const invoice = await this.require(String(subscription.latest_invoice), 'invoice');
      return { subscription, paymentIntentId: invoice.internals.paymentIntentId ?? '' };
    }
    await this.require(input.customerId, 'customer');
    const price = await this.require(input.priceId, 'price');
    const method = await this.require(input.paymentMethodId, 'payment_method');
    if (method.data.customer !== input.customerId)
      throw refused('The customer does not have a payment method with the ID provided.');
    if (!Number.isInteger(input.quantity) || input.quantity < 1) throw refused('Invalid integer: quantity');
    const taxPermille = await this.taxPermille(input.taxRateIds);
    const now = await this.time(input.customerId);
    const interval = (price.data.recurring as { interval: 'month' | 'year' }).interval;
    const end = periodEnd(now, interval);
    const id = providerId('sub');
    const issued = await issueInvoice(
      this.state,
      {
        customerId: input.customerId,
        subscriptionId: id,
        subscriptionMetadata: input.metadata,
        productName: String(price.data.nickname ?? 'Subscription'),
        unitAmount: Number(price.data.unit_amount),
        quantity: input.quantity,
        currency: String(price.data.currency),
        taxPermille,
        periodStart: now,
        periodEnd: end,
        billingReason: 'subscription_create',
      },
      now,
    );
    const subscription = {
      id,
      object: 'subscription',
      customer: input.customerId,
      status: 'incomplete',
      metadata: { ...input.metadata },
      cancel_at_period_end: false,
      canceled_at: null,
      start_date: seconds(now),
      created: seconds(now),
      latest_invoice: issued.invoiceId,
      default_payment_method: input.paymentMethodId,
      default_tax_rates: [...input.taxRateIds],
      items: {
        object: 'list',
        data: [
          {
            id: providerId('si'),
            object: 'subscription_item',
            quantity: input.quantity,
            current_period_start: seconds(now),
            current_period_end: seconds(end),
            price: { id: price._id, lookup_key: price.data.lookup_key ?? null },
          },
        ],
      },
      livemode: false,
    };
    await this.state.put('subscription', subscription);
    await this.state.remember(`subscription:${input.idempotencyKey}`, id);
    await this.state.emit('customer.subscription.created', subscription, seconds(now));
    return {
      subscription: subscription as unknown as StripeSubscriptionObject,
      paymentIntentId: issued.paymentIntentId,
    };
  }

  async confirmPayment(paymentIntentId: string, paymentMethodId: string, returnUrl: string): Promise<ProviderIntent> {
    const customerId = String((await this.require(paymentIntentId, 'payment_intent')).data.customer ?? '');
    // One at a time with the customer's billing cycle: a retry due now must not charge the same invoice too.
    return this.clocks.exclusive(customerId, () => this.confirmNow(paymentIntentId, paymentMethodId, returnUrl));
  }

  private async confirmNow(
    paymentIntentId: string,
    paymentMethodId: string,
    returnUrl: string,
  ): Promise<ProviderIntent> {
    const intent = await this.require(paymentIntentId, 'payment_intent');
    const method = await this.require(paymentMethodId, 'payment_method');
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(String(intent.data.status))) {
      throw refused(
        `This PaymentIntent's status is ${String(intent.data.status)}; it cannot be confirmed.`,
        'payment_intent_unexpected_state',
      );
    }
    if (method.data.customer !== intent.data.customer)
      throw refused('The payment method does not belong to the customer of this PaymentIntent.');
    const now = await this.time(String(intent.data.customer));
    const behaviour = method.internals.behaviour;
    if (behaviour === 'declined' || behaviour === 'charge_declined')
      await declinePayment(this.state, intent, paymentMethodId, method.internals.declineError!, now);
    else if (behaviour === 'always_authenticate')
      await requireAuthentication(
        this.state,
        intent,
        paymentMethodId,
        this.authenticationUrl(intent._id, String(intent.data.client_secret)),
        returnUrl,
        now,
      );
    else await settlePayment(this.state, intent, paymentMethodId, now);
    return this.retrievePaymentIntent(paymentIntentId);
  }

  /** The provider's 3-D Secure page for an intent (its client secret lets the browser in). */
  authenticationUrl(intentId: string, clientSecret: string): string {
    const url = new URL(`/local-provider/authenticate/${intentId}`, this.publicUrl);
    url.searchParams.set('client_secret', clientSecret);
    return url.toString();
  }

  async updateQuantity(subscriptionId: string, quantity: number): Promise<StripeSubscriptionObject> {
    if (!Number.isInteger(quantity) || quantity < 1) throw refused('Invalid integer: quantity');
    return this.changeSubscription(subscriptionId, (data) => {
      const items = data.items as { data: Record<string, unknown>[] };
      return { ...data, items: { ...items, data: items.data.map((item) => ({ ...item, quantity })) } };
    });
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<StripeSubscriptionObject> {
    return this.changeSubscription(subscriptionId, (data) => ({ ...data, cancel_at_period_end: cancel }));
  }

  async cancelNow(subscriptionId: string): Promise<StripeSubscriptionObject> {
    return this.changeSubscription(
      subscriptionId,
      (data, now) => ({ ...data, status: 'canceled', canceled_at: seconds(now), cancel_at_period_end: false }),
      'customer.subscription.deleted',
    );
  }

  async retrieveSubscription(id: string): Promise<StripeSubscriptionObject> {
    return (await this.require(id, 'subscription')).data as unknown as StripeSubscriptionObject;
  }

  async retrieveInvoice(id: string): Promise<StripeInvoiceObject> {
    return (await this.require(id, 'invoice')).data as unknown as StripeInvoiceObject;
  }

  async invoicePaymentIntent(invoiceId: string): Promise<string> {
    const invoice = await this.require(invoiceId, 'invoice');
    return invoice.data.status === 'open' ? (invoice.internals.paymentIntentId ?? '') : '';
  }

  async close(): Promise<void> {}

  async require(id: string, kind: string): Promise<LocalObject> {
    const found = id ? await this.state.get(id, kind) : null;
    if (!found) throw missing(kind, id);
    return found;
  }

  private async taxPermille(taxRateIds: readonly string[]): Promise<number> {
    let permille = 0;
    for (const id of taxRateIds)
      permille += Math.round(Number((await this.require(id, 'tax_rate')).data.percentage) * 10);
    return permille;
  }

  private async changeSubscription(
    id: string,
    change: (data: Record<string, unknown>, now: Date) => Record<string, unknown>,
    eventType = 'customer.subscription.updated',
  ): Promise<StripeSubscriptionObject> {
    const subscription = await this.require(id, 'subscription');
    const status = subscription.data.status;
    if (status === 'canceled' || status === 'incomplete_expired')
      throw refused(`A ${String(status)} subscription can only update its metadata.`);
    const now = await this.time(subscription.customer);
    const changed = change(subscription.data, now);
    await this.state.put('subscription', changed, subscription.internals);
    await this.state.emit(eventType, changed, seconds(now));
    return changed as unknown as StripeSubscriptionObject;
  }
}
