import { foldCase } from '../../../text/fold.js';

const NONE = -1;
/** `single[rowid]` at or below this holds `FIRST_LIST - slot`: the row's ordinals are `lists[slot]`. */
const FIRST_LIST = -2;
const EMPTY = new Int32Array(0);

/**
 * The values of one keyword field for every document, in memory: a dictionary of distinct
 * values and an ordinal per row (a list for a multi-valued row). Facet counts, filters
 * and sorts then loop over integers instead of reading rows, which is what keeps facets fast
 * on large matching sets. Dictionary entries are never removed; unused ones count zero.
 */
export class KeywordColumn {
  readonly values: string[] = [];
  private readonly ordinalByValue = new Map<string, number>();
  private readonly ordinalsByFolded = new Map<string, number[]>();
  private single = new Int32Array(0).fill(NONE);
  /**
   * Ordinal lists of multi-valued rows, addressed from `single`. A dense array read by index:
   * facets read one per matching row (most products have several shops), and a Map lookup per
   * row was the largest part of counting them.
   */
  private readonly lists: Int32Array[] = [];
  private readonly freeSlots: number[] = [];
  private ranks: Int32Array | null = null;

  ordinalOf(value: string): number | undefined {
    return this.ordinalByValue.get(value);
  }

  /** Ordinals whose value folds (case, diacritics) to `folded`. */
  ordinalsFolded(folded: string): readonly number[] {
    return this.ordinalsByFolded.get(folded) ?? [];
  }

  set(rowid: number, values: readonly string[] | null): void {
    this.clear(rowid);
    if (values === null || values.length === 0) return;
    this.ensureCapacity(rowid + 1);
    const ordinals = values.map((value) => this.intern(value));
    if (ordinals.length === 1) {
      this.single[rowid] = ordinals[0] ?? NONE;
    } else {
      const slot = this.freeSlots.pop() ?? this.lists.length;
      this.lists[slot] = Int32Array.from(ordinals);
      this.single[rowid] = FIRST_LIST - slot;
    }
  }

  clear(rowid: number): void {
    if (rowid >= this.single.length) return;
    const one = this.single[rowid] ?? NONE;
    if (one <= FIRST_LIST) {
      this.lists[FIRST_LIST - one] = EMPTY;
      this.freeSlots.push(FIRST_LIST - one);
    }
    this.single[rowid] = NONE;
  }

  /** Calls `visit` with each ordinal of the row; stops early when it returns true. */
  some(rowid: number, visit: (ordinal: number) => boolean): boolean {
    const one = this.single[rowid] ?? NONE;
    if (one >= 0) return visit(one);
    if (one === NONE) return false;
    const list = this.lists[FIRST_LIST - one] ?? EMPTY;
    for (let k = 0; k < list.length; k++) if (visit(list[k]!)) return true;
    return false;
  }

  /**
   * Adds one to `counts[ordinal]` for each ordinal of each row: `some` with the call per row
   * inlined, because facets run it over every match (hundreds of thousands at 1M documents).
   */
  countOrdinals(rows: Int32Array, counts: Int32Array): void {
    const { single, lists } = this;
    for (let i = 0; i < rows.length; i++) {
      const rowid = rows[i]!;
      const one = rowid < single.length ? single[rowid]! : NONE;
      if (one >= 0) counts[one]! += 1;
      else if (one <= FIRST_LIST) {
        const list = lists[FIRST_LIST - one]!;
        for (let k = 0; k < list.length; k++) counts[list[k]!]! += 1;
      }
    }
  }

  /** Adds to `rows` every row holding any of `ordinals`: a scan of all rows, kept to integer reads. */
  addRowsWithAny(ordinals: ReadonlySet<number>, rows: Set<number>): void {
    const { single, lists } = this;
    for (let rowid = 0; rowid < single.length; rowid++) {
      const one = single[rowid]!;
      if (one >= 0) {
        if (ordinals.has(one)) rows.add(rowid);
      } else if (one <= FIRST_LIST) {
        const list = lists[FIRST_LIST - one]!;
        for (let k = 0; k < list.length; k++) {
          if (ordinals.has(list[k]!)) {
            rows.add(rowid);
            break;
          }
        }
      }
    }
  }

  /** Position of each ordinal's value in sorted order (binary string order), for sorting. */
  sortRanks(): Int32Array {
    if (this.ranks === null || this.ranks.length !== this.values.length) {
      const order = this.values.map((_, ordinal) => ordinal).sort((a, b) => compareStrings(this.values[a], this.values[b]));
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
      const same = this.ordinalsByFolded.get(folded);
      if (same === undefined) this.ordinalsByFolded.set(folded, [ordinal]);
      else same.push(ordinal);
    }
    return ordinal;
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
