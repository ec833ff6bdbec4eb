import { BUILTIN_CATEGORIES } from '@pc/product-feeds/taxonomy/builtin-categories';
import type { Taxonomy } from './category.js';

/** The built-in category list (shared with the catalog's fallback) as the seed's taxonomy. */
export function builtinTaxonomy(): Taxonomy {
  const categories = [...BUILTIN_CATEGORIES];
  return { source: 'builtin', categories, byId: new Map(categories.map((category) => [category.id, category])) };
}
