import Stripe from 'stripe';
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
import { intentView, withProviderErrors } from './stripe-intents.js';

export interface StripeProviderOptions {
  readonly secretKey: string;
  readonly publishableKey: string;
  /** e.g. 'http://127.0.0.1:12111' (stripe-mock); unset: api.stripe.com. */
  readonly apiBase?: string;
  readonly timeoutMs?: number;
}

const idOf = (value: string | { id: string } | null | undefined): string =>
  typeof value === 'string' ? value : (value?.id ?? '');

/**
 * The stripe adapter (stripe-node). Runs against real Stripe (test or live mode by the key) or
 * stripe-mock (STRIPE_API_BASE). Retries of creating calls carry an Idempotency-Key, and
 * stripe-node retries network failures itself (maxNetworkRetries).
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly prices = new Map<string, string>();
  private readonly taxRates = new Map<string, string>();

  constructor(options: StripeProviderOptions) {
    this.publishableKey = options.publishableKey;
    const base = options.apiBase ? new URL(options.apiBase) : null;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: options.timeoutMs ?? 20_000,
      telemetry: false,
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
            protocol: base.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  async createCustomer(input: ProviderCustomerInput): Promise<{ id: string }> {
    const customer = await withProviderErrors(() =>
      this.stripe.customers.create(
        {
          email: input.email || undefined,
          name: input.name || undefined,
          metadata: { user_id: input.userId },
          ...(input.address
            ? {
                address: {
                  line1: input.address.line1,
                  line2: input.address.line2 || undefined,
                  postal_code: input.address.postalCode,
                  city: input.address.city,
                  country: input.address.country,
                },
              }
            : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: customer.id };
  }

  async createSetupIntent(customerId: string): Promise<ProviderIntent> {
    const intent = await withProviderErrors(() =>
      this.stripe.setupIntents.create({ customer: customerId, usage: 'off_session' }),
    );
    return intentView(intent);
  }

  /** Stripe collects the card in Elements on the site's own page: no page of the provider's. */
  cardPageUrl(): string {
    return '';
  }

  async retrieveSetupIntent(id: string): Promise<ProviderIntent> {
    return intentView(await withProviderErrors(() => this.stripe.setupIntents.retrieve(id)));
  }

  async retrievePaymentIntent(id: string): Promise<ProviderIntent> {
    return intentView(await withProviderErrors(() => this.stripe.paymentIntents.retrieve(id)));
  }

  async retrieveCard(paymentMethodId: string): Promise<ProviderCard> {
    const method = await withProviderErrors(() => this.stripe.paymentMethods.retrieve(paymentMethodId));
    const card = method.card;
    return {
      id: method.id,
      customerId: idOf(method.customer),
      brand: card?.brand ?? '',
      last4: card?.last4 ?? '',
      expMonth: card?.exp_month ?? 0,
      expYear: card?.exp_year ?? 0,
      country: card?.country ?? '',
    };
  }

  async setDefaultCard(customerId: string, paymentMethodId: string): Promise<void> {
    const method = await withProviderErrors(() => this.stripe.paymentMethods.retrieve(paymentMethodId));
    if (idOf(method.customer) !== customerId)
      await withProviderErrors(() => this.stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
    await withProviderErrors(() =>
      this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } }),
    );
    // Renewals and retries charge a subscription's own default_payment_method before the customer's.
    const subscriptions = await withProviderErrors(() =>
      this.stripe.subscriptions.list({ customer: customerId, limit: 10 }),
    );
    for (const subscription of subscriptions.data) {
      if (idOf(subscription.default_payment_method) === paymentMethodId) continue;
      await withProviderErrors(() =>
        this.stripe.subscriptions.update(subscription.id, { default_payment_method: paymentMethodId }),
      );
    }
  }

  async detachCard(paymentMethodId: string): Promise<void> {
    await withProviderErrors(() => this.stripe.paymentMethods.detach(paymentMethodId));
  }

  async ensurePrice(spec: PriceSpec): Promise<{ id: string }> {
    const known = this.prices.get(spec.lookupKey);
    if (known) return { id: known };
    const found = await withProviderErrors(() =>
      this.stripe.prices.list({ lookup_keys: [spec.lookupKey], active: true, limit: 1 }),
    );
    let id = found.data[0]?.id;
    if (!id) {
      const created = await withProviderErrors(() =>
        this.stripe.prices.create(
          {
            lookup_key: spec.lookupKey,
            currency: spec.currency,
            unit_amount: spec.unitAmount,
            recurring: { interval: spec.interval },
            product_data: { name: spec.productName },
            tax_behavior: 'exclusive',
          },
          { idempotencyKey: `price-${spec.lookupKey}-${spec.unitAmount}` },
        ),
      );
      id = created.id;
    }
    this.prices.set(spec.lookupKey, id);
    return { id };
  }

  async ensureTaxRate(permille: number, country: string): Promise<{ id: string }> {
    const key = `${country}-${permille}`;
    const known = this.taxRates.get(key);
    if (known) return { id: known };
    const percentage = permille / 10;
    const rates = await withProviderErrors(() =>
      this.stripe.taxRates.list({ active: true, inclusive: false, limit: 100 }),
    );
    let id = rates.data.find((rate) => rate.percentage === percentage && rate.country === country)?.id;
    if (!id) {
      const created = await withProviderErrors(() =>
        this.stripe.taxRates.create(
          { display_name: 'VAT', percentage, inclusive: false, country, tax_type: 'vat' },
          { idempotencyKey: `tax-rate-${key}` },
        ),
      );
      id = created.id;
    }
    this.taxRates.set(key, id);
    return { id };
  }

  async createSubscription(input: SubscriptionInput): Promise<CreatedSubscription> {
    const subscription = await withProviderErrors(() =>
      this.stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price: input.priceId, quantity: input.quantity }],
          default_payment_method: input.paymentMethodId,
          // The first invoice waits for our confirm (with a return URL, so 3-D Secure is a redirect).
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
          proration_behavior: 'none',
          ...(input.taxRateIds.length > 0 ? { default_tax_rates: [...input.taxRateIds] } : {}),
          metadata: { ...input.metadata },
          expand: ['latest_invoice'],
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    const invoiceId = idOf(subscription.latest_invoice);
    return {
      subscription: subscription as unknown as StripeSubscriptionObject,
      paymentIntentId: invoiceId ? await this.invoicePaymentIntent(invoiceId) : '',
    };
  }

  async confirmPayment(paymentIntentId: string, paymentMethodId: string, returnUrl: string): Promise<ProviderIntent> {
    try {
      const intent = await this.stripe.paymentIntents.confirm(paymentIntentId, {
        payment_method: paymentMethodId,
        return_url: returnUrl,
      });
      return intentView(intent);
    } catch (error) {
      // A decline is an outcome: the intent now carries last_payment_error.
      if (error instanceof Stripe.errors.StripeCardError) return this.retrievePaymentIntent(paymentIntentId);
      return withProviderErrors(() => Promise.reject(error));
    }
  }

  async updateQuantity(subscriptionId: string, quantity: number): Promise<StripeSubscriptionObject> {
    const current = await this.retrieveSubscription(subscriptionId);
    const item = current.items.data[0] as { id?: string } | undefined;
    const updated = await withProviderErrors(() =>
      this.stripe.subscriptions.update(subscriptionId, {
        items: [{ ...(item?.id ? { id: item.id } : {}), quantity }],
        proration_behavior: 'none',
      }),
    );
    return updated as unknown as StripeSubscriptionObject;
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<StripeSubscriptionObject> {
    return (await withProviderErrors(() =>
      this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }),
    )) as unknown as StripeSubscriptionObject;
  }

  async cancelNow(subscriptionId: string): Promise<StripeSubscriptionObject> {
    return (await withProviderErrors(() =>
      this.stripe.subscriptions.cancel(subscriptionId),
    )) as unknown as StripeSubscriptionObject;
  }

  async retrieveSubscription(id: string): Promise<StripeSubscriptionObject> {
    return (await withProviderErrors(() =>
      this.stripe.subscriptions.retrieve(id),
    )) as unknown as StripeSubscriptionObject;
  }

  async retrieveInvoice(id: string): Promise<StripeInvoiceObject> {
    return (await withProviderErrors(() => this.stripe.invoices.retrieve(id))) as unknown as StripeInvoiceObject;
  }

  async invoicePaymentIntent(invoiceId: string): Promise<string> {
    const payments = await withProviderErrors(() =>
      this.stripe.invoicePayments.list({ invoice: invoiceId, limit: 10 }),
    );
    const open = payments.data.find((payment) => payment.status === 'open') ?? payments.data[0];
    return idOf(open?.payment.payment_intent);
  }

  async close(): Promise<void> {}
}
