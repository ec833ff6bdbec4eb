import { AlreadyExistsError } from '@pc/kit/errors/domain-errors';
import { OUTBOX_INDEX, OUTBOX_SIDE_FIELDS } from '@pc/kit/events/outbox';
import type { Collection, DocumentStore, Filter, FindOptions, Stored } from '@pc/kit/ports/document-store';
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
        OUTBOX_INDEX,
      ],
      sideFields: OUTBOX_SIDE_FIELDS,
    });
    return new ShopRepository(collection);
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
      return await this.collection.put(shop, { expectedVersion });
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

  find(filter: Filter, options: FindOptions): Promise<StoredShop[]> {
    return this.collection.find(filter, options);
  }

  count(filter: Filter): Promise<number> {
    return this.collection.count(filter);
  }
}
