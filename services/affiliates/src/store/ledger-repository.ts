import { ConflictError } from '@pc/kit/errors/domain-errors';
import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';
import type { LedgerEntryRecord } from '../domain/transaction-record.js';

/**
 * The EcoTip donation ledger: entries are inserted once (a repeated copy finds its id taken and
 * changes nothing) and never changed or removed. Ids start with their time, so id order is the
 * ledger's order.
 */
export class LedgerRepository {
  private constructor(private readonly collection: Collection<LedgerEntryRecord>) {}

  static async open(store: DocumentStore): Promise<LedgerRepository> {
    return new LedgerRepository(await store.collection<LedgerEntryRecord>({ name: 'donation_ledger' }));
  }

  /** Appends entries not in the ledger yet. */
  async append(entries: readonly LedgerEntryRecord[]): Promise<void> {
    await Promise.all(
      entries.map((entry) =>
        this.collection.put(entry, { expectedVersion: 0 }).catch((error: unknown) => {
          if (!(error instanceof ConflictError)) throw error;
        }),
      ),
    );
  }

  /** Entries after `afterId` in ledger order. */
  page(afterId: string, limit: number): Promise<LedgerEntryRecord[]> {
    return this.collection.find(afterId ? { _id: { $gt: afterId } } : {}, { sort: { _id: 1 }, limit });
  }

  count(): Promise<number> {
    return this.collection.count({});
  }
}
