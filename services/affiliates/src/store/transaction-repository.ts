import { OUTBOX_INDEX } from '@pc/kit/events/outbox';
import type { Collection, DocumentStore, Filter, OutboxRecord, Stored } from '@pc/kit/ports/document-store';
import type { TransactionRecord } from '../domain/transaction-record.js';

/** Affiliate transactions, one per (network, the network's id). */
export class TransactionRepository {
  private constructor(readonly collection: Collection<TransactionRecord>) {}

  static async open(store: DocumentStore): Promise<TransactionRepository> {
    const collection = await store.collection<TransactionRecord>({
      name: 'transactions',
      indexes: [
        OUTBOX_INDEX,
        { fields: ['ledgerPending'] },
        { fields: ['shopId', 'orderedAt'] },
        { fields: ['orderedAt'] },
        { fields: ['donation.state', 'orderedAt'] },
      ],
      sideFields: ['outbox', 'ledgerOutbox'],
    });
    return new TransactionRepository(collection);
  }

  get(id: string): Promise<Stored<TransactionRecord> | null> {
    return this.collection.get(id);
  }

  /** Writes the change at the version read (0: new) with its events; CONFLICT when another came first. */
  save(
    record: TransactionRecord,
    expectedVersion: number,
    outbox: readonly OutboxRecord[] | undefined,
  ): Promise<Stored<TransactionRecord>> {
    return this.collection.put(record, { expectedVersion, ...(outbox ? { outbox } : {}) });
  }

  /** Removes ledger entries from the staging list once the ledger holds them. */
  async clearLedgerOutbox(id: string, copied: ReadonlySet<string>): Promise<void> {
    await this.collection.update(id, (current) => {
      if (!current?.ledgerOutbox.some((entry) => copied.has(entry._id))) return null;
      const ledgerOutbox = current.ledgerOutbox.filter((entry) => !copied.has(entry._id));
      return { ...current, ledgerOutbox, ledgerPending: ledgerOutbox.length > 0 };
    });
  }

  /** Transactions whose ledger entries still wait to be copied (after a crash). */
  withPendingLedger(limit: number): Promise<Stored<TransactionRecord>[]> {
    return this.collection.find({ ledgerPending: true }, { limit });
  }

  staged(limit: number): Promise<Stored<TransactionRecord>[]> {
    return this.collection.find({ outboxPending: true }, { sort: { _id: 1 }, limit });
  }

  find(filter: Filter, skip: number, limit: number): Promise<Stored<TransactionRecord>[]> {
    return this.collection.find(filter, { sort: { orderedAt: -1 }, skip, limit });
  }

  count(filter: Filter): Promise<number> {
    return this.collection.count(filter);
  }
}
