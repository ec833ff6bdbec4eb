import type { Category } from '@pc/proto/catalog/v1/types';
import { compareSiblings, toCategoryMessage, toCategoryRef } from '../domain/category.js';
import type { CategoryRepository, StoredCategory } from '../store/category-repository.js';

/** A category with its breadcrumb ancestors and its children (GetCategory and the admin writes). */
export async function categoryView(
  categories: CategoryRepository,
  record: StoredCategory,
  language: string,
): Promise<Category> {
  const [ancestors, children] = await Promise.all([
    categories.getMany(record.ancestorIds),
    categories.childrenOf([record._id]),
  ]);
  return {
    ...toCategoryMessage(record, language),
    ancestors: record.ancestorIds.flatMap((ancestorId) => {
      const ancestor = ancestors.get(ancestorId);
      return ancestor ? [toCategoryRef(ancestor, language)] : [];
    }),
    children: children.sort(compareSiblings(language)).map((child) => toCategoryRef(child, language)),
  };
}
