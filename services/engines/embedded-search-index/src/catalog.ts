import type { Database } from 'better-sqlite3';

/** One row per index in the file: its table number and the schema it was built with. */
export interface CatalogEntry {
  readonly num: number;
  readonly fingerprint: string;
}

export function ensureCatalog(db: Database): void {
  db.exec(`CREATE TABLE IF NOT EXISTS search_indexes (
    name TEXT PRIMARY KEY,
    num INTEGER NOT NULL UNIQUE,
    fingerprint TEXT NOT NULL
  ) STRICT`);
}

export function findCatalogEntry(db: Database, name: string): CatalogEntry | undefined {
  return db.prepare<[string], CatalogEntry>('SELECT num, fingerprint FROM search_indexes WHERE name = ?').get(name);
}

export function addCatalogEntry(db: Database, name: string, fingerprint: string): number {
  const row = db
    .prepare<[string, string], { num: number }>(
      `INSERT INTO search_indexes (name, num, fingerprint)
       VALUES (?, (SELECT coalesce(max(num), 0) + 1 FROM search_indexes), ?) RETURNING num`,
    )
    .get(name, fingerprint);
  if (row === undefined) throw new Error('search_indexes insert returned no row');
  return row.num;
}

export function setCatalogFingerprint(db: Database, name: string, fingerprint: string): void {
  db.prepare('UPDATE search_indexes SET fingerprint = ? WHERE name = ?').run(fingerprint, name);
}
