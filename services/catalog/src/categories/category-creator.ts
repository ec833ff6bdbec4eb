import { AlreadyExistsError } from '@pc/kit/errors/domain-errors';
import { categoryIdFor } from '../domain/ids.js';
import type { CategoryRepository, StoredCategory } from '../store/category-repository.js';
import type { NewCategoryInput } from './category-input.js';
import { parentPath, requireUnique } from './category-rules.js';
import { newCategory } from './category-texts.js';

/**
 * CreateCategory: a new, empty category under a parent, with its CategoryChanged (no product is
 * in it yet, so no product event). Its id derives from the parent and the English slug, as for categories made from offers: two
 * racing creations write one document, and the second is ALREADY_EXISTS.
 */
export class CategoryCreator {
  constructor(private readonly categories: CategoryRepository) {}

  async create(input: NewCategoryInput, now = new Date()): Promise<StoredCategory> {
    const parent = await this.check(input);
    const slug = input.texts.en?.slug ?? 'category';
    const id = categoryIdFor(parent.id, slug);
    const record = {
      ...newCategory(id, parent.ancestorIds, input.texts, input.googleProductCategoryId, now.toISOString()),
      position: input.position,
      imageUrl: input.imageUrl,
    };
    const created = await this.categories.insertIfAbsent(record);
    if (!created)
      throw new AlreadyExistsError(`category ${id} exists`, {
        reason: 'CATEGORY_EXISTS',
        metadata: { category_id: id },
      });
    return created;
  }

  /** What `create` would refuse, written nowhere (an import's dry run): answers the parent's path. */
  async check(input: NewCategoryInput): Promise<{ id: string; ancestorIds: readonly string[] }> {
    const parent = await parentPath(this.categories, input.parentId);
    await requireUnique(this.categories, {
      id: '',
      parentId: parent.id,
      texts: input.texts,
      googleProductCategoryId: input.googleProductCategoryId,
    });
    return parent;
  }
}
