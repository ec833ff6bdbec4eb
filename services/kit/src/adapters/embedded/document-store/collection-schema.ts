import type { IndexSpec } from '../../../ports/document-store.js';
import { fieldExpression, resolveField } from './field-path.js';

/** The quoted table of a collection; `c_` keeps collections apart from internal `_pc_` tables. */
export function tableName(collection: string): string {
  return `"c_${collection}"`;
}

/**
 * The table: `_id` is the primary key, `doc` the JSON text without `_id` and `_version`.
 * A rowid table rather than WITHOUT ROWID: documents are often larger than the ~200 bytes below
 * which SQLite recommends WITHOUT ROWID, and interior b-tree pages would then hold whole rows.
 */
export function tableDdl(collection: string): string {
  return `CREATE TABLE IF NOT EXISTS ${tableName(collection)} (
    _id TEXT PRIMARY KEY NOT NULL,
    version INTEGER NOT NULL,
    doc TEXT NOT NULL
  )`;
}

/**
 * An expression index on json_extract of each field. Non-unique indexes end with `_id`, so a
 * query sorted by the fields with the `_id` tiebreak reads the index in order without sorting.
 * The name spells out the definition: a changed spec gets a new index, an unchanged one is kept.
 * Indexes dropped from a spec stay (as in MongoDB); removing one is a deliberate migration.
 */
export function indexDdl(collection: string, index: IndexSpec): string {
  const columns = index.fields.map((path) => fieldExpression(resolveField(path, 'index'), ''));
  if (!index.unique) columns.push('_id');
  const unique = index.unique ? 'UNIQUE ' : '';
  return `CREATE ${unique}INDEX IF NOT EXISTS "${indexName(collection, index)}" ON ${tableName(collection)} (${columns.join(', ')})`;
}

/** The index's name (unquoted), e.g. `ix_offers(shopId,active)`. */
export function indexName(collection: string, index: IndexSpec): string {
  return `${index.unique ? 'ux' : 'ix'}_${collection}(${index.fields.join(',')})`;
}
