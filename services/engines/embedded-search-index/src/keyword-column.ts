import { foldCase } from '@pc/text-analysis/fold';
import { OrdinalRows } from './ordinal-rows.js';
import { distinctRows } from './row-sets.js';

const NONE = -1;
/**
 * `single[rowid]` at or below this holds `FIRST_LIST - at`: the row's ordinals are packed in
 * `pool` from `at` as [count, ordinal, ...].
 */
const FIRST_LIST = -2;
/**
 * Rows kept per column by `rowsWithAny` (4 bytes each: 1 MiB, ~30 MiB over a product index's
 * keyword columns at worst). A value held by more rows is scanned for each time, as before.
 */
const CACHED_ROWS = 1 << 18;

/** What a column is made of, for a snapshot of it (`column-snapshot-file.ts`). */
export interface KeywordColumnState {
  /** The dictionary: ordinal → value. */
  readonly values: readonly string[];
  readonly single: Int32Array<ArrayBuffer>;
  /** The used part of the pool. */
  readonly pool: Int32Array<ArrayBuffer>;
  readonly poolGarbage: number;
}

/**
 * The values of one keyword field for every document, in memory: a dictionary of distinct
 * values and an ordinal per row (a list for a multi-valued row). Facet counts, filters
 * and sorts then loop over integers instead of reading rows, which is what keeps facets fast
 * on large matching sets. Dictionary entries are never removed; unused ones count zero.
 */
export class KeywordColumn {
  readonly values: string[] = [];
  private readonly ordinalByValue = new Map<string, number>();
  /**
   * Folded form → the ordinals of values that fold to it, for values that are not their own
   * folded form (those are found in `ordinalByValue`: GTINs, slugs, ids; a million entries fewer
   * to build at start for a GTIN column). A number for one ordinal, an array for several.
   */
  private readonly ordinalsByFolded = new Map<string, number | number[]>();
  private single = new Int32Array(0).fill(NONE);
  /**
   * Ordinal lists of multi-valued rows, packed in one array and addressed from `single`: facets
   * read one per matching row (most products have several shops), and a Map lookup per row was
   * the largest part of counting them. A rewritten row's old list is left as garbage until the
   * pool is compacted.
   */
  private pool = new Int32Array(1024);
  private poolUsed = 0;
  private poolGarbage = 0;
  private ranks: Int32Array | null = null;
  private readonly cachedRows = new OrdinalRows(CACHED_ROWS);

  /** A column from `state()` of another: the dictionary's lookups are rebuilt, the arrays adopted. */
  static restore(state: KeywordColumnState): KeywordColumn {
    const column = new KeywordColumn();
    for (const value of state.values) column.intern(value);
    if (column.values.length !== state.values.length) throw new Error('a keyword dictionary holds a value twice');
    column.single = state.single;
    column.pool = state.pool;
    column.poolUsed = state.pool.length;
    column.poolGarbage = state.poolGarbage;
    return column;
  }

  /** Views of the column's arrays, valid until its next change. */
  state(): KeywordColumnState {
    return {
      values: this.values,
      single: this.single,
      pool: this.pool.subarray(0, this.poolUsed),
      poolGarbage: this.poolGarbage,
    };
  }

  ordinalOf(value: string): number | undefined {
    return this.ordinalByValue.get(value);
  }

  /** Ordinals whose value folds (case, diacritics) to `folded`. */
  ordinalsFolded(folded: string): readonly number[] {
    const itself = this.ordinalByValue.get(folded);
    const others = this.ordinalsByFolded.get(folded);
    const ordinals = itself === undefined ? [] : [itself];
    return others === undefined ? ordinals : ordinals.concat(others);
  }

  set(rowid: number, values: readonly string[] | null): void {
    const ordinals = values === null ? [] : values.map((value) => this.intern(value));
    // Most rewrites of a document (a new price) keep its keywords: nothing to do then.
    if (this.holdsExactly(rowid, ordinals)) return;
    this.clear(rowid);
    if (ordinals.length === 0) return;
    this.ensureCapacity(rowid + 1);
    if (this.cachedRows.size > 0) for (const ordinal of ordinals) this.cachedRows.forget(ordinal);
    if (ordinals.length === 1) {
      this.single[rowid] = ordinals[0] ?? NONE;
    } else {
      const at = this.allocate(ordinals.length + 1);
      this.pool[at] = ordinals.length;
      this.pool.set(ordinals, at + 1);
      this.single[rowid] = FIRST_LIST - at;
    }
  }

  clear(rowid: number): void {
    if (rowid >= this.single.length) return;
    const one = this.single[rowid] ?? NONE;
    if (one === NONE) return;
    if (this.cachedRows.size > 0) this.some(rowid, (ordinal) => (this.cachedRows.forget(ordinal), false));
    if (one <= FIRST_LIST) this.poolGarbage += (this.pool[FIRST_LIST - one] ?? 0) + 1;
    this.single[rowid] = NONE;
  }

  /** Calls `visit` with each ordinal of the row; stops early when it returns true. */
  some(rowid: number, visit: (ordinal: number) => boolean): boolean {
    const one = this.single[rowid] ?? NONE;
    if (one >= 0) return visit(one);
    if (one === NONE) return false;
    const { pool } = this;
    const at = FIRST_LIST - one;
    for (let k = at + 1, end = at + 1 + pool[at]!; k < end; k++) if (visit(pool[k]!)) return true;
    return false;
  }

  /**
   * Adds one to `counts[ordinal]` for each ordinal of each row: `some` with the call per row
   * inlined, because facets run it over every match (hundreds of thousands at 1M documents).
   */
  countOrdinals(rows: Int32Array, counts: Int32Array): void {
    const { single, pool } = this;
    for (let i = 0; i < rows.length; i++) {
      const rowid = rows[i]!;
      const one = rowid < single.length ? single[rowid]! : NONE;
      if (one >= 0) counts[one]! += 1;
      else if (one <= FIRST_LIST) {
        const at = FIRST_LIST - one;
        for (let k = at + 1, end = at + 1 + pool[at]!; k < end; k++) counts[pool[k]!]! += 1;
      }
    }
  }

  /**
   * Every row holding any of `ordinals`, ascending. Rows of a value found before come from the
   * cache; the others cost one scan of all rows (integer reads only) for all of them together.
   */
  rowsWithAny(ordinals: ReadonlySet<number>): Int32Array {
    const found: Int32Array[] = [];
    const missing = new Map<number, number[]>();
    for (const ordinal of ordinals) {
      const cached = this.cachedRows.get(ordinal);
      if (cached === undefined) missing.set(ordinal, []);
      else found.push(cached);
    }
    if (missing.size > 0) {
      this.scanRows(missing);
      for (const [ordinal, rows] of missing) {
        const packed = Int32Array.from(rows);
        this.cachedRows.set(ordinal, packed);
        found.push(packed);
      }
    }
    // A multi-valued row may hold several of the ordinals.
    return distinctRows(found);
  }

  /** Appends each row to the list of every ordinal of `lists` it holds: one pass over all rows. */
  private scanRows(lists: ReadonlyMap<number, number[]>): void {
    const { single, pool } = this;
    for (let rowid = 0; rowid < single.length; rowid++) {
      const one = single[rowid]!;
      if (one >= 0) lists.get(one)?.push(rowid);
      else if (one <= FIRST_LIST) {
        const at = FIRST_LIST - one;
        for (let k = at + 1, end = at + 1 + pool[at]!; k < end; k++) lists.get(pool[k]!)?.push(rowid);
      }
    }
  }

  /** True when the row holds exactly `ordinals`, in that order (as a write would store them). */
  private holdsExactly(rowid: number, ordinals: readonly number[]): boolean {
    const one = rowid < this.single.length ? this.single[rowid]! : NONE;
    if (one === NONE) return ordinals.length === 0;
    if (one >= 0) return ordinals.length === 1 && ordinals[0] === one;
    const at = FIRST_LIST - one;
    if (this.pool[at] !== ordinals.length) return false;
    return ordinals.every((ordinal, i) => this.pool[at + 1 + i] === ordinal);
  }

  /** Position of each ordinal's value in sorted order (binary string order), for sorting. */
  sortRanks(): Int32Array {
    if (this.ranks === null || this.ranks.length !== this.values.length) {
      const order = this.values
        .map((_, ordinal) => ordinal)
        .sort((a, b) => compareStrings(this.values[a], this.values[b]));
      this.ranks = new Int32Array(this.values.length);
      order.forEach((ordinal, rank) => {
        (this.ranks as Int32Array)[ordinal] = rank;
      });
    }
    return this.ranks;
  }

  private intern(value: string): number {
    let ordinal = this.ordinalByValue.get(value);
    if (ordinal === undefined) {
      ordinal = this.values.length;
      this.values.push(value);
      this.ordinalByValue.set(value, ordinal);
      const folded = foldCase(value);
      if (folded === value) return ordinal;
      const same = this.ordinalsByFolded.get(folded);
      if (same === undefined) this.ordinalsByFolded.set(folded, ordinal);
      else if (typeof same === 'number') this.ordinalsByFolded.set(folded, [same, ordinal]);
      else same.push(ordinal);
    }
    return ordinal;
  }

  /** Room for `size` more pool entries: compacts when half is garbage, else grows. */
  private allocate(size: number): number {
    if (this.poolUsed + size > this.pool.length) {
      if (this.poolGarbage * 2 > this.poolUsed) this.compact();
      if (this.poolUsed + size > this.pool.length) {
        const grown = new Int32Array(Math.max(this.poolUsed + size, this.pool.length * 2));
        grown.set(this.pool.subarray(0, this.poolUsed));
        this.pool = grown;
      }
    }
    const at = this.poolUsed;
    this.poolUsed += size;
    return at;
  }

  /** Copies the live lists to a fresh pool, in row order, and repoints their rows. */
  private compact(): void {
    const packed = new Int32Array(Math.max(1024, this.pool.length));
    let used = 0;
    for (let rowid = 0; rowid < this.single.length; rowid++) {
      const one = this.single[rowid]!;
      if (one > FIRST_LIST) continue;
      const at = FIRST_LIST - one;
      const size = this.pool[at]! + 1;
      packed.set(this.pool.subarray(at, at + size), used);
      this.single[rowid] = FIRST_LIST - used;
      used += size;
    }
    this.pool = packed;
    this.poolUsed = used;
    this.poolGarbage = 0;
  }

  private ensureCapacity(size: number): void {
    if (size <= this.single.length) return;
    const grown = new Int32Array(Math.max(size, this.single.length * 2, 1024)).fill(NONE);
    grown.set(this.single);
    this.single = grown;
  }
}

export function compareStrings(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  return a < b ? -1 : 1;
}
