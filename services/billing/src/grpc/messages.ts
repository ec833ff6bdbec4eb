import type { BillingDetails, Invoice, PaymentMethod, Subscription } from '@pc/proto/billing/v1/types';
import type { BillingDetailsRecord, CardRecord } from '../domain/account-record.js';
import { coveredShopIds } from '../domain/account-record.js';
import type { InvoiceRecord } from '../domain/invoice-record.js';
import { findPlan, planMessage } from '../domain/plans.js';
import { invoiceStatus, subscriptionStatus } from '../domain/status-mapping.js';
import type { StoredAccount } from '../store/account-repository.js';

const date = (iso: string | null): Date | undefined => (iso ? new Date(iso) : undefined);

export function cardMessage(card: CardRecord | null): PaymentMethod | undefined {
  return card
    ? {
        id: card.id,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        country: card.country,
      }
    : undefined;
}

export function detailsMessage(details: BillingDetailsRecord | null): BillingDetails | undefined {
  return details ? { ...details } : undefined;
}

export function subscriptionMessage(account: StoredAccount): Subscription | undefined {
  const subscription = account.subscription;
  if (!subscription) return undefined;
  const plan = findPlan(subscription.planId);
  return {
    id: subscription.id,
    userId: account._id,
    plan: plan ? planMessage(plan) : undefined,
    status: subscriptionStatus(subscription.status),
    shopIds: coveredShopIds(account),
    startedAt: date(subscription.startedAt),
    currentPeriodStart: date(subscription.currentPeriodStart),
    currentPeriodEnd: date(subscription.currentPeriodEnd),
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    canceledAt: date(subscription.canceledAt),
    paymentMethod: cardMessage(account.card),
    latestInvoiceId: subscription.latestInvoiceId,
    stripeSubscriptionId: subscription.id,
    version: subscription.version,
  };
}

export function invoiceMessage(invoice: InvoiceRecord, withLines: boolean): Invoice {
  const money = (amountMinor: number) => ({ amountMinor, currency: invoice.currency });
  return {
    id: invoice._id,
    number: invoice.number,
    userId: invoice.userId,
    subscriptionId: invoice.subscriptionId,
    status: invoiceStatus(invoice.status),
    total: money(invoice.total),
    tax: money(invoice.tax),
    amountPaid: money(invoice.amountPaid),
    amountDue: money(invoice.amountDue),
    issuedAt: date(invoice.issuedAt),
    dueAt: date(invoice.dueAt),
    paidAt: date(invoice.paidAt),
    periodStart: date(invoice.periodStart),
    periodEnd: date(invoice.periodEnd),
    lines: withLines
      ? invoice.lines.map((line) => ({
          description: line.description,
          quantity: line.quantity,
          amount: money(line.amount),
          shopId: '',
        }))
      : [],
    pdfUrl: invoice.pdfUrl,
    hostedUrl: invoice.hostedUrl,
  };
}
