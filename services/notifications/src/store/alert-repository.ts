import type { Collection, DocumentStore, Filter, FindOptions, Stored } from '@pc/kit/ports/document-store';
import type { AlertRecord } from '../domain/alert-record.js';

export type StoredAlert = Stored<AlertRecord>;

/** Price alerts; unique per user, product, country and kind. */
export class AlertRepository {
  private constructor(readonly collection: Collection<AlertRecord>) {}

  static async open(store: DocumentStore): Promise<AlertRepository> {
    const collection = await store.collection<AlertRecord>({
      name: 'price_alerts',
      indexes: [
        { fields: ['userId', 'productId', 'country', 'kind'], unique: true },
        { fields: ['userId', 'createdAt'] },
        { fields: ['state'] },
        { fields: ['productId', 'state'] },
        { fields: ['updatedAt'] },
      ],
    });
    return new AlertRepository(collection);
  }

  get(id: string): Promise<StoredAlert | null> {
    return id ? this.collection.get(id) : Promise.resolve(null);
  }

  find(filter: Filter, options?: FindOptions): Promise<StoredAlert[]> {
    return this.collection.find(filter, options);
  }

  count(filter: Filter): Promise<number> {
    return this.collection.count(filter);
  }
}
