import type { Database } from 'better-sqlite3';
import type { IndexSpec } from '@pc/kit/ports/document-store';
import { ARRAY_PATHS_TABLE } from './array-paths.js';
import { indexKeyColumns, indexName, tableName } from './collection-schema.js';

/** Rows read to estimate one collection's statistics: a few milliseconds at any table size. */
export const SAMPLE_ROWS = 2000;

/**
 * Keeps SQLite's planner statistics (`sqlite_stat1`) for a collection's indexes, estimated from
 * a random sample of rows.
 *
 * Without statistics SQLite guesses from the shape of a query, and guesses wrong where it counts:
 * `{ shopId, active: true, lastSeenAt: { $gte } }` went through the index (active, lastSeenAt),
 * a scan of every active offer, instead of (shopId, active, …). `ANALYZE` fixes that but reads
 * every index in full while holding the write lock (seconds at millions of rows), and its
 * `analysis_limit` shortcut reads only the start of each index, which misjudges low-cardinality
 * leading columns badly. A uniform sample is cheap and unbiased; the number of distinct values
 * is extrapolated with the GEE estimator (Charikar et al., 2000), good to a small factor, which
 * is all the planner needs.
 */
/** Returns the table's row count. */
export function refreshIndexStatistics(db: Database, collection: string, indexes: readonly IndexSpec[]): number {
  if (indexes.length === 0) return 0;
  const table = tableName(collection);
  const columns = indexes.map(indexKeyColumns);
  const rows = Number(db.prepare(`SELECT count(*) FROM ${table}`).pluck().get());
  if (rows === 0) return 0;
  const sample = sampleRows(db, table, [...new Set(columns.flat())], rows);
  ensureStatTable(db);
  const remove = db.prepare('DELETE FROM sqlite_stat1 WHERE tbl = ? AND idx = ?');
  const insert = db.prepare('INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)');
  const bare = table.slice(1, -1);
  db.transaction(() => {
    indexes.forEach((index, i) => {
      const name = indexName(collection, index);
      const perPrefix = columns[i]!.map((_, k) => rowsPerValue(sample, columns[i]!.slice(0, k + 1), rows));
      // Non-unique indexes end with _id (collection-schema.ts): one row per full key.
      const stat = [rows, ...perPrefix, ...(index.unique ? [] : [1])].join(' ');
      remove.run(bare, name);
      insert.run(bare, name, stat);
    });
  })();
  // Loads the new figures into this connection's planner.
  db.exec('ANALYZE sqlite_schema');
  return rows;
}

/**
 * The row count behind the statistics stored for every index of the collection, while they still
 * describe the table: its highest rowid (read from the end of its b-tree, unlike a count, which
 * reads a whole index: tens of seconds for a cold table of millions of rows) is at least that count
 * and at most twice it. null when an index has none, or the table grew or shrank since.
 */
export function storedStatisticsRows(db: Database, collection: string, indexes: readonly IndexSpec[]): number | null {
  if (indexes.length === 0 || !statTableExists(db)) return null;
  const table = tableName(collection);
  const stats = db.prepare('SELECT idx, stat FROM sqlite_stat1 WHERE tbl = ?').all(table.slice(1, -1)) as {
    idx: string;
    stat: string;
  }[];
  const rowsByIndex = new Map(stats.map(({ idx, stat }) => [idx, Number(String(stat).split(' ')[0])]));
  const counts = indexes.map((index) => rowsByIndex.get(indexName(collection, index)));
  const rows = counts[0];
  if (rows === undefined || !(rows > 0) || counts.some((count) => count !== rows)) return null;
  const maxRowid = Number(db.prepare(`SELECT max(rowid) FROM ${table}`).pluck().get() ?? 0);
  return maxRowid >= rows && maxRowid <= 2 * rows ? rows : null;
}

type SampleRow = Readonly<Record<string, unknown>>;

/** Up to SAMPLE_ROWS rows picked uniformly by rowid (all rows of a small table). */
function sampleRows(db: Database, table: string, expressions: readonly string[], rows: number): SampleRow[] {
  const select = expressions.map((expression, i) => `${expression} AS c${i}`).join(', ');
  const rename = (row: Record<string, unknown>): SampleRow =>
    Object.fromEntries(expressions.map((expression, i) => [expression, row[`c${i}`]]));
  if (rows <= SAMPLE_ROWS)
    return (db.prepare(`SELECT ${select} FROM ${table}`).all() as Record<string, unknown>[]).map(rename);
  const maxRowid = Number(db.prepare(`SELECT max(rowid) FROM ${table}`).pluck().get());
  const byRowid = db.prepare(`SELECT ${select} FROM ${table} WHERE rowid = ?`);
  const picked = new Set<number>();
  const sample: SampleRow[] = [];
  // Deleted rows leave holes in the rowids: try a bounded number of times.
  for (let tries = 0; sample.length < SAMPLE_ROWS && tries < SAMPLE_ROWS * 4; tries++) {
    const rowid = 1 + Math.floor(Math.random() * maxRowid);
    if (picked.has(rowid)) continue;
    picked.add(rowid);
    const row = byRowid.get(rowid) as Record<string, unknown> | undefined;
    if (row) sample.push(rename(row));
  }
  return sample;
}

/** Average rows per distinct value of the column prefix: `rows / estimated distinct values`. */
export function rowsPerValue(sample: readonly SampleRow[], prefix: readonly string[], rows: number): number {
  if (sample.length === 0) return 1;
  const frequency = new Map<string, number>();
  for (const row of sample) {
    const key = JSON.stringify(prefix.map((expression) => row[expression] ?? null));
    frequency.set(key, (frequency.get(key) ?? 0) + 1);
  }
  const distinct = frequency.size;
  const singletons = [...frequency.values()].filter((count) => count === 1).length;
  const estimated =
    sample.length >= rows
      ? distinct
      : Math.min(rows, Math.sqrt(rows / sample.length) * singletons + (distinct - singletons));
  return Math.max(1, Math.round(rows / Math.max(1, estimated)));
}

/** `sqlite_stat1` is created by ANALYZE; analysing the tiny internal table is the cheap way to get it. */
function ensureStatTable(db: Database): void {
  if (!statTableExists(db)) db.exec(`ANALYZE ${ARRAY_PATHS_TABLE}`);
}

function statTableExists(db: Database): boolean {
  return db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1'").get() !== undefined;
}
