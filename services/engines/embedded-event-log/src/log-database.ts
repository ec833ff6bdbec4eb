import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './schema.js';

export type LogDatabase = Database.Database;

/**
 * A bus holds two connections to the log file, because `synchronous` is set per connection:
 *
 * - `appends` (synchronous=FULL) publishes: the WAL is fsynced at every commit, so a publish that
 *   resolved survives kill -9 and power loss alike.
 * - `consumers` (synchronous=NORMAL) fetches and writes offsets, leases, heartbeats and dead
 *   letters. A commit there survives kill -9 (it is in the OS cache) but a power cut may lose the
 *   last few. SQLite's WAL only ever loses a suffix of commits, and any later publish fsyncs all
 *   before it, so such a loss can only take back offset commits (with their dead letters):
 *   records are redelivered, never lost — at-least-once holds.
 *
 * Why: on the dev VM an fsynced commit takes 0.3 ms to several ms, and consumers commit once per
 * record; a consumer drained ~700-5 000 records/s with FULL and ~18 500/s with NORMAL.
 */
export interface LogConnections {
  readonly appends: LogDatabase;
  readonly consumers: LogDatabase;
}

export function openLogConnections(path: string, busyTimeoutMs: number): LogConnections {
  mkdirSync(dirname(path), { recursive: true });
  const appends = openLogDatabase(path, busyTimeoutMs, 'FULL');
  try {
    migrate(appends);
    return { appends, consumers: openLogDatabase(path, busyTimeoutMs, 'NORMAL') };
  } catch (error) {
    appends.close();
    throw error;
  }
}

/**
 * WAL lets every process read while one writes; busy_timeout makes a writer wait for another
 * process's transaction instead of failing.
 */
function openLogDatabase(path: string, busyTimeoutMs: number, synchronous: 'FULL' | 'NORMAL'): LogDatabase {
  const db = new Database(path);
  try {
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal') throw new Error(`event log ${path} cannot use WAL (journal_mode is ${String(mode)})`);
    db.pragma(`synchronous = ${synchronous}`);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
