import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database, Statement } from 'better-sqlite3';
import type { ChangeLog } from './change-log.js';
import { readColumnSnapshot, writeColumnSnapshot } from './column-snapshot-file.js';
import { DocValues } from './doc-values.js';
import { tableNames } from './index-tables.js';
import type { SchemaPlan } from '@pc/kit/ports/support/search/schema-plan';

export type ColumnsRestore = { readonly values: DocValues; readonly seq: number } | { readonly rejected: string };

/**
 * One index's in-memory columns saved to a file when the engine closes, and restored from it at
 * the next open instead of reading every row's values (~26 s at a million documents; ADR 023).
 *
 * SQLite decides which file may be used: the stamp row (`ix<n>_snapshot`) holds the random token
 * written into the file and the change-log position its columns reflect. A file of another
 * database, of a rebuilt index (the stamp table is dropped with the derived tables) or from a
 * save that did not finish does not carry that token. Changes committed after the position are
 * read from the change log; when the log no longer reaches back that far, every row is read.
 */
export class ColumnSnapshots {
  private readonly stamp: Statement<[], { token: string; seq: number }>;
  private readonly putStamp: Statement<[string, number]>;

  constructor(
    private readonly db: Database,
    num: number,
    /** The snapshot file of this index; null: none is kept (an in-memory database). */
    private readonly file: string | null,
  ) {
    const t = tableNames(num);
    this.stamp = db.prepare(`SELECT token, seq FROM ${t.snapshot} WHERE one = 1`);
    this.putStamp = db.prepare(`INSERT OR REPLACE INTO ${t.snapshot} (one, token, seq) VALUES (1, ?, ?)`);
  }

  /** The columns as saved, if the file is the stamped one and the change log covers what came after. */
  restore(plan: SchemaPlan, log: ChangeLog): ColumnsRestore {
    if (this.file === null) return { rejected: 'no snapshot file (in-memory database)' };
    const stamped = this.db.transaction(() => {
      const stamp = this.stamp.get();
      if (stamp === undefined) return 'no snapshot was saved';
      return log.covers(stamp.seq) ? stamp : 'the change log no longer reaches back to the snapshot';
    })();
    if (typeof stamped === 'string') return { rejected: stamped };
    const read = readColumnSnapshot(
      this.file,
      { ...stamped, fingerprint: plan.fingerprint },
      { keywords: plan.keywordCount, numbers: plan.numberCount },
    );
    if ('rejected' in read) return read;
    try {
      return { values: DocValues.restore(plan, read.state), seq: stamped.seq };
    } catch (error) {
      return { rejected: `damaged: ${(error as Error).message}` };
    }
  }

  /**
   * Saves columns that reflect the change log up to `seq` (all of it: the caller checks), then
   * stamps the file in SQLite. Returns the bytes written, or null without a file.
   */
  save(plan: SchemaPlan, values: DocValues, seq: number): number | null {
    if (this.file === null) return null;
    mkdirSync(dirname(this.file), { recursive: true });
    const token = randomUUID();
    const bytes = writeColumnSnapshot(this.file, { token, seq, fingerprint: plan.fingerprint }, values.state());
    this.putStamp.run(token, seq);
    return bytes;
  }
}
