import { OUTBOX_INDEX, OUTBOX_SIDE_FIELDS } from '@pc/kit/events/outbox';
import type { Collection, DocumentStore, Filter, Stored } from '@pc/kit/ports/document-store';
import type { InvoiceRecord } from '../domain/invoice-record.js';

export type StoredInvoice = Stored<InvoiceRecord>;

/** Invoices mirrored from the provider's webhooks, per account, newest first. */
export class InvoiceRepository {
  private constructor(readonly collection: Collection<InvoiceRecord>) {}

  static async open(store: DocumentStore): Promise<InvoiceRepository> {
    return new InvoiceRepository(
      await store.collection<InvoiceRecord>({
        name: 'invoices',
        indexes: [{ fields: ['userId', 'issuedAt'] }, { fields: ['userId', 'status', 'issuedAt'] }, OUTBOX_INDEX],
        sideFields: OUTBOX_SIDE_FIELDS,
      }),
    );
  }

  get(id: string): Promise<StoredInvoice | null> {
    return this.collection.get(id);
  }

  /** A page of an account's invoices, newest first; `unpaidOnly`: the open ones. */
  async list(
    userId: string,
    options: { unpaidOnly: boolean; skip: number; limit: number },
  ): Promise<{ invoices: StoredInvoice[]; total: number }> {
    const filter: Filter = options.unpaidOnly ? { userId, status: 'open' } : { userId };
    const [invoices, total] = await Promise.all([
      this.collection.find(filter, { sort: { issuedAt: -1 }, skip: options.skip, limit: options.limit }),
      this.collection.count(filter),
    ]);
    return { invoices, total };
  }
}
