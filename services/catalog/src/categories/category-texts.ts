import type { CategoryRecord, CategoryText } from '../domain/category.js';
import { slugify } from '../domain/slug.js';

/** Category texts from names per language (slugs derived, no description yet). */
export function categoryTexts(names: Readonly<Record<string, string>>): Record<string, CategoryText> {
  const texts: Record<string, CategoryText> = {};
  for (const [language, name] of Object.entries(names))
    texts[language] = { name, slug: slugify(name) || 'category', description: '' };
  return texts;
}

/** Whether a category is the one these texts name: a slug equal in the same language, or any
 *  language's slug equal to `anySlug` (names like "Smartphones" are the same in many languages). */
export function namesCategory(
  record: CategoryRecord,
  texts: Readonly<Record<string, CategoryText>>,
  anySlug: string,
): boolean {
  for (const [language, text] of Object.entries(texts)) if (record.texts[language]?.slug === text.slug) return true;
  return Object.values(record.texts).some((text) => text.slug === anySlug);
}

/** The record with the languages it lacks filled in (existing names are never replaced); null when
 *  nothing is missing. */
export function withMissingTexts(
  record: CategoryRecord,
  texts: Readonly<Record<string, CategoryText>>,
  googleProductCategoryId: number,
): CategoryRecord | null {
  const missing = Object.entries(texts).filter(([language]) => record.texts[language] === undefined);
  const setsGoogleId = googleProductCategoryId > 0 && record.googleProductCategoryId === 0;
  if (missing.length === 0 && !setsGoogleId) return null;
  return {
    ...record,
    texts: { ...record.texts, ...Object.fromEntries(missing) },
    googleProductCategoryId: setsGoogleId ? googleProductCategoryId : record.googleProductCategoryId,
    updatedAt: new Date().toISOString(),
  };
}

export function newCategory(
  id: string,
  ancestorIds: readonly string[],
  texts: Readonly<Record<string, CategoryText>>,
  googleProductCategoryId: number,
  now: string,
): CategoryRecord {
  return {
    _id: id,
    parentId: ancestorIds[ancestorIds.length - 1] ?? '',
    ancestorIds: [...ancestorIds],
    position: 0,
    texts,
    productsCount: 0,
    directProductsCount: 0,
    imageUrl: '',
    googleProductCategoryId,
    createdAt: now,
    updatedAt: now,
  };
}
