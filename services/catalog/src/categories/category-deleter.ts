import { FailedPreconditionError, NotFoundError } from '@pc/kit/errors/domain-errors';
import { versionConflict } from '../product-edits/product-states.js';
import type { CategoryRepository, StoredCategory } from '../store/category-repository.js';
import type { ProductRepository } from '../store/product-repository.js';

/**
 * DeleteCategory: only an empty category goes — no subcategory, no product of any status filed
 * under it (a hidden product would keep a dangling category) — and only at the version the caller
 * saw, with its CategoryDeleted (store/category-repository.ts). An offer resolved to it after the check files its product under a category the resolver
 * then no longer finds, and the next offer of that id creates it again.
 */
export class CategoryDeleter {
  constructor(
    private readonly categories: CategoryRepository,
    private readonly products: ProductRepository,
  ) {}

  async delete(categoryId: string, expectedVersion: number): Promise<StoredCategory> {
    const current = await this.categories.get(categoryId);
    if (!current) throw new NotFoundError('category', categoryId);
    if (expectedVersion !== 0 && current._version !== expectedVersion)
      throw versionConflict('category', categoryId, expectedVersion, current._version);
    const [children, products] = await Promise.all([
      this.categories.childrenOf([categoryId]),
      this.products.pageOf({ categoryIds: [categoryId] }, '', 1),
    ]);
    if (children.length > 0 || products.length > 0) {
      throw new FailedPreconditionError(
        `category ${categoryId} still holds ${children.length > 0 ? 'subcategories' : 'products'}`,
        { reason: 'CATEGORY_NOT_EMPTY', metadata: { category_id: categoryId } },
      );
    }
    if (!(await this.categories.deleteIfUnchanged(current)))
      throw versionConflict('category', categoryId, current._version, current._version + 1);
    return current;
  }
}
