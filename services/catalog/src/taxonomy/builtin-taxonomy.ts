import {
  BUILTIN_CATEGORIES,
  BUILTIN_LANGUAGES,
  type BuiltinCategory,
} from '@pc/product-feeds/taxonomy/builtin-categories';
import { buildTaxonomy, type GoogleTaxonomy } from './google-taxonomy.js';
import type { TaxonomyLine } from './parse-taxonomy.js';

/**
 * The built-in category list (Google product taxonomy ids, named in every site language) as the
 * taxonomy of a machine without Google's files: offers' ids and localized category paths then
 * still resolve to one category per id, named in every language, instead of a tree per language.
 */
export function builtinGoogleTaxonomy(): GoogleTaxonomy {
  const byId = new Map(BUILTIN_CATEGORIES.map((category) => [category.id, category]));
  const linesIn = (language: (typeof BUILTIN_LANGUAGES)[number]): TaxonomyLine[] =>
    BUILTIN_CATEGORIES.map((category) => ({
      id: category.id,
      path: pathOf(category, byId).map((c) => c.names[language]),
    }));
  const translations = new Map(
    BUILTIN_LANGUAGES.filter((language) => language !== 'en').map((language) => [language, linesIn(language)]),
  );
  return buildTaxonomy(linesIn('en'), translations);
}

function pathOf(category: BuiltinCategory, byId: ReadonlyMap<number, BuiltinCategory>): BuiltinCategory[] {
  const path: BuiltinCategory[] = [];
  for (let node: BuiltinCategory | undefined = category; node; node = byId.get(node.parentId)) path.unshift(node);
  return path;
}
