import { InvoiceStatus, SubscriptionStatus } from '@pc/proto/billing/v1/types';

/** Stripe's subscription status → the proto's (trialing counts as active, paused as past due: listed, not paying). */
export function subscriptionStatus(status: string): SubscriptionStatus {
  switch (status) {
    case 'incomplete':
      return SubscriptionStatus.SUBSCRIPTION_STATUS_INCOMPLETE;
    case 'incomplete_expired':
      return SubscriptionStatus.SUBSCRIPTION_STATUS_INCOMPLETE_EXPIRED;
    case 'active':
    case 'trialing':
      return SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE;
    case 'past_due':
    case 'paused':
      return SubscriptionStatus.SUBSCRIPTION_STATUS_PAST_DUE;
    case 'unpaid':
      return SubscriptionStatus.SUBSCRIPTION_STATUS_UNPAID;
    case 'canceled':
      return SubscriptionStatus.SUBSCRIPTION_STATUS_CANCELED;
    default:
      return SubscriptionStatus.SUBSCRIPTION_STATUS_UNSPECIFIED;
  }
}

export function invoiceStatus(status: string): InvoiceStatus {
  switch (status) {
    case 'open':
      return InvoiceStatus.INVOICE_STATUS_OPEN;
    case 'paid':
      return InvoiceStatus.INVOICE_STATUS_PAID;
    case 'void':
      return InvoiceStatus.INVOICE_STATUS_VOID;
    case 'uncollectible':
      return InvoiceStatus.INVOICE_STATUS_UNCOLLECTIBLE;
    default:
      return InvoiceStatus.INVOICE_STATUS_UNSPECIFIED;
  }
}

/** The stored status an InvoiceStatus filter asks for; '' for UNSPECIFIED (any). */
export function invoiceStatusName(status: InvoiceStatus): string {
  switch (status) {
    case InvoiceStatus.INVOICE_STATUS_OPEN:
      return 'open';
    case InvoiceStatus.INVOICE_STATUS_PAID:
      return 'paid';
    case InvoiceStatus.INVOICE_STATUS_VOID:
      return 'void';
    case InvoiceStatus.INVOICE_STATUS_UNCOLLECTIBLE:
      return 'uncollectible';
    default:
      return '';
  }
}
