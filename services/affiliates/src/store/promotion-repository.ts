import type { Collection, DocumentStore, Filter, FindOptions, Stored } from '@pc/kit/ports/document-store';
import type { PromotionRecord } from '../domain/promotion-record.js';

export type StoredPromotion = Stored<PromotionRecord>;

/**
 * Promotions in the DocumentStore port (embedded SQLite locally, MongoDB in the cluster). The
 * indexes follow the list's filters: country with a time bound and its sort, and a shop's.
 */
export class PromotionRepository {
  private constructor(private readonly collection: Collection<PromotionRecord>) {}

  static async open(store: DocumentStore): Promise<PromotionRepository> {
    const collection = await store.collection<PromotionRecord>({
      name: 'promotions',
      indexes: [
        { fields: ['deleted', 'countryKeys', 'endKey'] },
        { fields: ['deleted', 'countryKeys', 'startsAt'] },
        { fields: ['shopId', 'endKey'] },
      ],
    });
    return new PromotionRepository(collection);
  }

  /** A live promotion (tombstones are not found). */
  async get(id: string): Promise<StoredPromotion | null> {
    const promotion = await this.collection.get(id);
    return promotion && !promotion.deleted ? promotion : null;
  }

  /** Live or deleted: click-outs of deleted promotions still fall back to the shop. */
  getIncludingDeleted(id: string): Promise<StoredPromotion | null> {
    return this.collection.get(id);
  }

  /** Inserts a new promotion (version 0 expected: ids never collide silently). */
  insert(promotion: PromotionRecord): Promise<StoredPromotion> {
    return this.collection.put(promotion, { expectedVersion: 0 });
  }

  /** Writes a change to the version it was read at (a concurrent write fails with CONFLICT). */
  replace(promotion: PromotionRecord, expectedVersion: number): Promise<StoredPromotion> {
    return this.collection.put(promotion, { expectedVersion });
  }

  find(filter: Filter, options: FindOptions): Promise<StoredPromotion[]> {
    return this.collection.find({ ...filter, deleted: false }, options);
  }

  count(filter: Filter): Promise<number> {
    return this.collection.count({ ...filter, deleted: false });
  }
}
