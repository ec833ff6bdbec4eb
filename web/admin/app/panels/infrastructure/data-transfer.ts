/** What the data area exports (ADR 055), and in which formats. */
export const EXPORT_ENTITIES = ['products', 'brands', 'categories', 'shops', 'ecotip-ledger'] as const;
export type ExportEntity = (typeof EXPORT_ENTITIES)[number];
export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What it imports, and the service that owns (checks, applies and audits) each. */
export const IMPORT_ENTITIES = { brands: 'catalog' } as const;
export type ImportEntity = keyof typeof IMPORT_ENTITIES;

export const isExportEntity = (value: string): value is ExportEntity =>
  (EXPORT_ENTITIES as readonly string[]).includes(value);
export const isExportFormat = (value: string): value is ExportFormat =>
  (EXPORT_FORMATS as readonly string[]).includes(value);
export const isImportEntity = (value: string): value is ImportEntity => value in IMPORT_ENTITIES;
