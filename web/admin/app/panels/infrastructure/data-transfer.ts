/** What the data area exports (ADR 055), and in which formats: one entry here and a source in `EXPORT_SOURCES`. */
export const EXPORT_ENTITIES = ['products', 'brands', 'categories', 'shops', 'offers', 'ecotip-ledger'] as const;
export type ExportEntity = (typeof EXPORT_ENTITIES)[number];
export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What it imports, and the service that owns (checks, applies and audits) each. */
export const IMPORT_ENTITIES = {
  products: 'catalog',
  brands: 'catalog',
  categories: 'catalog',
  shops: 'offers',
} as const;
export type ImportEntity = keyof typeof IMPORT_ENTITIES;

/**
 * The columns each import reads (the owning service's import documents each; the others of its
 * export are ignored), shown beside the upload so a file can be prepared without the docs.
 */
export const IMPORT_COLUMNS: Readonly<Record<ImportEntity, readonly string[]>> = {
  products: [
    'id',
    'language',
    'name',
    'description',
    'brand_id',
    'category_id',
    'mpn',
    'manufacturer',
    'gtins',
    'images',
    'attributes',
    'status',
  ],
  brands: ['id', 'name', 'slug', 'homepage_url', 'logo_url'],
  categories: [
    'id',
    'parent_id',
    'language',
    'name',
    'description',
    'position',
    'image_url',
    'google_product_category_id',
  ],
  shops: [
    'name',
    'homepage_url',
    'countries',
    'company',
    'commercial_register_number',
    'email',
    'phone',
    'address_line1',
    'address_line2',
    'zip_code',
    'city',
    'country',
    'feed_url',
  ],
};

export const isExportEntity = (value: string): value is ExportEntity =>
  (EXPORT_ENTITIES as readonly string[]).includes(value);
export const isExportFormat = (value: string): value is ExportFormat =>
  (EXPORT_FORMATS as readonly string[]).includes(value);
export const isImportEntity = (value: string): value is ImportEntity => value in IMPORT_ENTITIES;
