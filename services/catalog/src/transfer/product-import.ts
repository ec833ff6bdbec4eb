import type { ImportEntity } from '@pc/jobs/data-import';
import { columnsByPrefix, inColumns, listColumn, textColumn, type ImportRow } from '@pc/jobs/import-columns';
import type { UpdateProductRequest } from '@pc/proto/catalog/v1/catalog';
import { ProductStatus, type ProductFeature, type ProductText } from '@pc/proto/catalog/v1/types';
import type { CatalogAdmin } from '../catalog-components.js';
import { productIdFromSegment } from '../domain/ids.js';
import { galleryFromUrls } from '../domain/product-images.js';
import { readProductUpdate, type ProductUpdateInput } from '../product-edits/product-update-input.js';
import { importedWrite } from './imported-write.js';

const STATUSES: Readonly<Record<string, ProductStatus>> = {
  active: ProductStatus.PRODUCT_STATUS_ACTIVE,
  hidden: ProductStatus.PRODUCT_STATUS_HIDDEN,
};

/** UpdateProduct's field names as the upload's columns. */
const columnOf = columnsByPrefix({
  product_id: 'id',
  'texts[0].name': 'name',
  'texts[0].description': 'description',
  'texts[0].language': 'language',
  texts: 'language',
  gtins: 'gtins',
  images: 'images',
  features: 'attributes',
});

/**
 * Products as the import reads them: `id` (required, an existing product) and any of `language`
 * (of name and description, default en), `name`, `description`, `brand_id`, `category_id`, `mpn`,
 * `manufacturer`, `gtins` and `images` (white-space separated in a CSV, arrays in JSON Lines),
 * `attributes` ("name: value" items separated by `|`, or objects {group, name, value}), `status`
 * (active or hidden). A column left out, or an empty CSV cell, leaves the field as it is; `images`,
 * `gtins` and `attributes` replace the whole list (`[]` in JSON Lines empties it). The export's other columns (slug, brand, category, dates,
 * version) are read-only and ignored. Each row is UpdateProduct's request, checked by its rules
 * and applied by its writer (ProductChanged, audit), so an import can do nothing the product
 * page could not; a row that changes nothing writes nothing, so a second run is a no-op.
 */
export function productImport(admin: CatalogAdmin): ImportEntity<ProductUpdateInput> {
  return {
    entity: 'products',
    panel: 'shopping',
    check: (row) =>
      inColumns(columnOf, async () => {
        const input = readProductUpdate(await updateRequest(admin, row));
        await admin.productUpdater.check(input);
        return input;
      }),
    // One row per product and language: a second would silently win over the first.
    key: (input) => ({ field: 'id', value: [input.productId, ...Object.keys(input.update.texts)].join(' ') }),
    apply: async (input, actorUserId) => {
      const row = { actorUserId, entityType: 'product', entityId: input.productId };
      await importedWrite(admin, row, await admin.products.get(input.productId), () =>
        admin.productUpdater.update(input),
      );
    },
  };
}

/** The row as an UpdateProduct request; the current product fills what a partial row leaves out. */
async function updateRequest(admin: CatalogAdmin, row: ImportRow): Promise<UpdateProductRequest> {
  const productId = textColumn(row, 'id') ?? '';
  const current = productId ? await admin.products.get(productIdFromSegment(productId.trim())) : null;
  const language = (textColumn(row, 'language') ?? 'en').trim().toLowerCase();
  const name = textColumn(row, 'name');
  const description = textColumn(row, 'description');
  const texts: ProductText[] =
    name === undefined && description === undefined
      ? []
      : [
          {
            language,
            name: name ?? current?.texts[language]?.name ?? '',
            description: description ?? current?.texts[language]?.description ?? '',
          },
        ];
  const gtins = listColumn(row, 'gtins');
  const images = listColumn(row, 'images');
  const attributes = attributesOf(row);
  const status = textColumn(row, 'status');
  return {
    productId,
    actorUserId: '',
    expectedVersion: 0,
    texts,
    brandId: textColumn(row, 'brand_id'),
    categoryId: textColumn(row, 'category_id'),
    mpn: textColumn(row, 'mpn'),
    manufacturer: textColumn(row, 'manufacturer'),
    replaceGtins: gtins !== undefined,
    gtins: gtins ?? [],
    replaceImages: images !== undefined,
    images: images === undefined ? [] : galleryFromUrls(images, current?.images ?? []),
    replaceFeatures: attributes !== undefined,
    features: attributes ?? [],
    status:
      status === undefined
        ? undefined
        : (STATUSES[status.trim().toLowerCase()] ?? ProductStatus.PRODUCT_STATUS_UNSPECIFIED),
    language,
  };
}

/** `attributes`: objects {group, name, value} (JSON Lines) or "name: value" items split by `|`. */
function attributesOf(row: ImportRow): ProductFeature[] | undefined {
  const value = row.attributes;
  if (value === undefined || value === null || value === '') return undefined;
  const items: unknown[] = Array.isArray(value)
    ? value
    : String(value)
        .split('|')
        .filter((item) => item.trim());
  return items.map((item) => {
    if (item !== null && typeof item === 'object') {
      const fields = item as Record<string, unknown>;
      const text = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string) : '');
      return { group: text('group'), name: text('name'), value: text('value') };
    }
    const [name = '', ...rest] = String(item).split(':');
    return { group: '', name, value: rest.join(':') };
  });
}
