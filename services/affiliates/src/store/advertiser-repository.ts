import type { Collection, DocumentStore, Stored } from '@pc/kit/ports/document-store';
import type { AdvertiserRecord } from '../domain/advertiser-records.js';

/** Advertisers (staff data): listed by name, found by id. */
export class AdvertiserRepository {
  private constructor(private readonly collection: Collection<AdvertiserRecord>) {}

  static async open(store: DocumentStore): Promise<AdvertiserRepository> {
    return new AdvertiserRepository(
      await store.collection<AdvertiserRecord>({ name: 'advertisers', indexes: [{ fields: ['sortName'] }] }),
    );
  }

  get(id: string): Promise<Stored<AdvertiserRecord> | null> {
    return this.collection.get(id);
  }

  getMany(ids: readonly string[]): Promise<Stored<AdvertiserRecord>[]> {
    return this.collection.getMany(ids);
  }

  /** Writes at the version read (0: new); a concurrent change fails with CONFLICT. */
  save(record: AdvertiserRecord, expectedVersion: number): Promise<Stored<AdvertiserRecord>> {
    return this.collection.put(record, { expectedVersion });
  }

  async page(skip: number, limit: number): Promise<{ items: Stored<AdvertiserRecord>[]; total: number }> {
    const [items, total] = await Promise.all([
      this.collection.find({}, { sort: { sortName: 1 }, skip, limit }),
      this.collection.count({}),
    ]);
    return { items, total };
  }
}
