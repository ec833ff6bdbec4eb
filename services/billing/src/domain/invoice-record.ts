import type { OutboxFields } from '@pc/kit/events/outbox';

export interface InvoiceLineRecord {
  readonly description: string;
  readonly quantity: number;
  readonly amount: number;
}

/** An invoice as billing keeps it (document id = the provider's invoice id). */
export interface InvoiceRecord extends OutboxFields {
  readonly _id: string;
  readonly userId: string;
  readonly subscriptionId: string;
  readonly number: string;
  /** Stripe's status: draft, open, paid, void, uncollectible. */
  readonly status: string;
  /** ISO 4217, upper case. */
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
  readonly lines: readonly InvoiceLineRecord[];
  /** The shops the subscription covered when the invoice was recorded. */
  readonly shopIds: readonly string[];
  readonly pdfUrl: string;
  readonly hostedUrl: string;
  /** `created` (seconds) of the newest provider event applied. */
  readonly syncedAt: number;
}
