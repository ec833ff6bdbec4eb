import type { ImportEntity } from '@pc/jobs/data-import';
import { columnsByPrefix, inColumns, numberColumn, textColumn, type ImportRow } from '@pc/jobs/import-columns';
import type { CategoryTranslation } from '@pc/proto/catalog/v1/types';
import {
  readCategoryUpdate,
  readNewCategory,
  type CategoryUpdateInput,
  type NewCategoryInput,
} from '../categories/category-input.js';
import type { CatalogAdmin } from '../catalog-components.js';
import type { CategoryText } from '../domain/category.js';
import { importedWrite } from './imported-write.js';

/** A checked row: a new category, or a change of an existing one. */
export type CategoryImportRow =
  | { readonly kind: 'create'; readonly input: NewCategoryInput }
  | { readonly kind: 'update'; readonly input: CategoryUpdateInput };

/** CreateCategory's and UpdateCategory's field names as the upload's columns. */
const columnOf = columnsByPrefix({
  category_id: 'id',
  'translations[0].name': 'name',
  'translations[0].description': 'description',
  'translations[0].language': 'language',
  translations: 'name',
});

/**
 * Categories as the import reads them — the columns the export writes: `id`, `parent_id`, `name`,
 * `google_product_category_id`, and besides `language` (of name and description, default en),
 * `description`, `position`, `image_url`. A row with an `id` changes that category (a column left
 * out stays as it is; `parent_id` moves it); a row without creates one under `parent_id` (an
 * existing category, empty for a root) and needs the English name. Each row is checked by
 * CreateCategory's or UpdateCategory's own rules and written by their writers (audit), so a second
 * run of a file that created categories reports each as existing under its parent rather than
 * creating it twice; a change that is already in place writes nothing.
 */
export function categoryImport(admin: CatalogAdmin): ImportEntity<CategoryImportRow> {
  return {
    entity: 'categories',
    panel: 'shopping',
    check: (row) =>
      inColumns(columnOf, async (): Promise<CategoryImportRow> => {
        const categoryId = textColumn(row, 'id');
        if (categoryId === undefined) {
          const input = readNewCategory({
            actorUserId: '',
            parentId: textColumn(row, 'parent_id') ?? '',
            translations: translationsOf(row, undefined),
            position: numberColumn(row, 'position') ?? 0,
            imageUrl: textColumn(row, 'image_url') ?? '',
            googleProductCategoryId: numberColumn(row, 'google_product_category_id') ?? 0,
            language: '',
          });
          await admin.categoryCreator.check(input);
          return { kind: 'create', input };
        }
        const current = await admin.categories.get(categoryId.trim());
        const input = readCategoryUpdate({
          categoryId,
          actorUserId: '',
          expectedVersion: 0,
          translations: translationsOf(row, current?.texts),
          parentId: row.parent_id === undefined ? undefined : (textColumn(row, 'parent_id') ?? ''),
          position: numberColumn(row, 'position'),
          imageUrl: textColumn(row, 'image_url'),
          googleProductCategoryId: numberColumn(row, 'google_product_category_id'),
          language: '',
          // The row's translation carries the language's whole text (translationsOf).
          replaceTranslations: true,
        });
        await admin.categoryUpdater.check(input);
        return { kind: 'update', input };
      }),
    key: (row) =>
      row.kind === 'create'
        ? { field: 'name', value: `${row.input.parentId}/${row.input.texts.en?.slug ?? ''}` }
        : { field: 'id', value: [row.input.categoryId, ...Object.keys(row.input.texts)].join(' ') },
    apply: async (row, actorUserId) => {
      if (row.kind === 'create') {
        const created = await admin.categoryCreator.create(row.input);
        // Recorded after the write, as CreateCategory does: the id is known only now.
        const entry = { actorUserId, entityType: 'category', entityId: created._id };
        await importedWrite(admin, entry, null, async () => created);
        return;
      }
      const { input } = row;
      const entry = { actorUserId, entityType: 'category', entityId: input.categoryId };
      await importedWrite(admin, entry, await admin.categories.get(input.categoryId), () =>
        admin.categoryUpdater.update(input),
      );
    },
  };
}

/**
 * The row's name and description in its language; none when it gives neither. The translation
 * replaces the language's texts (replace_translations), so what the row leaves out (the other one,
 * the metas) is the category's current text.
 */
function translationsOf(
  row: ImportRow,
  current: Readonly<Record<string, CategoryText>> | undefined,
): CategoryTranslation[] {
  const name = textColumn(row, 'name');
  const description = textColumn(row, 'description');
  if (name === undefined && description === undefined) return [];
  const language = (textColumn(row, 'language') ?? 'en').trim().toLowerCase();
  const text = current?.[language];
  return [
    {
      language,
      name: name ?? text?.name ?? '',
      description: description ?? text?.description ?? '',
      meta: text?.meta && { ...text.meta, keywords: [...text.meta.keywords] },
    },
  ];
}
