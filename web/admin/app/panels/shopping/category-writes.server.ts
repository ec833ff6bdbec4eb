import { data } from '@remix-run/node';
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
import { TEXT_LANGUAGES } from './text-languages';

const name = z.string().trim().max(200, 'field.tooLong');
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
const move = z.object({ version, parentId: z.string().trim().max(200).default('') });
const map = z.object({ version, googleProductCategoryId: googleId });
const remove = z.object({ version });

/** The category a page shows, named in the page's language (404 for an id catalog does not know). */
export async function categoryOf(categoryId: string): Promise<CategoryDetail> {
  const category = await categoryById(categoryId, 'en');
  if (!category) throw data({ notFound: true }, { status: 404 });
  return category;
}

const pageOf = (categoryId: string) =>
  `${panelPath('shopping', `categories/${encodeURIComponent(categoryId)}`)}?done=1`;

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

/** A category page's writes: rename in one language, move under another parent, map to a Google id, delete when empty. */
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
