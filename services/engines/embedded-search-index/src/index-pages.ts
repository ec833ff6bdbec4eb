import type { Database } from 'better-sqlite3';

/**
 * Bytes of the pages of index number `num`: its own tables, their indices and FTS5's shadow
 * tables (`ix<n>_fts_data`, `_idx`, `_docsize`, `_config`) — every b-tree of an `ix<n>_*` table.
 * `dbstat` reads every page of each b-tree (seconds for gigabytes), so callers run it off the
 * query thread (storage-thread.ts); `aggregate` sums a b-tree in SQLite instead of a row per page.
 */
export function indexPageBytes(db: Database, num: number): number {
  const trees = db
    .prepare<[string], string>(`SELECT name FROM sqlite_schema WHERE tbl_name LIKE ? ESCAPE '\\' AND rootpage > 0`)
    .pluck()
    .all(`ix${num}\\_%`);
  const pages = db.prepare<[string], number | null>(`SELECT pgsize FROM dbstat('main', 1) WHERE name = ?`).pluck();
  let bytes = 0;
  for (const tree of trees) bytes += Number(pages.get(tree) ?? 0);
  return bytes;
}
