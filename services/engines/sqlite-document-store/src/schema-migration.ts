import type { Database } from 'better-sqlite3';
import type { IndexSpec } from '@pc/kit/ports/document-store';
import { indexDdl, legacyIndexName, sideTableDdl, tableDdl, tableName } from './collection-schema.js';
import { jsonPathLiteral } from './field-path.js';
import { indexColumnName, indexedPaths, tableColumns, tableIndexColumns } from './index-columns.js';
import { backfillValueTypes } from './value-types.js';

/**
 * Creates a collection's table, its side table and declared indexes, or brings an existing table
 * up to them: adds the `side` column to a table that predates side fields, adds the missing index
 * columns (index-columns.ts) and fills them from the documents, creates the column indexes and
 * drops the expression index the older layout kept for the same spec. Expression indexes of specs
 * no longer declared stay, as any undeclared index does (collection-schema.ts).
 *
 * Idempotent, and in one IMMEDIATE transaction: another process may be opening the same collection
 * at the same time, and its writes must never see a column that exists but is not filled yet.
 */
export function migrateCollection(db: Database, collection: string, indexes: readonly IndexSpec[]): void {
  const table = tableName(collection);
  db.transaction(() => {
    db.exec(tableDdl(collection));
    // Every collection has one, declared side fields or not: any reader must be able to read a
    // row flagged by a writer that declared them.
    db.exec(sideTableDdl(collection));
    if (!tableColumns(db, table).includes('side')) db.exec(`ALTER TABLE ${table} ADD COLUMN side INTEGER`);
    const present = new Set(tableIndexColumns(db, table));
    const added = indexedPaths(indexes).filter((path) => !present.has(path));
    // No declared type: the column keeps what it is given (TEXT affinity would turn numbers to text).
    for (const path of added) db.exec(`ALTER TABLE ${table} ADD COLUMN ${indexColumnName(path)}`);
    // Dropped before the backfill, which then maintains no index at all.
    for (const index of indexes) db.exec(`DROP INDEX IF EXISTS "${legacyIndexName(collection, index)}"`);
    if (added.length > 0) {
      const set = added.map(
        (path) => `${indexColumnName(path)} = json_extract(doc, ${jsonPathLiteral(path.split('.'))})`,
      );
      db.exec(`UPDATE ${table} SET ${set.join(', ')}`);
    }
    for (const index of indexes) db.exec(indexDdl(collection, index));
    // Every column, not only those added: a table of an older layout has columns but no kinds yet.
    backfillValueTypes(db, table, collection, tableIndexColumns(db, table));
  }).immediate();
}
