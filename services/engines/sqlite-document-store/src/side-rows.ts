import type { Database, Statement } from 'better-sqlite3';
import { sideTableName } from './collection-schema.js';

/**
 * The side table of a collection (ADR 021): the side fields of the documents that have any, as one
 * JSON object text per document, next to the row that says so (`side = 1`).
 *
 * Why a table of its own: an outbox's staged events (~3 KB) are written with the document and
 * removed a moment later. Inside the row they made every new document ~4 KB, one per 4 KiB page,
 * and the page stayed that empty after the row shrank back (new rows go to the end of the table):
 * the offers table was 73 % free space. Here the rows come and go in a small table whose pages
 * are reused.
 */
export class SideRows {
  private readonly select: Statement<[string], { version: number; doc: string }>;
  private readonly upsert: Statement<[string, number, string]>;
  private readonly remove: Statement<[string]>;

  constructor(db: Database, collection: string) {
    const table = sideTableName(collection);
    this.select = db.prepare<[string], { version: number; doc: string }>(
      `SELECT version, doc FROM ${table} WHERE _id = ?`,
    );
    this.upsert = db.prepare<[string, number, string]>(
      `INSERT INTO ${table} (_id, version, doc) VALUES (?, ?, ?) ON CONFLICT (_id) DO UPDATE SET version = excluded.version, doc = excluded.doc`,
    );
    this.remove = db.prepare<[string]>(`DELETE FROM ${table} WHERE _id = ?`);
  }

  /**
   * The side fields of a row whose `side` flag is set, if they are those of its `version`. Outside a
   * transaction another process may have written the document since its row was read: then
   * undefined, and the caller reads both again in one snapshot.
   */
  ofVersion(id: string, version: number): string | undefined {
    const side = this.select.get(id);
    return side?.version === version ? side.doc : undefined;
  }

  /** `ofVersion` for a row read in the same transaction, where they must agree. */
  of(id: string, version: number): string {
    const side = this.ofVersion(id, version);
    // Row and side row are written in one transaction: a flag without its side row is a broken file.
    if (side === undefined)
      throw new Error(`side fields of ${id} version ${version} are missing from ${this.select.source}`);
    return side;
  }

  /** Inside the write's transaction: stores `side` for `version`, or drops what the row had (`hadSide`). */
  write(id: string, version: number, side: string | null, hadSide: boolean): void {
    if (side !== null) this.upsert.run(id, version, side);
    else if (hadSide) this.remove.run(id);
  }

  delete(id: string): void {
    this.remove.run(id);
  }
}
