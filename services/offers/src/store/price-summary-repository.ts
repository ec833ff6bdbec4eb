import { OUTBOX_INDEX, OUTBOX_SIDE_FIELDS } from '@pc/kit/events/outbox';
import type { Collection, DocumentStore, OutboxRecord, Stored } from '@pc/kit/ports/document-store';
import { summaryIdOf, type PriceSummaryRecord } from '../domain/price-summary.js';

export type StoredSummary = Stored<PriceSummaryRecord>;

/** Price summaries, one per product and country. */
export class PriceSummaryRepository {
  private constructor(readonly collection: Collection<PriceSummaryRecord>) {}

  static async open(store: DocumentStore): Promise<PriceSummaryRepository> {
    const collection = await store.collection<PriceSummaryRecord>({
      name: 'price_summaries',
      indexes: [
        { fields: ['productId'] },
        { fields: ['updatedAt'] },
        { fields: ['offersCount', 'referenceDay'] },
        OUTBOX_INDEX,
      ],
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

  /** `outbox`: the events of the write, for the store's outbox (`Outbox.prepare`). */
  put(summary: PriceSummaryRecord, expectedVersion: number, outbox?: readonly OutboxRecord[]): Promise<StoredSummary> {
    return this.collection.put(summary, { expectedVersion, outbox });
  }

  /**
   * Summaries with offers whose trend reference is from an earlier day than `day`, most offers
   * first (the products most compared are refreshed first after midnight). One offers count at a
   * time, so that each read is a range of the (offersCount, referenceDay) index: a range on both
   * fields reads every summary of the counts already done (SQLite), and the default _id order
   * reads the whole table (minutes per batch at 3.7M summaries).
   */
  async withOutdatedTrend(day: string, limit: number): Promise<StoredSummary[]> {
    const byIndex = { offersCount: -1, referenceDay: -1 } as const;
    for (let below: number | null = null; ;) {
      const counts = below === null ? { $gt: 0 } : { $gt: 0, $lt: below };
      const [next] = await this.collection.find({ offersCount: counts }, { sort: byIndex, limit: 1 });
      if (next === undefined) return [];
      const outdated = await this.collection.find(
        { offersCount: next.offersCount, referenceDay: { $lt: day } },
        { sort: byIndex, limit },
      );
      if (outdated.length > 0) return outdated;
      below = next.offersCount;
    }
  }

  /**
   * A page of summaries updated at or after `fromIso` (strictly after when `strictlyAfter`),
   * oldest update first, without those in `skipIds` (already sent at exactly `fromIso`): keyset
   * paging for re-indexing streams.
   */
  async updatedSince(
    fromIso: string,
    strictlyAfter: boolean,
    country: string,
    limit: number,
    skipIds: ReadonlySet<string>,
  ): Promise<StoredSummary[]> {
    const filter = { updatedAt: strictlyAfter ? { $gt: fromIso } : { $gte: fromIso }, ...(country ? { country } : {}) };
    const rows = await this.collection.find(filter, { sort: { updatedAt: 1 }, limit: limit + skipIds.size });
    return rows.filter((row) => !skipIds.has(row._id)).slice(0, limit);
  }
}
