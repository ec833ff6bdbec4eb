import type { Database, Statement } from 'better-sqlite3';
import { tableNames } from './index-tables.js';

/** Entries kept: a connection that fell further behind reloads its columns instead. */
const KEEP_ENTRIES = 65_536;
/** The log is trimmed when a write crosses a multiple of this sequence number. */
const TRIM_EVERY = 4_096;

export interface ChangeEntry {
  readonly row: number;
  /** 1 when the row's FTS row was rewritten or removed, 0 when only its values changed. */
  readonly text_changed: number;
}

/**
 * The rows each committed write changed, in commit order (`ix<n>_changes`). Every connection
 * keeps its in-memory columns; a connection that did not write a change (a query thread) reads
 * the entries after the last one it has seen and re-reads just those rows, instead of reloading
 * every row (~30 s at a million documents). `seen` is this connection's position in the log.
 */
export class ChangeLog {
  private seenSeq = 0;
  private readonly insert: Statement<[number, number]>;
  private readonly trim: Statement<[number]>;
  private readonly clearAll: Statement<[]>;
  private readonly headSeq: Statement<[string], number>;
  private readonly oldestSeq: Statement<[], number | null>;
  private readonly after: Statement<[number], ChangeEntry>;
  private readonly table: string;

  constructor(db: Database, num: number) {
    const t = tableNames(num);
    this.table = t.changes;
    this.insert = db.prepare(`INSERT INTO ${t.changes} (row, text_changed) VALUES (?, ?)`);
    this.trim = db.prepare(`DELETE FROM ${t.changes} WHERE seq <= ?`);
    this.clearAll = db.prepare(`DELETE FROM ${t.changes}`);
    this.headSeq = db.prepare<[string], number>('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck();
    this.oldestSeq = db.prepare<[], number | null>(`SELECT min(seq) FROM ${t.changes}`).pluck();
    this.after = db.prepare(`SELECT row, text_changed FROM ${t.changes} WHERE seq > ? ORDER BY seq`);
  }

  /** The sequence number of the last change this connection's columns reflect. */
  get seen(): number {
    return this.seenSeq;
  }

  /** The last sequence number ever given out (0 for none). Read inside the caller's transaction. */
  head(): number {
    return this.headSeq.get(this.table) ?? 0;
  }

  /** Within a write transaction: logs the rows it changed, returns the sequence numbers used. */
  record(
    changes: readonly { readonly rowid: number; readonly textChanged: boolean }[],
  ): { first: number; last: number } | null {
    let first = 0;
    let last = 0;
    for (const change of changes) {
      last = Number(this.insert.run(change.rowid, change.textChanged ? 1 : 0).lastInsertRowid);
      if (first === 0) first = last;
    }
    if (first === 0) return null;
    if (Math.floor(last / TRIM_EVERY) > Math.floor((first - 1) / TRIM_EVERY)) this.trim.run(last - KEEP_ENTRIES);
    return { first, last };
  }

  /**
   * After this connection's own commit, whose changes its columns already hold: moves `seen`
   * past them, unless another connection's entries came in between (those are read at the next
   * catch-up, together with ours again; re-reading a row is harmless).
   */
  committed(range: { first: number; last: number } | null): void {
    if (range !== null && range.first === this.seenSeq + 1) this.seenSeq = range.last;
  }

  /**
   * Within a read transaction: the entries this connection has not seen, or null when the log
   * was trimmed or cleared past them (the caller reloads every row).
   */
  unseen(): ChangeEntry[] | null {
    const oldest = this.oldestSeq.get();
    if (oldest === null || oldest === undefined || oldest > this.seenSeq + 1) return null;
    return this.after.all(this.seenSeq);
  }

  /**
   * Within a read transaction: true when columns that reflect the log up to `seq` can be brought
   * up to date from it (nothing came after, or every entry after `seq` is still kept).
   */
  covers(seq: number): boolean {
    const head = this.head();
    if (seq === head) return true;
    const oldest = this.oldestSeq.get();
    return seq < head && oldest !== null && oldest !== undefined && oldest <= seq + 1;
  }

  /** Marks everything up to `seq` as reflected in this connection's columns. */
  markSeen(seq: number): void {
    this.seenSeq = seq;
  }

  /** Empties the log (derived tables were rebuilt): every other connection reloads. */
  clear(): void {
    this.clearAll.run();
  }
}
