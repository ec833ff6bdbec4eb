import { AlreadyExistsError, NotFoundError } from '@pc/kit/errors/domain-errors';
import type { CategoryText } from '../domain/category.js';
import type { CategoryRepository, StoredCategory } from '../store/category-repository.js';

/** The parent a category goes under ('' for a root): NOT_FOUND when unknown; its path for the child. */
export async function parentPath(
  categories: CategoryRepository,
  parentId: string,
): Promise<{ id: string; ancestorIds: readonly string[] }> {
  if (!parentId) return { id: '', ancestorIds: [] };
  const parent = await categories.get(parentId);
  if (!parent) throw new NotFoundError('category', parentId);
  return { id: parent._id, ancestorIds: [...parent.ancestorIds, parent._id] };
}

/**
 * ALREADY_EXISTS when a sibling under `parentId` has, in one of the given languages, the slug the
 * texts give (two "Laptops" under one parent would share a URL), or when another category maps
 * the Google product taxonomy id (offers with that id must resolve to one category).
 */
export async function requireUnique(
  categories: CategoryRepository,
  self: {
    id: string;
    parentId: string;
    texts: Readonly<Record<string, CategoryText>>;
    googleProductCategoryId: number;
  },
): Promise<void> {
  const siblings: StoredCategory[] = await categories.childrenOf([self.parentId]);
  for (const [language, text] of Object.entries(self.texts)) {
    const twin = siblings.find((sibling) => sibling._id !== self.id && sibling.texts[language]?.slug === text.slug);
    if (twin) {
      throw new AlreadyExistsError(
        `category ${twin._id} under the same parent is called "${text.name}" in ${language}`,
        {
          reason: 'CATEGORY_EXISTS',
          metadata: { category_id: twin._id, language },
          violations: [
            { field: 'translations', reason: `"${text.name}" (${language}) exists under this parent`, rule: 'unique' },
          ],
        },
      );
    }
  }
  if (self.googleProductCategoryId > 0) {
    const mapped = await categories.findByGoogleId(self.googleProductCategoryId);
    if (mapped && mapped._id !== self.id) {
      throw new AlreadyExistsError(
        `Google product category ${self.googleProductCategoryId} is mapped to category ${mapped._id}`,
        {
          reason: 'GOOGLE_CATEGORY_TAKEN',
          metadata: { category_id: mapped._id },
          violations: [
            { field: 'google_product_category_id', reason: 'is mapped to another category', rule: 'unique' },
          ],
        },
      );
    }
  }
}
