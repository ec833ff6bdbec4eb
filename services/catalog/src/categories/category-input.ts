import { FieldChecks } from '@pc/kit/errors/field-checks';
import type { CreateCategoryRequest, UpdateCategoryRequest } from '@pc/proto/catalog/v1/catalog';
import type { CategoryTranslation } from '@pc/proto/catalog/v1/types';
import type { CategoryText } from '../domain/category.js';
import { slugify } from '../domain/slug.js';

export const CATEGORY_LIMITS = {
  name: 100,
  description: 5_000,
  metaTitle: 200,
  metaDescription: 500,
  keywords: 30,
  keyword: 100,
  position: 1_000_000,
} as const;

/** A checked CreateCategory. */
export interface NewCategoryInput {
  readonly parentId: string;
  readonly texts: Readonly<Record<string, CategoryText>>;
  readonly position: number;
  readonly imageUrl: string;
  readonly googleProductCategoryId: number;
}

/** A checked UpdateCategory: unset fields stay (a translation's empty description and unset meta
 *  too, unless `replaceTexts`: see CategoryUpdate). */
export interface CategoryUpdateInput {
  readonly categoryId: string;
  readonly expectedVersion: number;
  readonly texts: Readonly<Record<string, CategoryText>>;
  readonly replaceTexts: boolean;
  readonly parentId?: string;
  readonly position?: number;
  readonly imageUrl?: string;
  readonly googleProductCategoryId?: number;
}

export function readNewCategory(request: CreateCategoryRequest): NewCategoryInput {
  const checks = new FieldChecks();
  const texts = readTranslations(checks, request.translations);
  if (!texts.en) checks.add('translations', 'needs the English translation (language "en")', 'required');
  const input = {
    parentId: checks.text('parent_id', request.parentId, { max: 100 }),
    texts,
    position: checks.intBetween('position', request.position, 0, CATEGORY_LIMITS.position),
    imageUrl: checks.url('image_url', request.imageUrl),
    googleProductCategoryId: checks.intBetween(
      'google_product_category_id',
      request.googleProductCategoryId,
      0,
      Number.MAX_SAFE_INTEGER,
    ),
  };
  checks.done();
  return input;
}

export function readCategoryUpdate(request: UpdateCategoryRequest): CategoryUpdateInput {
  const checks = new FieldChecks();
  const categoryId = checks.text('category_id', request.categoryId, { required: true, max: 100 });
  const parentId =
    request.parentId === undefined ? undefined : checks.text('parent_id', request.parentId, { max: 100 });
  if (parentId && parentId === categoryId)
    checks.add('parent_id', 'must not be the category itself', 'different', { other: 'category_id' });
  const input = {
    categoryId,
    expectedVersion: checks.intBetween('expected_version', request.expectedVersion, 0, Number.MAX_SAFE_INTEGER),
    texts: readTranslations(checks, request.translations),
    replaceTexts: request.replaceTranslations,
    parentId,
    position:
      request.position === undefined
        ? undefined
        : checks.intBetween('position', request.position, 0, CATEGORY_LIMITS.position),
    imageUrl: request.imageUrl === undefined ? undefined : checks.url('image_url', request.imageUrl),
    googleProductCategoryId:
      request.googleProductCategoryId === undefined
        ? undefined
        : checks.intBetween('google_product_category_id', request.googleProductCategoryId, 0, Number.MAX_SAFE_INTEGER),
  };
  checks.done();
  return input;
}

/** Translations by language (slug from the name). */
function readTranslations(
  checks: FieldChecks,
  translations: readonly CategoryTranslation[],
): Record<string, CategoryText> {
  const texts: Record<string, CategoryText> = {};
  translations.forEach((translation, i) => {
    const at = `translations[${i}]`;
    const language = checks.language(`${at}.language`, translation.language);
    const name = checks.text(`${at}.name`, translation.name, { required: true, max: CATEGORY_LIMITS.name });
    const description = checks.text(`${at}.description`, translation.description, { max: CATEGORY_LIMITS.description });
    const meta = translation.meta && {
      title: checks.text(`${at}.meta.title`, translation.meta.title, { max: CATEGORY_LIMITS.metaTitle }),
      description: checks.text(`${at}.meta.description`, translation.meta.description, {
        max: CATEGORY_LIMITS.metaDescription,
      }),
      keywords: translation.meta.keywords.map((keyword, k) =>
        checks.text(`${at}.meta.keywords[${k}]`, keyword, { required: true, max: CATEGORY_LIMITS.keyword }),
      ),
    };
    if (meta) checks.maxItems(`${at}.meta.keywords`, meta.keywords.length, CATEGORY_LIMITS.keywords);
    texts[language] = { name, slug: slugify(name) || 'category', description, ...(meta ? { meta } : {}) };
  });
  checks.distinct(
    'translations',
    translations.map((translation) => translation.language.trim().toLowerCase()),
    'language',
  );
  return texts;
}
