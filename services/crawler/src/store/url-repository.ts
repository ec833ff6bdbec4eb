import { OUTBOX_INDEX, OUTBOX_SIDE_FIELDS } from '@pc/kit/events/outbox';
import type { Collection, DocumentStore, Filter, FindOptions, PutOptions, Stored } from '@pc/kit/ports/document-store';
import type { UrlRecord } from '../domain/records.js';

export type StoredUrl = Stored<UrlRecord>;

/** The crawl frontier: every known URL with its next visit, durable and shared by replicas. */
export class UrlRepository {
  private constructor(readonly collection: Collection<UrlRecord>) {}

  static async open(store: DocumentStore): Promise<UrlRepository> {
    return new UrlRepository(
      await store.collection<UrlRecord>({
        name: 'urls',
        indexes: [
          { fields: ['host', 'status', 'nextVisitAt'] },
          { fields: ['host', 'fastMover', 'status', 'nextVisitAt'] },
          { fields: ['status', 'nextVisitAt'] },
          { fields: ['pathKey'] },
          { fields: ['productId'] },
          { fields: ['shopId'] },
          OUTBOX_INDEX,
        ],
        sideFields: OUTBOX_SIDE_FIELDS,
      }),
    );
  }

  get(id: string): Promise<StoredUrl | null> {
    return this.collection.get(id);
  }

  getMany(ids: readonly string[]): Promise<StoredUrl[]> {
    return this.collection.getMany(ids);
  }

  put(record: UrlRecord, options?: PutOptions): Promise<StoredUrl> {
    return this.collection.put(record, options);
  }

  update(id: string, change: (current: StoredUrl | null) => UrlRecord | null): Promise<StoredUrl | null> {
    return this.collection.update(id, change);
  }

  /** The active URL of a host due soonest (due or not), other than `skip` (visits whose results are still being written). */
  async nextOfHost(host: string, skip: ReadonlySet<string> = new Set()): Promise<StoredUrl | null> {
    const found = await this.collection.find(
      { host, status: 'active' },
      { sort: { nextVisitAt: 1 }, limit: skip.size + 1 },
    );
    return found.find((url) => !skip.has(url._id)) ?? null;
  }

  /** The host's fast mover due soonest (due or not), other than `skip`: a due one goes before the host's other due URLs. */
  async nextFastMoverOfHost(host: string, skip: ReadonlySet<string> = new Set()): Promise<StoredUrl | null> {
    const found = await this.collection.find(
      { host, fastMover: true, status: 'active' },
      { sort: { nextVisitAt: 1 }, limit: skip.size + 1 },
    );
    return found.find((url) => !skip.has(url._id)) ?? null;
  }

  countDue(host: string, now: Date): Promise<number> {
    return this.collection.count({ host, status: 'active', nextVisitAt: { $lte: now.toISOString() } });
  }

  countOfHost(host: string): Promise<number> {
    return this.collection.count({ host });
  }

  byPathKey(pathKey: string): Promise<StoredUrl[]> {
    return this.collection.find({ pathKey }, { limit: 20 });
  }

  /** Pages whose offer is matched to the product (bounded: a product is sold by a few hundred shops at most). */
  byProductId(productId: string): Promise<StoredUrl[]> {
    return this.collection.find({ productId }, { limit: 1_000 });
  }

  find(filter: Filter, options: FindOptions): Promise<StoredUrl[]> {
    return this.collection.find(filter, options);
  }

  count(filter: Filter): Promise<number> {
    return this.collection.count(filter);
  }
}
