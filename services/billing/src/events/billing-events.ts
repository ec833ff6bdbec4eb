import type { InvoicePaid, SubscriptionChanged } from '@pc/proto/billing/events/v1/events';
import { Events } from '@pc/proto/event-catalog';
import type { PendingEvent } from '@pc/kit/events/publisher';
import type { AccountRecord, SubscriptionRecord } from '../domain/account-record.js';
import type { InvoiceRecord } from '../domain/invoice-record.js';
import { subscriptionStatus } from '../domain/status-mapping.js';

const date = (iso: string | null): Date | undefined => (iso ? new Date(iso) : undefined);

/** SubscriptionChanged for the account's subscription as it now is (key: subscription id). */
export function subscriptionChanged(
  account: AccountRecord,
  subscription: SubscriptionRecord,
  previous: SubscriptionRecord | null,
  at: Date,
  shopIds: readonly string[],
): PendingEvent<SubscriptionChanged> {
  return {
    type: Events.subscriptionChanged,
    key: subscription.id,
    payload: {
      subscriptionId: subscription.id,
      userId: account._id,
      version: subscription.version,
      status: subscriptionStatus(subscription.status),
      previousStatus: previous ? subscriptionStatus(previous.status) : subscriptionStatus(''),
      planId: subscription.planId,
      shopIds: [...shopIds],
      currentPeriodEnd: date(subscription.currentPeriodEnd),
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      canceledAt: date(subscription.canceledAt),
      changedAt: at,
    },
  };
}

/** InvoicePaid, once, when an invoice becomes paid (key: invoice id). */
export function invoicePaid(invoice: InvoiceRecord): PendingEvent<InvoicePaid> {
  return {
    type: Events.invoicePaid,
    key: invoice._id,
    payload: {
      invoiceId: invoice._id,
      number: invoice.number,
      userId: invoice.userId,
      subscriptionId: invoice.subscriptionId,
      amountPaid: { amountMinor: invoice.amountPaid, currency: invoice.currency },
      shopIds: [...invoice.shopIds],
      periodStart: date(invoice.periodStart),
      periodEnd: date(invoice.periodEnd),
      paidAt: date(invoice.paidAt),
    },
  };
}
