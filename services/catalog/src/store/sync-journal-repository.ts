import { randomUUID } from 'node:crypto';
import type { Collection, DocumentStore, Stored } from '@pc/kit/ports/document-store';

/**
 * What a multi-document change still has to bring in line: the store has no transactions across
 * documents (FerretDB v1, ADR 006), so a change writes this entry first, then its documents, then
 * the records derived from them (title keys, counts, ratings), and deletes the entry last. A crash
 * in between leaves the entry, and the repair at the next start redoes the derived part, which is
 * idempotent (recounts, not increments).
 */
export interface SyncJournalRecord {
  readonly _id: string;
  /** Products whose title keys must exist. */
  readonly productIds: readonly string[];
  /** Brands and categories whose product counts must be recounted. */
  readonly brandIds: readonly string[];
  readonly categoryIds: readonly string[];
  /** Products whose rating must be recomputed from their reviews. */
  readonly ratingProductIds: readonly string[];
  /** Reviews whose ReviewAdded event must go out (with the recomputed rating). */
  readonly addedReviewIds: readonly string[];
  /** Merges to complete: the sources' claims, links and reviews move to the target (admin). */
  readonly merges?: readonly MergeWork[];
  /** GTIN claims to bring in line with their product: released when it does not carry the GTIN. */
  readonly gtinChecks?: readonly { readonly productId: string; readonly gtin: string }[];
  /** Brands and category subtrees whose products' view changed (a rename, a move): the products
   *  are rewritten (paths, slugs) and their ProductChanged emitted again. */
  readonly republish?: { readonly brandIds: readonly string[]; readonly categoryIds: readonly string[] };
  readonly createdAt: string;
}

export interface MergeWork {
  readonly targetId: string;
  readonly sourceIds: readonly string[];
}

export type SyncJournalEntry = Omit<SyncJournalRecord, '_id' | 'createdAt'>;

export const emptyJournalEntry = (): SyncJournalEntry => ({
  productIds: [],
  brandIds: [],
  categoryIds: [],
  ratingProductIds: [],
  addedReviewIds: [],
});

export class SyncJournalRepository {
  private constructor(private readonly entries: Collection<SyncJournalRecord>) {}

  static async open(store: DocumentStore): Promise<SyncJournalRepository> {
    return new SyncJournalRepository(
      await store.collection<SyncJournalRecord>({ name: 'sync_journal', indexes: [{ fields: ['createdAt'] }] }),
    );
  }

  /** Records the work ahead; returns the entry's id for `close`. */
  async open(entry: SyncJournalEntry, now = new Date()): Promise<string> {
    const id = randomUUID();
    await this.entries.put({ _id: id, ...entry, createdAt: now.toISOString() });
    return id;
  }

  async close(id: string): Promise<void> {
    await this.entries.delete(id);
  }

  /** Entries written before `before` (older first): the work of a crashed or stalled writer. */
  pending(before: Date, limit: number): Promise<Stored<SyncJournalRecord>[]> {
    return this.entries.find({ createdAt: { $lt: before.toISOString() } }, { sort: { createdAt: 1 }, limit });
  }
}
