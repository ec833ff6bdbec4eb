import { ConflictError } from '@pc/kit/errors/domain-errors';
import type { Collection, DocumentStore, Stored } from '@pc/kit/ports/document-store';
import type { CategoryRecord } from '../domain/category.js';

export type StoredCategory = Stored<CategoryRecord>;

/** More children than any real taxonomy level has (Google's widest has a few hundred). */
const MAX_CHILDREN = 5_000;

/** Categories of the tree, stored one document each, listed by parent. */
export class CategoryRepository {
  private constructor(private readonly categories: Collection<CategoryRecord>) {}

  static async open(store: DocumentStore): Promise<CategoryRepository> {
    const categories = await store.collection<CategoryRecord>({
      name: 'categories',
      indexes: [
        { fields: ['parentId', 'position'] },
        { fields: ['parentId', 'productsCount'] },
        { fields: ['googleProductCategoryId'] },
      ],
    });
    return new CategoryRepository(categories);
  }

  get(id: string): Promise<StoredCategory | null> {
    return this.categories.get(id);
  }

  async getMany(ids: readonly string[]): Promise<Map<string, StoredCategory>> {
    const wanted = [...new Set(ids)].filter((id) => id !== '');
    if (wanted.length === 0) return new Map();
    return new Map((await this.categories.getMany(wanted)).map((category) => [category._id, category]));
  }

  /** Every child of the given parents ('' for the roots), unordered. */
  childrenOf(parentIds: readonly string[]): Promise<StoredCategory[]> {
    if (parentIds.length === 0) return Promise.resolve([]);
    const [only] = parentIds;
    const filter =
      parentIds.length === 1 && only !== undefined
        ? { parentId: only }
        : { parentId: { $in: [...new Set(parentIds)] } };
    return this.categories.find(filter, { limit: MAX_CHILDREN * parentIds.length });
  }

  async findByGoogleId(googleProductCategoryId: number): Promise<StoredCategory | null> {
    const [category] = await this.categories.find({ googleProductCategoryId }, { limit: 1 });
    return category ?? null;
  }

  /** Ids of the categories below `id`, at any depth. */
  async descendantIds(id: string): Promise<string[]> {
    return (await this.categories.find({ ancestorIds: id })).map((category) => category._id);
  }

  /** Creates a category unless its id exists; null when it does. */
  async insertIfAbsent(record: CategoryRecord): Promise<StoredCategory | null> {
    try {
      return await this.categories.put(record, { expectedVersion: 0 });
    } catch (error) {
      if (error instanceof ConflictError) return null;
      throw error;
    }
  }

  update(
    id: string,
    change: (current: StoredCategory | null) => CategoryRecord | null,
  ): Promise<StoredCategory | null> {
    return this.categories.update(id, change);
  }

  /** Writes `next` if the category is still at `expectedVersion`; false when another write came first. */
  async replaceIfUnchanged(next: CategoryRecord, expectedVersion: number): Promise<boolean> {
    try {
      await this.categories.put(next, { expectedVersion });
      return true;
    } catch (error) {
      if (error instanceof ConflictError) return false;
      throw error;
    }
  }

  /** Removes the category if it is still at `expectedVersion`; false when it changed or is gone. */
  async deleteIfUnchanged(id: string, expectedVersion: number): Promise<boolean> {
    try {
      return await this.categories.delete(id, { expectedVersion });
    } catch (error) {
      if (error instanceof ConflictError) return false;
      throw error;
    }
  }
}
