import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { checkpointInBackground } from '../sqlite/background-checkpoints.js';
import { WalSync } from '../sqlite/wal-sync.js';
import { migrate } from './schema.js';

export type LogDatabase = Database.Database;

/**
 * A bus holds two connections to the log file, both synchronous=NORMAL (a commit writes the WAL
 * without an fsync, and survives kill -9 from the OS cache):
 *
 * - `appends` publishes. A publish resolves only after `walSync` fsynced the WAL behind it, on
 *   libuv's thread pool (ADR 036), so a resolved publish survives a power cut too. Until then
 *   consumers may already read it; a power cut can take it back only with every later commit of
 *   the log (the WAL loses a suffix), their offset commits included, and its publisher, never
 *   told it was stored, publishes it again (an outbox keeps it until then).
 * - `consumers` fetches and writes offsets, leases, heartbeats and dead letters. A power cut may
 *   lose the last few of those commits; any later publish's fsync covers all before it, so such a
 *   loss can only take back offset commits (with their dead letters): records are redelivered,
 *   never lost — at-least-once holds.
 *
 * Why: on the dev VM an fsynced commit takes 0.3 ms to several ms, and consumers commit once per
 * record; a consumer drained ~700-5 000 records/s with FULL and ~18 500/s with NORMAL.
 */
export interface LogConnections {
  readonly appends: LogDatabase;
  readonly consumers: LogDatabase;
  /** Makes what `appends` committed durable. */
  readonly walSync: WalSync;
  /** Ends the file's background checkpoints (../sqlite/background-checkpoints.ts): before closing. */
  readonly stopCheckpoints: () => Promise<void>;
}

export function openLogConnections(path: string, busyTimeoutMs: number): LogConnections {
  mkdirSync(dirname(path), { recursive: true });
  const appends = openLogDatabase(path, busyTimeoutMs);
  try {
    migrate(appends);
    const consumers = openLogDatabase(path, busyTimeoutMs);
    return { appends, consumers, walSync: new WalSync(`${appends.name}-wal`), stopCheckpoints: checkpointInBackground(appends.name) };
  } catch (error) {
    appends.close();
    throw error;
  }
}

/**
 * WAL lets every process read while one writes; busy_timeout makes a writer wait for another
 * process's transaction instead of failing.
 */
function openLogDatabase(path: string, busyTimeoutMs: number): LogDatabase {
  const db = new Database(path);
  try {
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal') throw new Error(`event log ${path} cannot use WAL (journal_mode is ${String(mode)})`);
    db.pragma('synchronous = NORMAL');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
