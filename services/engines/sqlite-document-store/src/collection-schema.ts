import type { IndexSpec } from '@pc/kit/ports/document-store';
import { indexKeyColumn, resolveField } from './field-path.js';

/** The quoted table of a collection; `c_` keeps collections apart from internal `_pc_` tables. */
export function tableName(collection: string): string {
  return `"c_${collection}"`;
}

/** The quoted table of a collection's side fields (side-rows.ts). */
export function sideTableName(collection: string): string {
  return `"s_${collection}"`;
}

/**
 * The table: `_id` is the primary key, `doc` the JSON text without `_id` and `_version`, `side` 1
 * when the document has side fields in the side table (NULL otherwise).
 * A rowid table rather than WITHOUT ROWID: documents are often larger than the ~200 bytes below
 * which SQLite recommends WITHOUT ROWID, and interior b-tree pages would then hold whole rows.
 */
export function tableDdl(collection: string): string {
  return `CREATE TABLE IF NOT EXISTS ${tableName(collection)} (
    _id TEXT PRIMARY KEY NOT NULL,
    version INTEGER NOT NULL,
    doc TEXT NOT NULL,
    side INTEGER
  )`;
}

/**
 * The side fields of the documents whose `side` is 1, as one JSON object text per document, with
 * the version of the document they were written with.
 */
export function sideTableDdl(collection: string): string {
  return `CREATE TABLE IF NOT EXISTS ${sideTableName(collection)} (
    _id TEXT PRIMARY KEY NOT NULL,
    version INTEGER NOT NULL,
    doc TEXT NOT NULL
  )`;
}

/**
 * An index on the index columns of the fields (index-columns.ts). Non-unique indexes end with
 * `_id`, so a query sorted by the fields with the `_id` tiebreak reads the index in order without
 * sorting. The name spells out the definition: a changed spec gets a new index, an unchanged one
 * is kept. Indexes dropped from a spec stay (as in MongoDB); removing one is a deliberate migration.
 */
export function indexDdl(collection: string, index: IndexSpec): string {
  const columns = indexKeyColumns(index);
  if (!index.unique) columns.push('_id');
  const unique = index.unique ? 'UNIQUE ' : '';
  return `CREATE ${unique}INDEX IF NOT EXISTS "${indexName(collection, index)}" ON ${tableName(collection)} (${columns.join(', ')})`;
}

/** The columns an index is built on, in order (without the `_id` tiebreak). */
export function indexKeyColumns(index: IndexSpec): string[] {
  return index.fields.map((path) => indexKeyColumn(resolveField(path, 'index')));
}

/**
 * The index's name (unquoted), e.g. `cx_offers(shopId,active)`, `cux_…` when unique. The prefix
 * differs from the expression indexes of the older layout (`ix_`, `ux_`, see legacyIndexName), so
 * the two never share a name.
 */
export function indexName(collection: string, index: IndexSpec): string {
  return `${index.unique ? 'cux' : 'cx'}_${collection}(${index.fields.join(',')})`;
}

/** The name the older layout gave the expression index of the same spec. */
export function legacyIndexName(collection: string, index: IndexSpec): string {
  return `${index.unique ? 'ux' : 'ix'}_${collection}(${index.fields.join(',')})`;
}
