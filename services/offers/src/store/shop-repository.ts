import { AlreadyExistsError } from '@pc/kit/errors/domain-errors';
import { OUTBOX_INDEX, OUTBOX_SIDE_FIELDS } from '@pc/kit/events/outbox';
import type { Collection, DocumentStore, Filter, FindOptions, Stored } from '@pc/kit/ports/document-store';
import { FeedStatus } from '@pc/proto/offers/v1/types';
import { withFailingFeedSince } from '../domain/failing-feeds.js';
import type { ShopRecord } from '../domain/shop-record.js';

export type StoredShop = Stored<ShopRecord>;

/** Shops, unique by domain while they exist. */
export class ShopRepository {
  private constructor(readonly collection: Collection<ShopRecord>) {}

  static async open(store: DocumentStore): Promise<ShopRepository> {
    const collection = await store.collection<ShopRecord>({
      name: 'shops',
      indexes: [
        { fields: ['domainKey'], unique: true },
        { fields: ['status', 'sortName'] },
        { fields: ['ownerUserId'] },
        { fields: ['offersCleanup'] },
        { fields: ['feedRemovalPending'] },
        // Shops whose rating a review change left to repair (ADR 119).
        { fields: ['ratingPending'] },
        // Shops with a failing feed, longest failing first (staff's list; ADR 128).
        { fields: ['failingFeedSince'] },
        OUTBOX_INDEX,
      ],
      sideFields: OUTBOX_SIDE_FIELDS,
    });
    const repository = new ShopRepository(collection);
    await repository.deriveFailingFeedSince();
    return repository;
  }

  /**
   * Gives shops stored before `failingFeedSince` was kept theirs (their FAILING feeds'), once:
   * afterwards every write derives it. No version bump: it is derived, not shop data.
   */
  private async deriveFailingFeedSince(): Promise<void> {
    const unmarked = await this.collection.findIds({
      'feeds.status': FeedStatus.FEED_STATUS_FAILING,
      failingFeedSince: { $exists: false },
    });
    for (const id of unmarked)
      await this.collection.update(id, (current) => {
        if (!current) return null;
        const derived = withFailingFeedSince(current);
        return derived.failingFeedSince === current.failingFeedSince ? null : derived;
      });
  }

  get(id: string): Promise<StoredShop | null> {
    return this.collection.get(id);
  }

  getMany(ids: readonly string[]): Promise<StoredShop[]> {
    return this.collection.getMany([...new Set(ids)]);
  }

  /** The live shop holding a domain, if any. */
  async getByDomain(domain: string): Promise<StoredShop | null> {
    const [shop] = await this.collection.find({ domainKey: domain }, { limit: 1 });
    return shop ?? null;
  }

  /** Writes under optimistic concurrency; a taken domain is ALREADY_EXISTS (SHOP_ALREADY_REGISTERED). */
  async put(shop: ShopRecord, expectedVersion: number): Promise<StoredShop> {
    try {
      return await this.collection.put(withFailingFeedSince(shop), { expectedVersion });
    } catch (error) {
      if (error instanceof AlreadyExistsError) {
        throw new AlreadyExistsError(`a shop with the domain ${shop.domain} is already registered`, {
          cause: error,
          reason: 'SHOP_ALREADY_REGISTERED',
        });
      }
      throw error;
    }
  }

  /** Shops whose offers still have to be delisted after a suspension or deletion. */
  withPendingCleanup(limit: number): Promise<StoredShop[]> {
    return this.collection.find({ offersCleanup: { $in: ['suspended', 'deleted'] } }, { limit });
  }

  /** Shops with a failing feed (not deleted), the longest failing first: a page of them and how many there are. */
  async withFailingFeeds(page: { skip: number; limit: number }): Promise<{ shops: StoredShop[]; total: number }> {
    const filter: Filter = { failingFeedSince: { $gt: '' } };
    const [shops, total] = await Promise.all([
      this.collection.find(filter, { sort: { failingFeedSince: 1 }, skip: page.skip, limit: page.limit }),
      this.collection.count(filter),
    ]);
    return { shops, total };
  }

  find(filter: Filter, options: FindOptions): Promise<StoredShop[]> {
    return this.collection.find(filter, options);
  }

  count(filter: Filter): Promise<number> {
    return this.collection.count(filter);
  }
}
