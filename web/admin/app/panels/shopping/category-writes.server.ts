import { data } from '@remix-run/node';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { z } from 'zod';
import { panelPath } from '../../panels/panels';
import {
  categoryById,
  createCategory,
  deleteCategory,
  updateCategory,
  type CategoryDetail,
} from '../../services/categories.server';
import { intent } from '../../writes/staff-write.server';
import { TEXT_LANGUAGES, type TextLanguage } from './text-languages';
import { CATEGORY_TEXT_LIMITS } from './category-text-limits';

/** Keywords as staff type them: separated by commas or lines. */
export const keywordsOf = (value: string): string[] =>
  value
    .split(/[,\n]/)
    .map((keyword) => keyword.trim())
    .filter(Boolean);

const name = z.string().trim().max(CATEGORY_TEXT_LIMITS.name, 'field.tooLong');
const googleId = z.coerce
  .number({ message: 'field.number' })
  .int('field.number')
  .min(0, 'field.range')
  .max(99_999_999, 'field.range');
const version = z.coerce.number({ message: 'field.number' }).int('field.number').min(0, 'field.number');

const newCategory = z.object({
  parentId: z.string().trim().max(200).default(''),
  nameEn: name.min(1, 'field.required'),
  nameDe: name.default(''),
  googleProductCategoryId: googleId.default(0),
});
const rename = z.object({ version, language: z.enum(TEXT_LANGUAGES), name: name.min(1, 'field.required') });
const texts = z.object({
  version,
  language: z.enum(TEXT_LANGUAGES, { message: 'field.invalid' }),
  name: name.min(1, 'field.required'),
  description: z.string().trim().max(CATEGORY_TEXT_LIMITS.description, 'field.tooLong').default(''),
  metaTitle: z.string().trim().max(CATEGORY_TEXT_LIMITS.metaTitle, 'field.tooLong').default(''),
  metaDescription: z.string().trim().max(CATEGORY_TEXT_LIMITS.metaDescription, 'field.tooLong').default(''),
  keywords: z
    .string()
    .default('')
    .refine((value) => {
      const keywords = keywordsOf(value);
      return (
        keywords.length <= CATEGORY_TEXT_LIMITS.keywords &&
        keywords.every((keyword) => keyword.length <= CATEGORY_TEXT_LIMITS.keyword)
      );
    }, 'field.keywords'),
});

const move = z.object({ version, parentId: z.string().trim().max(200).default('') });
const map = z.object({ version, googleProductCategoryId: googleId });
const remove = z.object({ version });

/** Catalog's field of a translation as the texts form names it (`translations[0].meta.title` → metaTitle). */
function textsField(field: string): string {
  const path = /^translations(?:\[\d+\])?\.(.+)$/.exec(field)?.[1];
  if (path === undefined) return field === 'translations' ? 'name' : field;
  if (path.startsWith('meta.title')) return 'metaTitle';
  if (path.startsWith('meta.description')) return 'metaDescription';
  if (path.startsWith('meta.keywords')) return 'keywords';
  if (path.startsWith('description')) return 'description';
  return 'name';
}

/** Catalog's refusal with its field violations named as the form's fields (anything else as it is). */
const asFormFields = (error: unknown): unknown =>
  error instanceof RpcError
    ? new RpcError(
        error.code,
        error.details,
        error.violations.map((violation) => ({ ...violation, field: textsField(violation.field) })),
        error.retryAfterMs,
        error.reason,
        { cause: error },
        error.metadata,
      )
    : error;

/** The category a page shows, named in the page's language (404 for an id catalog does not know). */
export async function categoryOf(categoryId: string): Promise<CategoryDetail> {
  const category = await categoryById(categoryId, 'en');
  if (!category) throw data({ notFound: true }, { status: 404 });
  return category;
}

const pageOf = (categoryId: string, language?: TextLanguage) =>
  `${panelPath('shopping', `categories/${encodeURIComponent(categoryId)}`)}?${language ? `language=${language}&` : ''}done=1`;

/** The tree page's write: a new category (a root, or under a parent); catalog checks staff:shopping and audits it. */
export const categoryTreeWrites = {
  create: intent({
    schema: newCategory,
    summary: async (fields, _context, t) => {
      const parent = fields.parentId ? await categoryOf(fields.parentId) : null;
      return {
        title: t('categories.summary.create', { name: fields.nameEn }),
        changes: [
          { label: t('categories.parent'), before: '', after: parent ? parent.path.join(' › ') : t('categories.root') },
          { label: t('categories.name.en'), before: '', after: fields.nameEn },
          { label: t('categories.name.de'), before: '', after: fields.nameDe },
          { label: t('categories.google'), before: '', after: String(fields.googleProductCategoryId || '') },
        ],
      };
    },
    perform: async (fields, context) => {
      const id = await createCategory(context.user.id, {
        parentId: fields.parentId,
        names: { en: fields.nameEn, de: fields.nameDe },
        googleProductCategoryId: fields.googleProductCategoryId,
      });
      return pageOf(id);
    },
  }),
};

/**
 * A category page's writes: rename in one language (its description and metas stay), one
 * language's texts (name, description, metas), move under another parent, map to a Google id,
 * delete when empty.
 */
export function categoryWrites(categoryId: string) {
  return {
    rename: intent({
      schema: rename,
      summary: async (fields, _context, t) => {
        const category = await categoryOf(categoryId);
        return {
          title: t('categories.summary.rename', { name: category.names.en }),
          changes: [
            {
              label: t(`categories.name.${fields.language}`),
              before: category.names[fields.language],
              after: fields.name,
            },
          ],
        };
      },
      perform: async (fields, context) => {
        await updateCategory(context.user.id, categoryId, fields.version, {
          kind: 'rename',
          language: fields.language,
          name: fields.name,
        });
        return pageOf(categoryId);
      },
    }),
    texts: intent({
      schema: texts,
      summary: async (fields, _context, t) => {
        const category = await categoryOf(categoryId);
        const before = category.texts[fields.language];
        // A language without texts of its own shows the fallback's: its "before" is empty.
        const was = (value: string) => (before.own ? value : '');
        return {
          title: t('categories.summary.texts', { name: category.names.en, language: fields.language }),
          changes: [
            { label: t('categories.textName'), before: was(before.name), after: fields.name },
            { label: t('categories.description'), before: was(before.description), after: fields.description },
            { label: t('categories.metaTitle'), before: was(before.metaTitle), after: fields.metaTitle },
            {
              label: t('categories.metaDescription'),
              before: was(before.metaDescription),
              after: fields.metaDescription,
            },
            {
              label: t('categories.keywords'),
              before: was(before.keywords.join(', ')),
              after: keywordsOf(fields.keywords).join(', '),
            },
          ].filter((row) => row.before !== row.after),
        };
      },
      perform: async (fields, context) => {
        await updateCategory(context.user.id, categoryId, fields.version, {
          kind: 'texts',
          texts: { ...fields, keywords: keywordsOf(fields.keywords) },
        }).catch((error: unknown) => {
          throw asFormFields(error);
        });
        return pageOf(categoryId, fields.language);
      },
    }),
    move: intent({
      schema: move,
      summary: async (fields, _context, t) => {
        const category = await categoryOf(categoryId);
        const parent = fields.parentId ? await categoryOf(fields.parentId) : null;
        return {
          title: t('categories.summary.move', { name: category.names.en }),
          changes: [
            {
              label: t('categories.path'),
              before: category.path.join(' › '),
              after: [...(parent?.path ?? []), category.names.en].join(' › '),
            },
          ],
        };
      },
      perform: async (fields, context) => {
        await updateCategory(context.user.id, categoryId, fields.version, { kind: 'move', parentId: fields.parentId });
        return pageOf(categoryId);
      },
    }),
    map: intent({
      schema: map,
      summary: async (fields, _context, t) => {
        const category = await categoryOf(categoryId);
        return {
          title: t('categories.summary.map', { name: category.names.en }),
          changes: [
            {
              label: t('categories.google'),
              before: String(category.googleProductCategoryId || ''),
              after: String(fields.googleProductCategoryId || ''),
            },
          ],
        };
      },
      perform: async (fields, context) => {
        await updateCategory(context.user.id, categoryId, fields.version, {
          kind: 'map',
          googleProductCategoryId: fields.googleProductCategoryId,
        });
        return pageOf(categoryId);
      },
    }),
    delete: intent({
      schema: remove,
      destructive: true,
      summary: async (_fields, _context, t) => {
        const category = await categoryOf(categoryId);
        return {
          title: t('categories.summary.delete', { name: category.names.en }),
          changes: [{ label: t('categories.path'), before: category.path.join(' › '), after: '' }],
        };
      },
      perform: async (fields, context) => {
        await deleteCategory(context.user.id, categoryId, fields.version);
        return `${panelPath('shopping', 'categories')}?done=1`;
      },
    }),
  };
}
