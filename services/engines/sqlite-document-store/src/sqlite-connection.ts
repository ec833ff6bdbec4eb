import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

export type Synchronous = 'full' | 'normal';

export interface SqliteConnectionOptions {
  readonly path: string;
  readonly synchronous: Synchronous;
  readonly busyTimeoutMs: number;
}

/**
 * One connection with the settings every embedded store shares:
 * - WAL: readers never block the writer and other processes can open the same file; writers
 *   take turns on the write lock, waiting up to `busy_timeout` for it.
 * - synchronous FULL by default: the WAL is fsynced at every commit (strace: one fsync per
 *   commit; NORMAL: none), so an acknowledged write survives a power cut or a kernel crash, not
 *   only a killed process (kill -9 is survived with NORMAL as well: committed pages are already
 *   in the OS page cache). The port promises "resolves when durable", so FULL. Measured on the
 *   2-core dev VM (docs/decisions/001-embedded-engines.md): FULL does ~2,500 single-document
 *   commits/s against ~40,000 with NORMAL, but 500-document batches lose only ~35%
 *   (~53,000 vs ~82,000 docs/s), and feeds, the bulk of our writes, come in batches.
 */
export function openSqliteConnection(options: SqliteConnectionOptions): Database.Database {
  mkdirSync(dirname(options.path), { recursive: true });
  const db = new Database(options.path, { timeout: options.busyTimeoutMs });
  try {
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal') throw new Error(`${options.path}: WAL journal mode refused (got ${String(mode)})`);
    db.pragma(`synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
    // Checkpoint every 10,000 pages (40 MiB) instead of SQLite's 1,000: a document update dirties
    // its row's page and a page of every index, so offers' ingest filled 1,000 pages in tens of
    // milliseconds and paid a checkpoint each time. Measured on a copy of offers' store
    // (docs/benchmarks.md): 180 → 129 µs per update. The WAL is truncated back to 64 MiB after.
    db.pragma('wal_autocheckpoint = 10000');
    db.pragma('journal_size_limit = 67108864');
    // 64 MiB of page cache at most (SQLite's default is 2 MiB): the B-tree pages of a store's
    // hot documents and indexes stay in memory instead of being read from the OS on every call.
    db.pragma('cache_size = -65536');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Reads the connection's `PRAGMA data_version`: it changes when another connection committed,
 * never on this connection's own commits. Each read is a statement of its own, so it is current
 * (or, first in a read transaction, fixes that transaction's snapshot).
 */
export function dataVersionReader(db: Database.Database): () => number {
  const statement = db.prepare<[], number>('PRAGMA data_version').pluck();
  return () => statement.get()!;
}
