import type { Database, Statement } from 'better-sqlite3';
import { CommittedReadCache } from './committed-read-cache.js';
import { StagedFlags } from './staged-flags.js';

// Mongo's "multikey" idea: a collection remembers every field path at which some document ever
// held an array. Filters on other paths compile to plain comparisons (of the index column, when
// the path has one) that the indexes serve; only paths in this set pay for the json_each walk
// that gives the "any element matches" semantics. The set only grows (as Mongo's multikey flag).

const SEGMENT = /^[A-Za-z0-9_]+$/;

export const ARRAY_PATHS_TABLE = '_pc_array_paths';

export const ARRAY_PATHS_DDL = `CREATE TABLE IF NOT EXISTS ${ARRAY_PATHS_TABLE} (
  collection TEXT NOT NULL,
  path TEXT NOT NULL,
  PRIMARY KEY (collection, path)
) WITHOUT ROWID`;

/** Adds to `out` the dotted paths (through arrays of objects too) that hold an array. */
export function collectArrayPaths(value: unknown, prefix: string, out: Set<string>): void {
  if (typeof value !== 'object' || value === null) return;
  // Runs on every write, often over long arrays of small objects (price points): no per-key
  // allocation, and the key check only for the few keys that hold an object.
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const child = record[key];
    if (typeof child !== 'object' || child === null) continue;
    // A key a filter could never name needs no flag.
    if (!SEGMENT.test(key)) continue;
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (Array.isArray(child)) {
      out.add(path);
      for (const item of child) {
        if (typeof item === 'object' && item !== null && !Array.isArray(item)) collectArrayPaths(item, path, out);
      }
    } else {
      collectArrayPaths(child, path, out);
    }
  }
}

export class ArrayPathRegistry {
  private readonly flags: StagedFlags;
  private readonly insert: Statement<[string, string]>;
  private readonly select: Statement<[string], string>;
  private readonly paths: CommittedReadCache<ReadonlySet<string>>;

  constructor(
    db: Database,
    private readonly collection: string,
  ) {
    this.insert = db.prepare('INSERT OR IGNORE INTO _pc_array_paths (collection, path) VALUES (?, ?)');
    this.select = db.prepare<[string], string>('SELECT path FROM _pc_array_paths WHERE collection = ?').pluck();
    this.flags = new StagedFlags(this.select.all(collection));
    this.paths = new CommittedReadCache(() => new Set(this.select.all(this.collection)));
  }

  /** Call inside the write transaction of the document, so the flag commits with it. */
  record(doc: unknown): void {
    const found = new Set<string>();
    collectArrayPaths(doc, '', found);
    for (const path of found) if (this.flags.stage(path)) this.insert.run(this.collection, path);
  }

  committed(): void {
    if (this.flags.committed()) this.paths.invalidate();
  }

  rolledBack(): void {
    this.flags.rolledBack();
  }

  /**
   * Read inside the query's read transaction, with its `PRAGMA data_version`: another process may
   * have flagged a path since, and a stale set would compile a filter that misses its array
   * documents.
   */
  current(dataVersion: number): ReadonlySet<string> {
    return this.paths.get(dataVersion);
  }
}
