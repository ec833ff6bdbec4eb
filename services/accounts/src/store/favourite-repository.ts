import type { Collection, DocumentStore, Filter, FindOptions, Stored } from '@pc/kit/ports/document-store';
import type { FavouriteItemRecord, FavouriteListRecord } from '../domain/favourite-records.js';

/** Favourites lists and their items (two collections; list counts recounted after each change). */
export class FavouriteRepository {
  private constructor(
    readonly lists: Collection<FavouriteListRecord>,
    readonly items: Collection<FavouriteItemRecord>,
  ) {}

  static async open(store: DocumentStore): Promise<FavouriteRepository> {
    const [lists, items] = await Promise.all([
      store.collection<FavouriteListRecord>({
        name: 'favourite_lists',
        indexes: [{ fields: ['userId', 'nameKey'], unique: true }],
      }),
      store.collection<FavouriteItemRecord>({
        name: 'favourite_items',
        indexes: [
          { fields: ['listId', 'addedAt'] },
          { fields: ['userId', 'addedAt'] },
          { fields: ['userId', 'productId'] },
        ],
      }),
    ]);
    return new FavouriteRepository(lists, items);
  }

  listsOf(userId: string): Promise<Stored<FavouriteListRecord>[]> {
    return this.lists.find({ userId });
  }

  getList(listId: string): Promise<Stored<FavouriteListRecord> | null> {
    return listId ? this.lists.get(listId) : Promise.resolve(null);
  }

  findItems(filter: Filter, options?: FindOptions): Promise<Stored<FavouriteItemRecord>[]> {
    return this.items.find(filter, options);
  }

  countItems(filter: Filter): Promise<number> {
    return this.items.count(filter);
  }

  /** Sets a list's itemsCount to what is stored (self-healing after concurrent or crashed writes). */
  async recount(listId: string, now: string): Promise<Stored<FavouriteListRecord> | null> {
    const itemsCount = await this.items.count({ listId });
    return this.lists.update(listId, (list) =>
      list && list.itemsCount !== itemsCount ? { ...list, itemsCount, updatedAt: now } : null,
    );
  }

  /** Removes a user's lists and items (account deletion); idempotent. */
  async deleteForUser(userId: string): Promise<void> {
    for (const item of await this.items.find({ userId })) await this.items.delete(item._id);
    for (const list of await this.lists.find({ userId })) await this.lists.delete(list._id);
  }
}
