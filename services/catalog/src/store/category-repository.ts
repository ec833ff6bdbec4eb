import type { Collection, DocumentStore, Stored } from '@pc/kit/ports/document-store';
import type { Page } from '@pc/kit/paging/page';
import type { CategoryRecord } from '../domain/category.js';

export type CategorySort = 'position' | 'productsCount';

/** Categories of the tree, stored one document each, listed by parent. */
export class CategoryRepository {
  private constructor(private readonly categories: Collection<CategoryRecord>) {}

  static async open(store: DocumentStore): Promise<CategoryRepository> {
    const categories = await store.collection<CategoryRecord>({
      name: 'categories',
      indexes: [{ fields: ['parentId', 'position'] }, { fields: ['parentId', 'productsCount'] }],
    });
    return new CategoryRepository(categories);
  }

  get(id: string): Promise<Stored<CategoryRecord> | null> {
    return this.categories.get(id);
  }

  getMany(ids: readonly string[]): Promise<Stored<CategoryRecord>[]> {
    return this.categories.getMany(ids);
  }

  async listChildren(parentId: string, sort: CategorySort, page: Page): Promise<{ items: Stored<CategoryRecord>[]; total: number }> {
    const filter = { parentId };
    const order: Record<string, 1 | -1> = sort === 'productsCount' ? { productsCount: -1 } : { position: 1 };
    const [items, total] = await Promise.all([
      this.categories.find(filter, { sort: order, skip: page.skip, limit: page.hitsPerPage }),
      this.categories.count(filter),
    ]);
    return { items, total };
  }
}
