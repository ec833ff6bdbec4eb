import type { Collection, DocumentStore, Stored } from '@pc/kit/ports/document-store';
import type { AdvertisementRecord } from '../domain/advertiser-records.js';

/** Advertisements (staff data); deleted ones stay as tombstones for their click-out fallback. */
export class AdvertisementRepository {
  private constructor(private readonly collection: Collection<AdvertisementRecord>) {}

  static async open(store: DocumentStore): Promise<AdvertisementRepository> {
    const collection = await store.collection<AdvertisementRecord>({
      name: 'advertisements',
      indexes: [{ fields: ['deleted', 'placement', 'endKey'] }, { fields: ['advertiserId'] }],
    });
    return new AdvertisementRepository(collection);
  }

  /** Live or deleted. */
  get(id: string): Promise<Stored<AdvertisementRecord> | null> {
    return this.collection.get(id);
  }

  /** Those of `ids` that exist, live or deleted. */
  getMany(ids: readonly string[]): Promise<Stored<AdvertisementRecord>[]> {
    return this.collection.getMany(ids);
  }

  save(record: AdvertisementRecord, expectedVersion: number): Promise<Stored<AdvertisementRecord>> {
    return this.collection.put(record, { expectedVersion });
  }

  /** Live ads of a placement running at `at` in a country (or everywhere), at most 500. */
  running(placement: string, country: string, at: string): Promise<Stored<AdvertisementRecord>[]> {
    return this.collection.find(
      {
        deleted: false,
        placement,
        endKey: { $gt: at },
        startsAt: { $lte: at },
        countryKeys: { $in: country ? [country, '*'] : ['*'] },
      },
      { sort: { weight: -1, createdAt: 1 }, limit: 500 },
    );
  }

  ofAdvertiser(advertiserId: string): Promise<Stored<AdvertisementRecord>[]> {
    return this.collection.find({ advertiserId, deleted: false }, { sort: { createdAt: 1 }, limit: 500 });
  }
}
