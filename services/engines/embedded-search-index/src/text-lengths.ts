import type { Database, Statement } from 'better-sqlite3';
import { tableNames } from './index-tables.js';

/** Rowids read per statement when loading: one `group_concat` text of ~0.5 MB each. */
const LOAD_CHUNK = 65_536;
const NONE = -1;

/**
 * Every FTS row's length in tokens over all its columns (bm25's document length, FTS5's
 * `xColumnSize(-1)`), read from FTS5's `docsize` table (a varint per column per row): about a
 * second at a million rows. The row count and average length come from FTS5's own totals
 * (`statistics`), so that a score computed here equals FTS5's.
 */
export class TextLengths {
  private lengths = new Int32Array(0);
  private readonly one: Statement<[number], Buffer>;
  private readonly averages: Statement<[], Buffer>;

  private constructor(db: Database, num: number) {
    const { fts } = tableNames(num);
    this.one = db.prepare<[number], Buffer>(`SELECT sz FROM ${fts}_docsize WHERE id = ?`).pluck();
    // FTS5's "averages" record: the row count, then each column's token total.
    this.averages = db.prepare<[], Buffer>(`SELECT block FROM ${fts}_data WHERE id = 1`).pluck();
  }

  static load(db: Database, num: number): TextLengths {
    const loaded = new TextLengths(db, num);
    const docsize = `${tableNames(num).fts}_docsize`;
    const last = db.prepare<[], number | null>(`SELECT max(id) FROM ${docsize}`).pluck().get() ?? 0;
    // Rows as hex text in chunks: a row per statement step cost ~3.5 µs (a Buffer each), this ~1 µs.
    const chunk = db
      .prepare<[number, number], string | null>(
        `SELECT group_concat(id || ':' || hex(sz), ' ') FROM ${docsize} WHERE id > ? AND id <= ?`,
      )
      .pluck();
    loaded.lengths = new Int32Array(last + 1).fill(NONE);
    for (let after = 0; after < last; after += LOAD_CHUNK)
      loaded.addHexRows(chunk.get(after, after + LOAD_CHUNK) ?? '');
    return loaded;
  }

  /**
   * FTS5's row count and average row length (`xRowCount`, `xColumnTotalSize(-1)` / rows). A
   * contentless table never subtracts a replaced or deleted row from them, so they also count
   * rows whose text was rewritten: kept as FTS5 has them, so that relevance is the same whether
   * FTS5 or this engine computes it.
   */
  statistics(): { rowCount: number; average: number } {
    const block = this.averages.get();
    if (block === undefined) return { rowCount: 0, average: 0 };
    const [rowCount = 0, ...columns] = readVarints(block);
    const tokens = columns.reduce((sum, total) => sum + total, 0);
    return { rowCount, average: rowCount === 0 ? 0 : tokens / rowCount };
  }

  /** The row's length; 0 for a row without text. */
  lengthOf(rowid: number): number {
    const length = this.lengths[rowid] ?? NONE;
    return length === NONE ? 0 : length;
  }

  /** Reads one row's length again after a committed change of its FTS row (or its removal). */
  update(rowid: number): void {
    const sz = this.one.get(rowid);
    this.set(rowid, sz === undefined ? NONE : readVarints(sz).reduce((sum, size) => sum + size, 0));
  }

  private set(rowid: number, length: number): void {
    if (rowid >= this.lengths.length) {
      if (length === NONE) return;
      const grown = new Int32Array(Math.max(rowid + 1, this.lengths.length * 2, 1024)).fill(NONE);
      grown.set(this.lengths);
      this.lengths = grown;
    }
    this.lengths[rowid] = length;
  }

  /** "rowid:HEX rowid:HEX …", HEX being the docsize blob: one varint per column. */
  private addHexRows(text: string): void {
    let i = 0;
    while (i < text.length) {
      let rowid = 0;
      for (let code = text.charCodeAt(i); code !== COLON; code = text.charCodeAt(++i))
        rowid = rowid * 10 + (code - ZERO);
      i++;
      let total = 0;
      let value = 0;
      for (; i < text.length && text.charCodeAt(i) !== SPACE; i += 2) {
        const byte = (hexDigit(text.charCodeAt(i)) << 4) | hexDigit(text.charCodeAt(i + 1));
        value = value * 128 + (byte & 0x7f);
        if ((byte & 0x80) === 0) {
          total += value;
          value = 0;
        }
      }
      i++;
      this.set(rowid, total);
    }
  }
}

const COLON = 58;
const SPACE = 32;
const ZERO = 48;

function hexDigit(code: number): number {
  return code <= 57 ? code - ZERO : code - 55;
}

/** SQLite-style varints (big-endian, 7 bits per byte, high bit: more follow; counts never need the 9-byte form). */
function readVarints(bytes: Uint8Array): number[] {
  const values: number[] = [];
  let value = 0;
  for (const byte of bytes) {
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      values.push(value);
      value = 0;
    }
  }
  return values;
}
