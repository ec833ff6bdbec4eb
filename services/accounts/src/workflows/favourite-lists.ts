import { AlreadyExistsError, ConflictError, NotFoundError } from '@pc/kit/errors/domain-errors';
import type { Stored } from '@pc/kit/ports/document-store';
import {
  DEFAULT_LIST_NAME,
  defaultListId,
  listNameKey,
  type FavouriteListRecord,
} from '../domain/favourite-records.js';
import type { FavouriteRepository } from '../store/favourite-repository.js';

/** Finding lists for a user: the default one (created on first use), and owned ones by id. */
export class FavouriteLists {
  constructor(
    private readonly favourites: FavouriteRepository,
    private readonly clock: () => Date,
  ) {}

  /** The user's default list; created on first use under a fixed id (concurrent first uses agree). */
  async defaultList(userId: string): Promise<Stored<FavouriteListRecord>> {
    const id = defaultListId(userId);
    const existing = await this.favourites.getList(id);
    if (existing) return existing;
    const now = this.clock().toISOString();
    const list: FavouriteListRecord = {
      _id: id,
      userId,
      name: DEFAULT_LIST_NAME,
      nameKey: `\u0000default`,
      isDefault: true,
      public: false,
      itemsCount: 0,
      createdAt: now,
      updatedAt: now,
    };
    try {
      return await this.favourites.lists.put(list, { expectedVersion: 0 });
    } catch (error) {
      if (!(error instanceof ConflictError || error instanceof AlreadyExistsError)) throw error;
      const created = await this.favourites.getList(id);
      if (!created) throw error;
      return created;
    }
  }

  /**
   * A list of the user's: the default for an empty id. Another user's list is NOT_FOUND, the
   * same answer as an unknown id, so list ids of others cannot be probed.
   */
  async owned(userId: string, listId: string): Promise<Stored<FavouriteListRecord>> {
    if (!listId || listId === defaultListId(userId)) return this.defaultList(userId);
    const list = await this.favourites.getList(listId);
    if (!list || list.userId !== userId) throw new NotFoundError('favourite list', listId);
    return list;
  }

  /** All of the user's lists, default first, then by name (the default exists once asked for). */
  async all(userId: string): Promise<Stored<FavouriteListRecord>[]> {
    await this.defaultList(userId);
    const lists = await this.favourites.listsOf(userId);
    return lists.sort((a, b) => (a.isDefault !== b.isDefault ? (a.isDefault ? -1 : 1) : a.name.localeCompare(b.name)));
  }

  static nameTaken(name: string, cause?: unknown): AlreadyExistsError {
    return new AlreadyExistsError(`you already have a list named ${name}`, {
      cause,
      reason: 'LIST_NAME_TAKEN',
      violations: [{ field: 'name', reason: 'has already been taken', rule: 'unique' }],
    });
  }

  static key = listNameKey;
}
