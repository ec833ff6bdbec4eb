/**
 * The payment-provider port: what billing asks of Stripe, in Stripe's own terms (customers,
 * SetupIntents, PaymentMethods, subscriptions, invoices, PaymentIntents). Two adapters pass one
 * contract suite (`contracts/payment-provider.contract.ts`): `stripe/` (stripe-node, against real
 * Stripe or stripe-mock) and `local/` (Stripe's documented test cards, for `npm start` without
 * keys). Objects come back as `Stripe*` views: the fields billing reads, named as Stripe names them,
 * so webhook payloads of both adapters map through the same code (`domain/stripe-objects.ts`).
 *
 * No method ever receives a card number: cards reach the provider from the browser (Stripe
 * Elements, or the local provider's own card page); billing sees ids, brand, last4 and expiry.
 */

/** Why an intent did not go through, as Stripe reports it (safe to show). */
export interface ProviderError {
  /** e.g. 'card_declined', 'expired_card', 'authentication_required'. */
  readonly code: string;
  /** e.g. 'generic_decline', 'insufficient_funds'; '' when none. */
  readonly declineCode: string;
  readonly message: string;
}

export type IntentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

/** A SetupIntent (card collection) or PaymentIntent (a payment), reduced to what billing reads. */
export interface ProviderIntent {
  /** 'seti_…' or 'pi_…'. */
  readonly id: string;
  readonly status: IntentStatus;
  readonly clientSecret: string;
  readonly customerId: string;
  /** The card it used or saved, when known. */
  readonly paymentMethodId: string;
  /** Where to send the browser to authenticate (3-D Secure), when status is requires_action. */
  readonly nextActionUrl: string;
  /** The last failure (a decline), when there was one. */
  readonly lastError: ProviderError | null;
}

export interface ProviderCard {
  readonly id: string;
  readonly customerId: string;
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly country: string;
}

export interface ProviderCustomerInput {
  /** Our user id, kept in the customer's metadata. */
  readonly userId: string;
  readonly email: string;
  readonly name: string;
  readonly address: {
    readonly line1: string;
    readonly line2: string;
    readonly postalCode: string;
    readonly city: string;
    readonly country: string;
  } | null;
  /** Makes a retried create return the first customer (Stripe's Idempotency-Key). */
  readonly idempotencyKey: string;
}

/** A plan's recurring price at the provider. */
export interface PriceSpec {
  /** Stable key, e.g. 'pc-listing-monthly-chf' (Stripe lookup_key). */
  readonly lookupKey: string;
  readonly productName: string;
  /** Minor units, excluding tax. */
  readonly unitAmount: number;
  /** ISO 4217, lower case as Stripe writes it. */
  readonly currency: string;
  readonly interval: 'month' | 'year';
}

export interface SubscriptionInput {
  readonly customerId: string;
  readonly priceId: string;
  /** Shops covered. */
  readonly quantity: number;
  readonly paymentMethodId: string;
  /** Tax rate ids applied to every invoice (Swiss VAT). */
  readonly taxRateIds: readonly string[];
  readonly metadata: Readonly<Record<string, string>>;
  readonly idempotencyKey: string;
}

/** A subscription as created, with the PaymentIntent of its first invoice to confirm. */
export interface CreatedSubscription {
  /** The subscription object as Stripe returns it (mapped by `domain/stripe-objects.ts`). */
  readonly subscription: StripeSubscriptionObject;
  /** The first invoice's PaymentIntent id ('' when nothing is due). */
  readonly paymentIntentId: string;
}

/** The fields of a Stripe Subscription billing reads (API version of stripe-node 23). */
export interface StripeSubscriptionObject {
  readonly id: string;
  readonly object: 'subscription';
  readonly customer: string | { readonly id: string };
  readonly status: string;
  readonly metadata: Readonly<Record<string, string>>;
  readonly cancel_at_period_end: boolean;
  readonly canceled_at: number | null;
  readonly start_date: number;
  readonly created: number;
  readonly latest_invoice: string | { readonly id: string } | null;
  readonly default_payment_method: string | { readonly id: string } | null;
  readonly items: {
    readonly data: readonly {
      readonly quantity?: number;
      readonly current_period_start: number;
      readonly current_period_end: number;
      readonly price: { readonly id: string; readonly lookup_key: string | null };
    }[];
  };
}

/** The fields of a Stripe Invoice billing reads. */
export interface StripeInvoiceObject {
  readonly id: string;
  readonly object: 'invoice';
  readonly number: string | null;
  readonly customer: string | { readonly id: string } | null;
  readonly status: string | null;
  readonly currency: string;
  readonly total: number;
  readonly amount_paid: number;
  readonly amount_due: number;
  readonly total_taxes?: readonly { readonly amount: number }[] | null;
  readonly created: number;
  readonly due_date: number | null;
  readonly period_start: number;
  readonly period_end: number;
  readonly status_transitions?: { readonly paid_at: number | null } | null;
  readonly invoice_pdf?: string | null;
  readonly hosted_invoice_url?: string | null;
  readonly parent?: {
    readonly subscription_details?: {
      readonly subscription: string | { readonly id: string } | null;
      readonly metadata?: Readonly<Record<string, string>> | null;
    } | null;
  } | null;
  readonly lines: {
    readonly data: readonly {
      readonly description: string | null;
      readonly quantity: number | null;
      readonly amount: number;
      readonly period?: { readonly start: number; readonly end: number };
    }[];
  };
}

export interface PaymentProvider {
  /** 'stripe' or 'local'. */
  readonly name: string;
  /** For the browser's Stripe.js ('' for the local provider, whose pages need none). */
  readonly publishableKey: string;
  createCustomer(input: ProviderCustomerInput): Promise<{ id: string }>;
  /** A SetupIntent for an off-session card; `returnUrl` is where the card page sends the browser back. */
  createSetupIntent(customerId: string, returnUrl: string): Promise<ProviderIntent>;
  /** The page the browser enters a card on when the provider hosts one (local), else ''. */
  cardPageUrl(intent: ProviderIntent, returnUrl: string): string;
  retrieveSetupIntent(id: string): Promise<ProviderIntent>;
  retrievePaymentIntent(id: string): Promise<ProviderIntent>;
  retrieveCard(paymentMethodId: string): Promise<ProviderCard>;
  /** Makes the card the customer's default for invoices (attaching it if needed) and its running subscriptions' card, which renewals charge. */
  setDefaultCard(customerId: string, paymentMethodId: string): Promise<void>;
  /** Detaches a card (account deleted: nothing of it stays usable). */
  detachCard(paymentMethodId: string): Promise<void>;
  /** The recurring price for a plan, created once and found again by its lookup key. */
  ensurePrice(spec: PriceSpec): Promise<{ id: string }>;
  /** The exclusive VAT rate in per mille (81 = 8.1 %), created once and found again. */
  ensureTaxRate(permille: number, country: string): Promise<{ id: string }>;
  /** Creates an incomplete subscription whose first invoice waits for `confirmPayment`. */
  createSubscription(input: SubscriptionInput): Promise<CreatedSubscription>;
  /** Confirms a PaymentIntent with a card; declines come back as an intent with lastError, not a throw. */
  confirmPayment(paymentIntentId: string, paymentMethodId: string, returnUrl: string): Promise<ProviderIntent>;
  /** Number of shops covered (no proration: the change counts from the next period). */
  updateQuantity(subscriptionId: string, quantity: number): Promise<StripeSubscriptionObject>;
  /** Ends at the period end, or takes that back. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<StripeSubscriptionObject>;
  /** Ends it now. */
  cancelNow(subscriptionId: string): Promise<StripeSubscriptionObject>;
  retrieveSubscription(id: string): Promise<StripeSubscriptionObject>;
  retrieveInvoice(id: string): Promise<StripeInvoiceObject>;
  /** The PaymentIntent collecting an open invoice ('' when none): a card update retries it with `confirmPayment`. */
  invoicePaymentIntent(invoiceId: string): Promise<string>;
  close(): Promise<void>;
}
