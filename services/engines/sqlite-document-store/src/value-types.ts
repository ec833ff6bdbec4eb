import type { Database, Statement } from 'better-sqlite3';
import { jsonPathLiteral } from './field-path.js';
import { CommittedReadCache } from './committed-read-cache.js';
import { StagedFlags } from './staged-flags.js';

// An index column holds JSON true as 1 and an object as its JSON text, like json_extract, so a
// filter adds a json_type(doc, …) guard to keep Mongo's type bracketing (condition-sql.ts). The
// guard parses each candidate row's document, which turns an index-only count into a read of
// every matching document (offers' count of a shop's active offers: 63 ms instead of 1 ms at
// 11k offers). So a collection also remembers which kinds of JSON value each index column's path
// ever held; where a path only ever held the operand's kind, the guard cannot change the answer
// and is left out. Like the array paths, the set only grows.

/** JSON kinds that an index column cannot tell apart from each other by value alone. */
export type ValueKind = 'string' | 'number' | 'boolean' | 'container';

export const VALUE_TYPES_TABLE = '_pc_value_types';

/** A row of kind TRACKED marks a path whose kinds are all recorded (written since, or backfilled). */
const TRACKED = '*';

export const VALUE_TYPES_DDL = `CREATE TABLE IF NOT EXISTS ${VALUE_TYPES_TABLE} (
  collection TEXT NOT NULL,
  path TEXT NOT NULL,
  kind TEXT NOT NULL,
  PRIMARY KEY (collection, path, kind)
) WITHOUT ROWID`;

/** The kind of a value as JSON.stringify renders it (see indexedJsonValue); null for null and missing. */
export function valueKind(value: unknown): ValueKind | null {
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
      return Number.isFinite(value) ? 'number' : null;
    case 'boolean':
      return 'boolean';
    case 'object':
      return value === null ? null : 'container';
    default:
      return null;
  }
}

/**
 * Records, for a collection's index-column paths, the first time a path holds a new kind; the
 * rows join the write's transaction, so they commit (or roll back) with the document.
 */
export class ValueTypeRegistry {
  private readonly flags: StagedFlags;
  private readonly insert: Statement<[string, string, string]>;
  private readonly select: Statement<[string], { path: string; kind: string }>;
  private readonly kinds: CommittedReadCache<ReadonlyMap<string, ReadonlySet<ValueKind>>>;

  constructor(
    db: Database,
    private readonly collection: string,
  ) {
    this.insert = db.prepare(`INSERT OR IGNORE INTO ${VALUE_TYPES_TABLE} (collection, path, kind) VALUES (?, ?, ?)`);
    this.select = db.prepare(`SELECT path, kind FROM ${VALUE_TYPES_TABLE} WHERE collection = ?`);
    this.flags = new StagedFlags(this.select.all(collection).map(({ path, kind }) => `${path}\0${kind}`));
    this.kinds = new CommittedReadCache(() => this.load());
  }

  /** `kinds[i]` is the kind `paths[i]` holds in the document being written. */
  record(paths: readonly string[], kinds: readonly (ValueKind | null)[]): void {
    kinds.forEach((kind, i) => {
      if (kind === null) return;
      const path = paths[i] ?? '';
      if (this.flags.stage(`${path}\0${kind}`)) this.insert.run(this.collection, path, kind);
    });
  }

  committed(): void {
    if (this.flags.committed()) this.kinds.invalidate();
  }

  rolledBack(): void {
    this.flags.rolledBack();
  }

  /**
   * Path → kinds it ever held, for tracked paths only. Read inside the query's read transaction:
   * another process may have written a new kind since, and a stale set could drop a needed guard.
   * `dataVersion`: that transaction's `PRAGMA data_version`.
   */
  current(dataVersion: number): ReadonlyMap<string, ReadonlySet<ValueKind>> {
    return this.kinds.get(dataVersion);
  }

  private load(): ReadonlyMap<string, ReadonlySet<ValueKind>> {
    const rows = this.select.all(this.collection);
    const tracked = new Set(rows.filter((row) => row.kind === TRACKED).map((row) => row.path));
    const kinds = new Map<string, Set<ValueKind>>();
    for (const path of tracked) kinds.set(path, new Set());
    for (const { path, kind } of rows) if (kind !== TRACKED) kinds.get(path)?.add(kind as ValueKind);
    return kinds;
  }
}

/**
 * Records the kinds the stored documents hold at the given index-column paths and marks the
 * paths tracked; paths tracked already are skipped. Run in the migration's transaction, before
 * any write of this process, so no document escapes both the backfill and the write-time record.
 */
export function backfillValueTypes(db: Database, table: string, collection: string, paths: readonly string[]): void {
  const tracked = new Set(
    db
      .prepare<[string, string], string>(`SELECT path FROM ${VALUE_TYPES_TABLE} WHERE collection = ? AND kind = ?`)
      .pluck()
      .all(collection, TRACKED),
  );
  const untracked = paths.filter((path) => !tracked.has(path));
  if (untracked.length === 0) return;
  const insert = db.prepare(`INSERT OR IGNORE INTO ${VALUE_TYPES_TABLE} (collection, path, kind) VALUES (?, ?, ?)`);
  // One scan for all paths: the table may be gigabytes, read once (12 s for 463k offers here).
  const types = untracked.map((path) => `json_type(doc, ${jsonPathLiteral(path.split('.'))})`);
  for (const row of db
    .prepare<[], (string | null)[]>(`SELECT DISTINCT ${types.join(', ')} FROM ${table}`)
    .raw()
    .all()) {
    row.forEach((type, i) => {
      const kind = type === null ? null : kindOfJsonType(type);
      if (kind !== null) insert.run(collection, untracked[i] ?? '', kind);
    });
  }
  for (const path of untracked) insert.run(collection, path, TRACKED);
}

function kindOfJsonType(type: string): ValueKind | null {
  switch (type) {
    case 'text':
      return 'string';
    case 'integer':
    case 'real':
      return 'number';
    case 'true':
    case 'false':
      return 'boolean';
    case 'object':
    case 'array':
      return 'container';
    default:
      return null;
  }
}
