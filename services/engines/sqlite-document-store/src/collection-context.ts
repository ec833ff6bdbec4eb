import type { Database, Statement } from 'better-sqlite3';
import { ArrayPathRegistry } from './array-paths.js';
import { ValueTypeRegistry } from './value-types.js';
import { tableName } from './collection-schema.js';
import type { GroupCommit } from './group-commit.js';
import { IndexedRows } from './indexed-rows.js';
import type { OutboxRows } from './outbox-rows.js';
import { SideRows } from './side-rows.js';
import type { StatementCache } from './statement-cache.js';
import type { ValueKinds } from './filter-sql.js';

export interface Row {
  readonly id: string;
  readonly version: number;
  readonly doc: string;
  /** 1 when the document has fields in the side table. */
  readonly side: number | null;
}

/** What the operations of one collection share: its statements and its transactions. */
export interface CollectionContext {
  readonly name: string;
  readonly table: string;
  readonly statements: StatementCache;
  readonly arrayPaths: ArrayPathRegistry;
  readonly valueTypes: ValueTypeRegistry;
  /** Rows with their index columns: what writes go through. */
  readonly rows: IndexedRows;
  /** The spec's side fields: what writes move to `sides`, and what queries may not name. */
  readonly sideFields: ReadonlySet<string>;
  readonly sides: SideRows;
  /** The store's outbox, shared by its collections (`PutOptions.outbox`). */
  readonly outbox: OutboxRows;
  readonly selectRow: Statement<[string], Row>;
  readonly selectVersion: Statement<[string], number>;
  readonly remove: Statement<[string]>;
  /**
   * Runs `fn` holding the database write lock (BEGIN IMMEDIATE), so reads in it stay true, in a
   * savepoint of the next group commit; settles once that committed.
   */
  write<R>(fn: () => R): Promise<R>;
  /** Runs `fn` on one snapshot (deferred read transaction). */
  read<R>(fn: () => R): R;
  /** Inside `read`: the array paths and value kinds of that snapshot, for compiling a filter. */
  queryFlags(): { readonly arrayPaths: ReadonlySet<string>; readonly kinds: ValueKinds };
}

export function createCollectionContext(
  db: Database,
  name: string,
  sideFields: readonly string[],
  statements: StatementCache,
  commits: GroupCommit,
  dataVersion: () => number,
  outbox: OutboxRows,
): CollectionContext {
  const table = tableName(name);
  const arrayPaths = new ArrayPathRegistry(db, name);
  const valueTypes = new ValueTypeRegistry(db, name);
  const transaction = db.transaction((fn: () => unknown) => fn());
  const rows = new IndexedRows(db, table, statements);
  return {
    name,
    table,
    statements,
    arrayPaths,
    valueTypes,
    rows,
    sideFields: new Set(sideFields),
    sides: new SideRows(db, name),
    outbox,
    selectRow: db.prepare<[string], Row>(`SELECT _id AS id, version, doc, side FROM ${table} WHERE _id = ?`),
    selectVersion: db.prepare<[string], number>(`SELECT version FROM ${table} WHERE _id = ?`).pluck(),
    remove: db.prepare(`DELETE FROM ${table} WHERE _id = ?`),
    write<R>(fn: () => R): Promise<R> {
      // A rolled-back write may have staged array-path and value-kind flags: dropping every staged
      // flag is safe (a flag the table holds is just inserted again, idempotently, by the next writer).
      const run = () => {
        rows.sync();
        return fn();
      };
      const undo = () => {
        arrayPaths.rolledBack();
        valueTypes.rolledBack();
      };
      const committed = () => {
        arrayPaths.committed();
        valueTypes.committed();
      };
      return commits.submit(run, { undo, committed });
    },
    read<R>(fn: () => R): R {
      return transaction.deferred(fn) as R;
    },
    queryFlags() {
      // The first statement of the transaction: it fixes the snapshot the flags are of.
      const version = dataVersion();
      return { arrayPaths: arrayPaths.current(version), kinds: valueTypes.current(version) };
    },
  };
}
