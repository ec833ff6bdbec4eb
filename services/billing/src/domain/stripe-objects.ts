import type { StripeInvoiceObject, StripeSubscriptionObject } from '../provider/payment-provider.js';

/** Stripe's subscription statuses. */
export type ProviderSubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

const idOf = (value: string | { readonly id: string } | null | undefined): string =>
  typeof value === 'string' ? value : (value?.id ?? '');
const iso = (secondsValue: number | null | undefined): string | null =>
  secondsValue ? new Date(secondsValue * 1000).toISOString() : null;

/** A provider subscription reduced to what billing keeps. */
export interface SubscriptionSnapshot {
  readonly id: string;
  readonly customerId: string;
  readonly userId: string;
  readonly status: ProviderSubscriptionStatus;
  readonly priceLookupKey: string;
  readonly quantity: number;
  readonly startedAt: string;
  readonly currentPeriodStart: string | null;
  readonly currentPeriodEnd: string | null;
  readonly cancelAtPeriodEnd: boolean;
  readonly canceledAt: string | null;
  readonly latestInvoiceId: string;
}

export function subscriptionSnapshot(subscription: StripeSubscriptionObject): SubscriptionSnapshot {
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer),
    userId: subscription.metadata?.user_id ?? '',
    status: subscription.status as ProviderSubscriptionStatus,
    priceLookupKey: item?.price.lookup_key ?? '',
    quantity: item?.quantity ?? 0,
    startedAt: iso(subscription.start_date) ?? iso(subscription.created) ?? new Date(0).toISOString(),
    currentPeriodStart: iso(item?.current_period_start),
    currentPeriodEnd: iso(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    canceledAt: iso(subscription.canceled_at),
    latestInvoiceId: idOf(subscription.latest_invoice),
  };
}

/** A provider invoice reduced to what billing keeps. */
export interface InvoiceSnapshot {
  readonly id: string;
  readonly customerId: string;
  readonly subscriptionId: string;
  readonly userId: string;
  readonly number: string;
  readonly status: string;
  readonly currency: string;
  readonly total: number;
  readonly tax: number;
  readonly amountPaid: number;
  readonly amountDue: number;
  readonly issuedAt: string;
  readonly dueAt: string | null;
  readonly paidAt: string | null;
  readonly periodStart: string | null;
  readonly periodEnd: string | null;
  readonly lines: readonly { description: string; quantity: number; amount: number }[];
  readonly pdfUrl: string;
  readonly hostedUrl: string;
}

export function invoiceSnapshot(invoice: StripeInvoiceObject): InvoiceSnapshot {
  const details = invoice.parent?.subscription_details;
  const line = invoice.lines.data[0];
  return {
    id: invoice.id,
    customerId: idOf(invoice.customer),
    subscriptionId: idOf(details?.subscription),
    userId: details?.metadata?.user_id ?? '',
    number: invoice.number ?? '',
    status: invoice.status ?? 'draft',
    currency: invoice.currency.toUpperCase(),
    total: invoice.total,
    tax: (invoice.total_taxes ?? []).reduce((sum, tax) => sum + tax.amount, 0),
    amountPaid: invoice.amount_paid,
    amountDue: invoice.amount_due,
    issuedAt: iso(invoice.created) ?? new Date(0).toISOString(),
    dueAt: iso(invoice.due_date),
    paidAt: iso(invoice.status_transitions?.paid_at),
    // The line's period is the service period (the invoice's own period_* is the one before it).
    periodStart: iso(line?.period?.start ?? invoice.period_start),
    periodEnd: iso(line?.period?.end ?? invoice.period_end),
    lines: invoice.lines.data.map((entry) => ({
      description: entry.description ?? '',
      quantity: entry.quantity ?? 1,
      amount: entry.amount,
    })),
    pdfUrl: invoice.invoice_pdf ?? '',
    hostedUrl: invoice.hosted_invoice_url ?? '',
  };
}
