import { createServiceClient } from '@pc/kit/grpc/client';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { httpStatusForGrpc } from '@pc/kit/errors/status-table';
import { BillingServiceService } from '@pc/proto/billing/v1/billing';
import { status as GrpcStatus } from '@grpc/grpc-js';
import {
  BillingInterval,
  InvoiceStatus,
  PaymentStatus,
  SubscriptionStatus,
  type Invoice,
  type PaymentMethod,
  type PaymentOutcome,
  type Plan,
  type Subscription,
} from '@pc/proto/billing/v1/types';
import { config, serviceAddress } from '~/config.server';

/**
 * Gateway to the billing service. Routes call view-shaped functions added here (never grpc-js);
 * the client shares the process-wide channel to the service and puts a deadline on every call.
 */
export const billing = createServiceClient(BillingServiceService, serviceAddress('billing'), {
  deadlineMs: config.SERVICE_DEADLINE_MS,
});

/** Which spec §8 text a payment outcome shows; `after` says what the call did when it succeeded. */
export type PaymentMessage =
  'subscriptionStarted' | 'cardUpdated' | 'needs3ds' | 'paymentDeclined' | 'cardError' | 'processing';

/** What the site does with a payment outcome: show a text, and for 3-D Secure send the browser on. */
export interface PaymentView {
  readonly message: PaymentMessage;
  /** REQUIRES_ACTION: redirect the browser here (the provider's or bank's page); it returns to the call's return_url. */
  readonly redirectTo: string;
  readonly intentId: string;
  /** The provider's own explanation of a decline (safe to show beside the translated text). */
  readonly detail: string;
}

export function paymentView(
  outcome: PaymentOutcome | undefined,
  after: 'subscriptionStarted' | 'cardUpdated',
): PaymentView {
  const base = { redirectTo: '', intentId: outcome?.intentId ?? '', detail: outcome?.message ?? '' };
  switch (outcome?.status) {
    case PaymentStatus.PAYMENT_STATUS_SUCCEEDED:
      return { ...base, message: after };
    case PaymentStatus.PAYMENT_STATUS_REQUIRES_ACTION:
      return { ...base, message: 'needs3ds', redirectTo: outcome.nextActionUrl };
    case PaymentStatus.PAYMENT_STATUS_DECLINED:
      return { ...base, message: 'paymentDeclined' };
    case PaymentStatus.PAYMENT_STATUS_PROCESSING:
      return { ...base, message: 'processing' };
    default:
      return { ...base, message: 'cardError' };
  }
}

/** The card on file for the dashboard ("no card on file" when null). */
export interface CardView {
  readonly brand: string;
  readonly last4: string;
  /** "MM/YYYY". */
  readonly expires: string;
}

export function cardView(method: PaymentMethod | undefined): CardView | null {
  return method
    ? {
        brand: method.brand,
        last4: method.last4,
        expires: `${String(method.expMonth).padStart(2, '0')}/${method.expYear}`,
      }
    : null;
}

/** An invoice row of the dashboard (amounts in minor units; "no invoices yet" when none). */
export interface InvoiceView {
  readonly id: string;
  readonly number: string;
  /** ISO date of the invoice. */
  readonly date: string;
  readonly total: { readonly amountMinor: number; readonly currency: string };
  readonly paid: boolean;
  readonly void: boolean;
}

export function invoiceView(invoice: Invoice): InvoiceView {
  return {
    id: invoice.id,
    number: invoice.number,
    date: invoice.issuedAt?.toISOString() ?? '',
    total: { amountMinor: invoice.total?.amountMinor ?? 0, currency: invoice.total?.currency ?? 'CHF' },
    paid: invoice.status === InvoiceStatus.INVOICE_STATUS_PAID,
    void: invoice.status === InvoiceStatus.INVOICE_STATUS_VOID,
  };
}

/** The subscription line of the dashboard. */
export interface SubscriptionView {
  readonly status: 'incomplete' | 'active' | 'pastDue' | 'unpaid' | 'canceled' | 'expired';
  readonly planId: string;
  readonly shopIds: readonly string[];
  /** ISO date the current period ends (and the subscription, when cancelAtPeriodEnd). */
  readonly periodEnd: string;
  readonly cancelAtPeriodEnd: boolean;
}

const STATUS_VIEW: Readonly<Record<number, SubscriptionView['status']>> = {
  [SubscriptionStatus.SUBSCRIPTION_STATUS_INCOMPLETE]: 'incomplete',
  [SubscriptionStatus.SUBSCRIPTION_STATUS_INCOMPLETE_EXPIRED]: 'expired',
  [SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE]: 'active',
  [SubscriptionStatus.SUBSCRIPTION_STATUS_PAST_DUE]: 'pastDue',
  [SubscriptionStatus.SUBSCRIPTION_STATUS_UNPAID]: 'unpaid',
  [SubscriptionStatus.SUBSCRIPTION_STATUS_CANCELED]: 'canceled',
};

export function subscriptionView(subscription: Subscription | undefined): SubscriptionView | null {
  if (!subscription) return null;
  return {
    status: STATUS_VIEW[subscription.status] ?? 'incomplete',
    planId: subscription.plan?.id ?? '',
    shopIds: subscription.shopIds,
    periodEnd: subscription.currentPeriodEnd?.toISOString() ?? '',
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  };
}

/**
 * A Stripe webhook forwarded to billing with its raw body (the signature covers the exact bytes:
 * read it with `request.arrayBuffer()`, never parse and re-serialise) and its Stripe-Signature
 * header. Answers what Stripe should get: 200, 400 for a bad signature or body (Stripe stops
 * retrying), 5xx when billing could not process it now (Stripe retries).
 */
export async function forwardStripeWebhook(body: ArrayBuffer, signature: string | null): Promise<Response> {
  try {
    const outcome = await billing.handleStripeWebhook({ payload: Buffer.from(body), signature: signature ?? '' });
    return Response.json({ received: true, applied: outcome.applied });
  } catch (error) {
    const status = error instanceof RpcError ? httpStatusForGrpc(error.code) : 500;
    return Response.json({ received: false }, { status: status === 400 || status >= 500 ? status : 400 });
  }
}

/** The invoice as a file to download (HTML); another user’s is the NOT_FOUND RpcError of RenderInvoice. */
export async function invoiceDownload(actorUserId: string, invoiceId: string, language: string): Promise<Response> {
  const file = await billing.renderInvoice({ actorUserId, invoiceId, language });
  return new Response(Buffer.from(file.body), {
    headers: {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
      'cache-control': 'private, no-store',
    },
  });
}

/** A plan of the subscribe form: price per shop and period, excluding VAT. */
export interface PlanView {
  readonly id: string;
  readonly name: string;
  readonly price: { readonly amountMinor: number; readonly currency: string };
  readonly interval: 'month' | 'year';
}

export const planView = (plan: Plan): PlanView => ({
  id: plan.id,
  name: plan.name,
  price: { amountMinor: plan.price?.amountMinor ?? 0, currency: plan.price?.currency ?? 'CHF' },
  interval: plan.interval === BillingInterval.BILLING_INTERVAL_YEAR ? 'year' : 'month',
});

/** The billing part of the business dashboard (spec §2.2): subscription, card, invoices, the plans to subscribe with. */
export interface BillingOverview {
  readonly subscription: SubscriptionView | null;
  readonly card: CardView | null;
  readonly invoices: readonly InvoiceView[];
  readonly plans: readonly PlanView[];
}

/** Billing answers NOT_FOUND (NO_SUBSCRIPTION) before the first subscription starts. */
async function subscriptionOf(actorUserId: string): Promise<Subscription | undefined> {
  try {
    return (await billing.getSubscription({ actorUserId, userId: '' })).subscription;
  } catch (error) {
    if (error instanceof RpcError && error.code === GrpcStatus.NOT_FOUND) return undefined;
    throw error;
  }
}

/** The dashboard's billing reads, at once; billing checks the actor is a business user and reads only theirs. */
export async function billingOverview(actorUserId: string): Promise<BillingOverview> {
  const [subscription, method, invoices, plans] = await Promise.all([
    subscriptionOf(actorUserId),
    billing.getPaymentMethod({ actorUserId }),
    billing.listInvoices({ actorUserId, userId: '', unpaidOnly: false, page: { page: 1, hitsPerPage: 100 } }),
    billing.listPlans({ currency: 'CHF' }),
  ]);
  return {
    subscription: subscriptionView(subscription),
    card: cardView(method.paymentMethod),
    invoices: invoices.invoices.map(invoiceView),
    plans: plans.plans.map(planView),
  };
}

/**
 * Where the browser enters a card (spec §8 card texts; billing README "Card flow"): the local
 * provider's card page, or, with Stripe, Elements mounted with the publishable key and client
 * secret. The browser comes back to `returnUrl`.
 */
export async function cardEntry(
  actorUserId: string,
  returnUrl: string,
): Promise<{ cardPageUrl: string; clientSecret: string; publishableKey: string }> {
  const intent = await billing.createSetupIntent({ actorUserId, returnUrl });
  return { cardPageUrl: intent.cardPageUrl, clientSecret: intent.clientSecret, publishableKey: intent.publishableKey };
}

/** The card the browser saved (the SetupIntent it came back with) becomes the card on file; `returnUrl` serves a 3-D Secure retry of an unpaid invoice. */
export async function saveCard(actorUserId: string, setupIntentId: string, returnUrl: string): Promise<PaymentView> {
  const { payment } = await billing.updatePaymentMethod({
    actorUserId,
    setupIntentId,
    paymentMethodId: '',
    billingDetails: undefined,
    returnUrl,
  });
  return paymentView(payment, 'cardUpdated');
}

/** Starts (or joins) the subscription for a shop with the card on file. */
export async function subscribeShop(
  actorUserId: string,
  shopId: string,
  planId: string,
  returnUrl: string,
): Promise<PaymentView> {
  const { payment } = await billing.startSubscription({
    actorUserId,
    shopId,
    planId,
    paymentMethodId: '',
    billingDetails: undefined,
    idempotencyKey: '',
    returnUrl,
  });
  return paymentView(payment, 'subscriptionStarted');
}

/** After 3-D Secure: the payment's outcome (a subscription's first payment, or an invoice a new card paid). */
export async function confirmPayment(actorUserId: string, intentId: string): Promise<PaymentView> {
  const answer = await billing.confirmPayment({ actorUserId, intentId });
  return paymentView(answer.payment, answer.subscription ? 'subscriptionStarted' : 'cardUpdated');
}

/** Cancels at the end of the period (the dashboard's button); deleting the account cancels at once. */
export async function cancelAtPeriodEnd(actorUserId: string): Promise<SubscriptionView | null> {
  return subscriptionView(
    (
      await billing.cancelSubscription({
        actorUserId,
        atPeriodEnd: true,
        reason: 'cancelled on the business dashboard',
      })
    ).subscription,
  );
}
