import type { Database } from 'better-sqlite3';
import { ftsColumnNames } from './fts-layout.js';
import type { SchemaPlan } from '@pc/kit/ports/support/search/schema-plan';

/** Table names of index number `num`: positional, so index names never reach SQL text. */
export function tableNames(num: number): {
  docs: string;
  fts: string;
  suggest: string;
  vocab: string;
  instances: string;
  changes: string;
  snapshot: string;
} {
  return {
    docs: `ix${num}_docs`,
    fts: `ix${num}_fts`,
    suggest: `ix${num}_suggest`,
    vocab: `ix${num}_vocab`,
    // FTS5's occurrences (term, doc, col, offset), read for relevance scoring; per connection, created when first needed.
    instances: `ix${num}_instances`,
    changes: `ix${num}_changes`,
    snapshot: `ix${num}_snapshot`,
  };
}

/**
 * `docs` is the source of truth (the JSON as given, plus `vals`: the keyword and number values
 * in schema order, small enough to load into memory at open; `texts_hash`: what the FTS row was
 * built from, so an update that changes no text, such as a new price, skips the FTS rewrite). The FTS table is contentless: it
 * keeps only the inverted index of the analysed text, never a second copy of it.
 * `contentless_delete` lets upserts replace rows; `tokenize='ascii'` splits on the spaces we
 * join terms with and leaves non-ASCII terms alone, so FTS5 sees exactly our analysed terms.
 */
export function createIndexTables(db: Database, num: number, plan: SchemaPlan): void {
  const t = tableNames(num);
  db.exec(`CREATE TABLE IF NOT EXISTS ${t.docs} (
    rowid INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    doc TEXT NOT NULL,
    vals TEXT NOT NULL,
    suggest TEXT,
    texts_hash TEXT
  ) STRICT`);
  // Indices made before texts_hash existed get it (NULL: the next write of a row indexes it).
  const columns = db.prepare(`SELECT name FROM pragma_table_info('${t.docs}')`).pluck().all() as string[];
  if (!columns.includes('texts_hash')) db.exec(`ALTER TABLE ${t.docs} ADD COLUMN texts_hash TEXT`);
  // The rows each commit changed, in commit order, so another connection (a query thread) can
  // bring its in-memory columns up to date row by row (see change-log.ts). AUTOINCREMENT: a
  // sequence number is never reused, even after the log was emptied.
  db.exec(`CREATE TABLE IF NOT EXISTS ${t.changes} (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    row INTEGER NOT NULL,
    text_changed INTEGER NOT NULL
  ) STRICT`);
  createDerivedTables(db, num, plan);
}

/** The tables rebuilt from `docs` when the schema changes. */
export function createDerivedTables(db: Database, num: number, plan: SchemaPlan): void {
  const t = tableNames(num);
  const columns = ftsColumnNames(plan);
  // FTS5 needs at least one column; an index without text fields gets a never-filled one.
  const declared = columns.length > 0 ? columns.join(', ') : 'unused';
  db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS ${t.fts} USING fts5(${declared},
    content='', contentless_delete=1, tokenize='ascii', detail=full)`);
  db.exec(`CREATE TABLE IF NOT EXISTS ${t.suggest} (
    kind INTEGER NOT NULL,
    key TEXT NOT NULL,
    display TEXT NOT NULL,
    docs INTEGER NOT NULL,
    PRIMARY KEY (kind, key)
  ) STRICT, WITHOUT ROWID`);
  // Which file of saved in-memory columns belongs to this state of the index (column-snapshots.ts).
  db.exec(`CREATE TABLE IF NOT EXISTS ${t.snapshot} (
    one INTEGER PRIMARY KEY CHECK (one = 1),
    token TEXT NOT NULL,
    seq INTEGER NOT NULL
  ) STRICT`);
  // The vocabulary (term → document count) for fuzzy correction; per connection, never stored.
  db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${t.vocab} USING fts5vocab(main, ${t.fts}, row)`);
}

export function dropDerivedTables(db: Database, num: number): void {
  const t = tableNames(num);
  db.exec(
    `DROP TABLE IF EXISTS temp.${t.vocab}; DROP TABLE IF EXISTS temp.${t.instances}; DROP TABLE IF EXISTS ${t.fts}; DROP TABLE IF EXISTS ${t.suggest}; DROP TABLE IF EXISTS ${t.snapshot};`,
  );
}
