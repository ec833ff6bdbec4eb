import { OUTBOX_INDEX, OUTBOX_SIDE_FIELDS } from '@pc/kit/events/outbox';
import type { Collection, DocumentStore, Filter, Stored } from '@pc/kit/ports/document-store';
import type { InvoiceRecord } from '../domain/invoice-record.js';

export type StoredInvoice = Stored<InvoiceRecord>;

/** What the staff list filters by; '' for any. `issuedFrom` inclusive, `issuedTo` exclusive (ISO). */
export interface InvoiceFilter {
  readonly status: string;
  readonly shopId: string;
  readonly userId: string;
  readonly issuedFrom: string;
  readonly issuedTo: string;
}

export type InvoiceOrder = Readonly<Partial<Record<'issuedAt' | 'amountDue' | 'number', 1 | -1>>>;

/** Invoices mirrored from the provider's webhooks, per account, newest first. */
export class InvoiceRepository {
  private constructor(readonly collection: Collection<InvoiceRecord>) {}

  static async open(store: DocumentStore): Promise<InvoiceRepository> {
    return new InvoiceRepository(
      await store.collection<InvoiceRecord>({
        name: 'invoices',
        indexes: [
          { fields: ['userId', 'issuedAt'] },
          { fields: ['userId', 'status', 'issuedAt'] },
          // The staff list over every account: by date, status first when filtered.
          { fields: ['issuedAt'] },
          { fields: ['status', 'issuedAt'] },
          { fields: ['shopIds', 'issuedAt'] },
          OUTBOX_INDEX,
        ],
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

  /** A page of every account's invoices (the admin panel), filtered and sorted. */
  async listAll(
    filter: InvoiceFilter,
    options: { sort: InvoiceOrder; skip: number; limit: number },
  ): Promise<{ invoices: StoredInvoice[]; total: number }> {
    const issued = {
      ...(filter.issuedFrom && { $gte: filter.issuedFrom }),
      ...(filter.issuedTo && { $lt: filter.issuedTo }),
    };
    const where: Filter = {
      ...(filter.status && { status: filter.status }),
      ...(filter.shopId && { shopIds: { $in: [filter.shopId] } }),
      ...(filter.userId && { userId: filter.userId }),
      ...(Object.keys(issued).length > 0 && { issuedAt: issued }),
    };
    const [invoices, total] = await Promise.all([
      this.collection.find(where, { sort: options.sort, skip: options.skip, limit: options.limit }),
      this.collection.count(where),
    ]);
    return { invoices, total };
  }
}
