import type { OutboxFields } from '@pc/kit/events/outbox';
import type { InvoiceSnapshot } from './stripe-objects.js';

/**
 * An invoice as billing keeps it (document id = the provider's invoice id): the provider's
 * facts, the account it belongs to, and when billing heard them.
 */
export interface InvoiceRecord extends Omit<InvoiceSnapshot, 'id' | 'customerId'>, OutboxFields {
  readonly _id: string;
  /** The shops the subscription covered when the invoice was recorded. */
  readonly shopIds: readonly string[];
  /** `created` (seconds) of the newest provider event applied. */
  readonly syncedAt: number;
}
