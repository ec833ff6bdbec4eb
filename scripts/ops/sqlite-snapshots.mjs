// Consistent copies of the SQLite databases of a running local platform.
//
// Every store and the event log are SQLite files in WAL mode that the services keep writing. Each
// copy goes through SQLite's online backup API (better-sqlite3's db.backup()) from a read
// transaction opened beforehand, so each copy is that transaction's snapshot whatever is written
// meanwhile. The snapshots of all files are taken together while this process holds the event
// log's write lock (a few milliseconds, well within the log's busy timeout): no publish and no
// offset commit lands between them. So every event a store's outbox marked as sent is in the
// copied log, and every offset the copied log has committed had its effect in the consumer's
// copied store: after a restore, events are at most delivered again, never lost.
import Database from 'better-sqlite3';

/** The local event log, relative to DATA_DIR (@pc/engine-profile's open-event-bus). */
export const EVENT_LOG_PATH = 'events/log.sqlite';

const BUSY_TIMEOUT_MS = 10_000;
/** sqlite3_backup_step's page count: everything in one step, within the pinned read transaction. */
const ALL_PAGES = 0x7fffffff;

/**
 * Opens every database in `databases` ({ path, absolute }), pins one read snapshot of each (the
 * event log's write lock held meanwhile) and returns them with the lock's duration.
 */
export function pinSnapshots(databases) {
  const pinned = [];
  const log = databases.find((database) => database.path === EVENT_LOG_PATH);
  let writeLock;
  try {
    for (const database of databases) {
      const db = new Database(database.absolute, { fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
      pinned.push({ ...database, db });
    }
    let heldMs = 0;
    if (log) {
      writeLock = new Database(log.absolute, { fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
      writeLock.exec('BEGIN IMMEDIATE');
    }
    const lockedAt = performance.now();
    for (const { db } of pinned) {
      db.exec('BEGIN');
      // A read fixes the transaction's snapshot (BEGIN alone takes none).
      db.prepare('SELECT count(*) FROM sqlite_schema').get();
    }
    if (writeLock) {
      writeLock.exec('ROLLBACK');
      heldMs = performance.now() - lockedAt;
    }
    return { pinned, eventLogLockMs: heldMs };
  } catch (error) {
    for (const { db } of pinned) db.close();
    throw error;
  } finally {
    writeLock?.close();
  }
}

/**
 * Copies one pinned database to `target` (a new file) and ends its snapshot. The copy is checked
 * with `PRAGMA quick_check` and left in WAL mode with its WAL checkpointed into it and removed (one
 * self-contained file), so that the services, which open it together after a restore, never have
 * to change its journal mode.
 */
export async function copyPinned({ db, path }, target) {
  try {
    await db.backup(target, { progress: () => ALL_PAGES });
  } finally {
    db.exec('ROLLBACK');
    db.close();
  }
  const copy = new Database(target, { fileMustExist: true });
  try {
    const mode = copy.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal') throw new Error(`the copy of ${path} cannot use WAL (journal_mode is ${String(mode)})`);
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy of ${path} fails SQLite's quick_check: ${check}`);
  } finally {
    copy.close();
  }
}

/** Closes what `pinSnapshots` opened and was not copied (after a failure). */
export function releasePinned(pinned) {
  for (const { db } of pinned) if (db.open) db.close();
}
