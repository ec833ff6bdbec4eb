import { createServiceClient } from '@pc/kit/grpc/client';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { httpStatusForGrpc } from '@pc/kit/errors/status-table';
import { BillingServiceService } from '@pc/proto/billing/v1/billing';
import { InvoiceStatus, PaymentStatus, SubscriptionStatus, type Invoice, type PaymentMethod, type PaymentOutcome, type Subscription } from '@pc/proto/billing/v1/types';
import { config, serviceAddress } from '~/config.server';

/**
 * Gateway to the billing service. Routes call view-shaped functions added here (never grpc-js);
 * the client shares the process-wide channel to the service and puts a deadline on every call.
 */
export const billing = createServiceClient(BillingServiceService, serviceAddress('billing'), {
  deadlineMs: config.SERVICE_DEADLINE_MS,
});

/** Which spec §8 text a payment outcome shows; `after` says what the call did when it succeeded. */
export type PaymentMessage = 'subscriptionStarted' | 'cardUpdated' | 'needs3ds' | 'paymentDeclined' | 'cardError' | 'processing';

/** What the site does with a payment outcome: show a text, and for 3-D Secure send the browser on. */
export interface PaymentView {
  readonly message: PaymentMessage;
  /** REQUIRES_ACTION: redirect the browser here (the provider's or bank's page); it returns to the call's return_url. */
  readonly redirectTo: string;
  readonly intentId: string;
  /** The provider's own explanation of a decline (safe to show beside the translated text). */
  readonly detail: string;
}

export function paymentView(outcome: PaymentOutcome | undefined, after: 'subscriptionStarted' | 'cardUpdated'): PaymentView {
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
  return method ? { brand: method.brand, last4: method.last4, expires: `${String(method.expMonth).padStart(2, '0')}/${method.expYear}` } : null;
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
    headers: { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`, 'cache-control': 'private, no-store' },
  });
}
