import { OUTBOX_INDEX, OUTBOX_SIDE_FIELDS } from '@pc/kit/events/outbox';
import type { Collection, DocumentStore, Stored } from '@pc/kit/ports/document-store';
import { summaryIdOf, type PriceSummaryRecord } from '../domain/price-summary.js';

export type StoredSummary = Stored<PriceSummaryRecord>;

/** Price summaries, one per product and country. */
export class PriceSummaryRepository {
  private constructor(readonly collection: Collection<PriceSummaryRecord>) {}

  static async open(store: DocumentStore): Promise<PriceSummaryRepository> {
    const collection = await store.collection<PriceSummaryRecord>({
      name: 'price_summaries',
      indexes: [{ fields: ['productId'] }, { fields: ['updatedAt'] }, { fields: ['offersCount', 'referenceDay'] }, OUTBOX_INDEX],
      sideFields: OUTBOX_SIDE_FIELDS,
    });
    return new PriceSummaryRepository(collection);
  }

  get(productId: string, country: string): Promise<StoredSummary | null> {
    return this.collection.get(summaryIdOf(productId, country));
  }

  getMany(productIds: readonly string[], country: string): Promise<StoredSummary[]> {
    return this.collection.getMany(productIds.map((id) => summaryIdOf(id, country)));
  }

  /** Every country's summary of a product. */
  ofProduct(productId: string): Promise<StoredSummary[]> {
    return this.collection.find({ productId });
  }

  put(summary: PriceSummaryRecord, expectedVersion: number): Promise<StoredSummary> {
    return this.collection.put(summary, { expectedVersion });
  }

  /** Summaries with offers whose trend reference is from an earlier day than `day`. */
  withOutdatedTrend(day: string, limit: number): Promise<StoredSummary[]> {
    return this.collection.find({ offersCount: { $gt: 0 }, referenceDay: { $lt: day } }, { limit });
  }

  /**
   * A page of summaries updated at or after `fromIso` (strictly after when `strictlyAfter`),
   * oldest update first, without those in `skipIds` (already sent at exactly `fromIso`): keyset
   * paging for re-indexing streams.
   */
  async updatedSince(fromIso: string, strictlyAfter: boolean, country: string, limit: number, skipIds: ReadonlySet<string>): Promise<StoredSummary[]> {
    const filter = { updatedAt: strictlyAfter ? { $gt: fromIso } : { $gte: fromIso }, ...(country ? { country } : {}) };
    const rows = await this.collection.find(filter, { sort: { updatedAt: 1 }, limit: limit + skipIds.size });
    return rows.filter((row) => !skipIds.has(row._id)).slice(0, limit);
  }
}
