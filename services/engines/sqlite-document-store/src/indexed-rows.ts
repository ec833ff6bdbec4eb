import type { Database, Statement } from 'better-sqlite3';
import {
  bindable,
  columnValueOf,
  indexColumnName,
  indexedJsonValue,
  tableIndexColumns,
  type ColumnValue,
} from './index-columns.js';
import { valueKind, type ValueKind } from './value-types.js';
import type { StatementCache } from './statement-cache.js';

/** A stored row as a write needs it: its version, its JSON (when asked for) and its index columns. */
export interface RowState {
  readonly version: number;
  readonly doc: string;
  /** The row has side fields (side-rows.ts). */
  readonly side: boolean;
  readonly columns: readonly ColumnValue[];
}

/**
 * Reads and writes rows together with their index columns (index-columns.ts). An update sets only
 * the columns whose value changed: SQLite then leaves alone every index none of whose columns is
 * set, which is the whole point of the columns.
 *
 * The columns are those the table has, not those this process declared: another process may open
 * the collection with more indexes, and its columns must stay true whoever writes. Each write
 * first checks the schema version (under the write lock, so the answer holds until it commits)
 * and reloads the columns when the schema changed.
 */
export class IndexedRows {
  private readonly schemaVersion: Statement<[], number>;
  private seenSchemaVersion = -1;
  /** The table's index-column paths, in column order. */
  paths: readonly string[] = [];
  private segments: readonly (readonly string[])[] = [];
  private names: readonly string[] = [];
  private selectWithDoc!: Statement<[string], unknown[]>;
  private selectWithoutDoc!: Statement<[string], unknown[]>;
  private insertRow!: Statement<unknown[]>;
  /** Paths with an index column, for queries. A stale set is safe: it only names fewer columns. */
  indexed: ReadonlySet<string> = new Set();

  constructor(
    private readonly db: Database,
    private readonly table: string,
    private readonly statements: StatementCache,
  ) {
    this.schemaVersion = db.prepare<[], number>('PRAGMA schema_version').pluck();
    this.sync();
  }

  /** Call at the start of every write, inside its transaction. */
  sync(): void {
    const version = this.schemaVersion.get()!;
    if (version === this.seenSchemaVersion) return;
    this.seenSchemaVersion = version;
    this.paths = tableIndexColumns(this.db, this.table);
    this.segments = this.paths.map((path) => path.split('.'));
    this.names = this.paths.map(indexColumnName);
    this.indexed = new Set(this.paths);
    const columns = this.names.map((name) => `, ${name}`).join('');
    this.selectWithDoc = this.db
      .prepare<[string], unknown[]>(`SELECT version, doc, side${columns} FROM ${this.table} WHERE _id = ?`)
      .raw();
    this.selectWithoutDoc = this.db
      .prepare<[string], unknown[]>(`SELECT version, '', side${columns} FROM ${this.table} WHERE _id = ?`)
      .raw();
    const placeholders = this.names.map(() => ', ?').join('');
    this.insertRow = this.db.prepare(
      `INSERT INTO ${this.table} (_id, version, doc, side${columns}) VALUES (?, 1, ?, ?${placeholders})`,
    );
  }

  /** The stored row, `doc` only when `withDoc` ('' otherwise: reading it costs its pages). */
  current(id: string, withDoc: boolean): RowState | undefined {
    const row = (withDoc ? this.selectWithDoc : this.selectWithoutDoc).get(id);
    if (!row) return undefined;
    return {
      version: row[0] as number,
      doc: row[1] as string,
      side: row[2] === 1,
      columns: row.slice(3) as ColumnValue[],
    };
  }

  /** The index column values of a document (the JS object the JSON was made from) and their JSON kinds. */
  columnsOf(doc: object): { values: ColumnValue[]; kinds: (ValueKind | null)[] } {
    const json = this.segments.map((segments) => indexedJsonValue(doc, segments));
    return { values: json.map(columnValueOf), kinds: json.map(valueKind) };
  }

  insert(id: string, json: string, side: boolean, columns: readonly ColumnValue[]): void {
    this.insertRow.run(id, json, side ? 1 : null, ...columns.map(bindable));
  }

  /** Sets version, doc and side, and only the index columns whose value differs from `before`. */
  update(
    id: string,
    version: number,
    json: string,
    side: boolean,
    columns: readonly ColumnValue[],
    before: readonly ColumnValue[],
  ): void {
    let set = '';
    const params: unknown[] = [version, json, side ? 1 : null];
    columns.forEach((value, i) => {
      // Values as read back: null is null, 1 (true) is 1, INTEGER and REAL both come back as numbers.
      if (value === before[i]) return;
      set += `, ${this.names[i]} = ?`;
      params.push(bindable(value));
    });
    params.push(id);
    // One cached statement per set of changed columns: a handful per collection in practice.
    this.statements.get(`UPDATE ${this.table} SET version = ?, doc = ?, side = ?${set} WHERE _id = ?`).run(...params);
  }
}
