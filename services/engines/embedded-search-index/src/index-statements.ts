import type { Database, Statement } from 'better-sqlite3';
import { ftsColumnNames } from './fts-layout.js';
import { tableNames } from './index-tables.js';
import type { SchemaPlan } from '@pc/kit/ports/support/search/schema-plan';

export interface StoredRow {
  readonly rowid: number;
  readonly suggest: string | null;
  readonly texts_hash: string | null;
}

/** Every statement an index handle runs, prepared once. */
export interface IndexStatements {
  readonly findRow: Statement<[string], StoredRow>;
  readonly insertDoc: Statement<[string, string, string, string | null, string]>;
  readonly updateDoc: Statement<[string, string, string | null, string, number]>;
  readonly deleteDoc: Statement<[number]>;
  readonly getDoc: Statement<[string], { doc: string }>;
  readonly docByRowid: Statement<[number], { doc: string }>;
  readonly valsByRowid: Statement<[number], { id: string; vals: string }>;
  readonly rowidById: Statement<[string], number>;
  readonly loadRows: Statement<[], { rowid: number; id: string; vals: string }>;
  readonly rowsAfter: Statement<[number, number], { rowid: number; doc: string }>;
  readonly count: Statement<[], { n: number }>;
  readonly idsAfter: Statement<[string, number], string>;
  readonly ftsInsert: Statement<unknown[]>;
  readonly ftsDelete: Statement<[number]>;
  readonly suggestAdd: Statement<[number, string, string, number]>;
  readonly suggestPrune: Statement<[number, string]>;
  readonly suggestRange: Statement<[number, string, string, number], { key: string; display: string; docs: number }>;
  readonly vocabRange: Statement<[string, string, number], { term: string; doc: number }>;
}

export function prepareStatements(db: Database, num: number, plan: SchemaPlan): IndexStatements {
  const t = tableNames(num);
  const columns = ftsColumnNames(plan);
  const names = ['rowid', ...columns].join(', ');
  const params = ['?', ...columns.map(() => '?')].join(', ');
  return {
    findRow: db.prepare(`SELECT rowid, suggest, texts_hash FROM ${t.docs} WHERE id = ?`),
    insertDoc: db.prepare(`INSERT INTO ${t.docs} (id, doc, vals, suggest, texts_hash) VALUES (?, ?, ?, ?, ?)`),
    updateDoc: db.prepare(`UPDATE ${t.docs} SET doc = ?, vals = ?, suggest = ?, texts_hash = ? WHERE rowid = ?`),
    deleteDoc: db.prepare(`DELETE FROM ${t.docs} WHERE rowid = ?`),
    getDoc: db.prepare(`SELECT doc FROM ${t.docs} WHERE id = ?`),
    docByRowid: db.prepare(`SELECT doc FROM ${t.docs} WHERE rowid = ?`),
    valsByRowid: db.prepare(`SELECT id, vals FROM ${t.docs} WHERE rowid = ?`),
    rowidById: db.prepare<[string], number>(`SELECT rowid FROM ${t.docs} WHERE id = ?`).pluck(),
    loadRows: db.prepare(`SELECT rowid, id, vals FROM ${t.docs}`),
    rowsAfter: db.prepare(`SELECT rowid, doc FROM ${t.docs} WHERE rowid > ? ORDER BY rowid LIMIT ?`),
    count: db.prepare(`SELECT count(*) AS n FROM ${t.docs}`),
    // The UNIQUE index on id answers it in id order without reading a document.
    idsAfter: db.prepare<[string, number], string>(`SELECT id FROM ${t.docs} WHERE id > ? ORDER BY id LIMIT ?`).pluck(),
    ftsInsert: db.prepare(`INSERT INTO ${t.fts} (${names}) VALUES (${params})`),
    ftsDelete: db.prepare(`DELETE FROM ${t.fts} WHERE rowid = ?`),
    suggestAdd: db.prepare(
      `INSERT INTO ${t.suggest} (kind, key, display, docs) VALUES (?, ?, ?, ?)
       ON CONFLICT (kind, key) DO UPDATE SET docs = docs + excluded.docs`,
    ),
    suggestPrune: db.prepare(`DELETE FROM ${t.suggest} WHERE kind = ? AND key = ? AND docs <= 0`),
    suggestRange: db.prepare(
      `SELECT key, display, docs FROM ${t.suggest} WHERE kind = ? AND key >= ? AND key < ?
       ORDER BY docs DESC, key LIMIT ?`,
    ),
    vocabRange: db.prepare(`SELECT term, doc FROM temp.${t.vocab} WHERE term >= ? AND term < ? LIMIT ?`),
  };
}
