import type { CategoryRecord } from '../domain/category-record.js';
import type { ProductRecord } from '../domain/product-record.js';

/** A listed product record in the categories of `path` (root first), each counting `productsCount`. */
export const productInCategories = (
  id: string,
  path: readonly string[],
  productsCount: number,
  changedAt: number,
): ProductRecord => ({
  _id: id,
  version: 1,
  listed: true,
  slug: id,
  names: { en: id },
  brand: null,
  categoryPath: path.map((category) => ({ id: category, slug: category, name: category, productsCount })),
  gtins: [],
  displayGtin: '',
  mpn: '',
  imageUrl: '',
  rating: 0,
  ratingCount: 0,
  createdAt: 500,
  changedAt,
});

/** A live category record with these names (slugs their lower case) under `parentId`. */
export const namedCategory = (
  id: string,
  version: number,
  names: Record<string, string>,
  parentId = '',
): CategoryRecord => ({
  _id: id,
  version,
  createdAt: 1,
  deleted: false,
  deletedAt: 0,
  parentId,
  names,
  slugs: Object.fromEntries(Object.entries(names).map(([language, name]) => [language, name.toLowerCase()])),
});
