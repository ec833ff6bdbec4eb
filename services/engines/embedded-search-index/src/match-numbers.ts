import type { DocValues } from './doc-values.js';
import type { ScratchArrays } from './scratch-arrays.js';

/**
 * The number values of one search's matching rows, each column read once: the price column is
 * read by the sort, the price facet and the price metric of the same search. Reading a column at
 * the matching rows is the expensive part (scattered reads over arrays of every document); the
 * facets and metrics then loop over the dense copy. Keyword columns likewise: their values'
 * counts over the matching rows, shared by a terms facet and a distinct count of one field.
 */
export class MatchNumbers {
  private readonly gathered = new Map<number, Float64Array>();
  private readonly counted = new Map<number, Int32Array>();

  constructor(
    private readonly values: DocValues,
    readonly rows: Int32Array,
    readonly scratch: ScratchArrays,
  ) {}

  /** `of(slot)[i]` is the value of `rows[i]` in number column `slot` (NaN where absent). Read only. */
  of(slot: number): Float64Array {
    let dense = this.gathered.get(slot);
    if (dense === undefined) {
      dense = this.scratch.float64(this.rows.length);
      const column = this.values.numbers[slot];
      if (column === undefined) dense.fill(Number.NaN);
      else column.gather(this.rows, dense);
      this.gathered.set(slot, dense);
    }
    return dense;
  }

  /** `counts(slot)[ordinal]`: matching rows holding keyword column `slot`'s value `ordinal`. Read only. */
  counts(slot: number): Int32Array {
    let counts = this.counted.get(slot);
    if (counts === undefined) {
      const column = this.values.keywords[slot];
      counts = new Int32Array(column?.values.length ?? 0);
      column?.countOrdinals(this.rows, counts);
      this.counted.set(slot, counts);
    }
    return counts;
  }
}

/*
 * Loops over dense values, each alone in its function: V8 compiles a hot loop on the fly, and
 * code after it in the same function (not run before) lacks type feedback, which threw that
 * compiled code away again on every call (1,214 deopts in 400 queries for the metrics loop).
 */

/** [min, max, sum, count] of the last `accumulate` (one search runs at a time). */
const STATS = new Float64Array(4);

/** min, max, sum and count of the values present (NaN skipped). */
export function statsOf(values: Float64Array): { min: number; max: number; sum: number; count: number } {
  accumulate(values, STATS);
  return { min: STATS[0]!, max: STATS[1]!, sum: STATS[2]!, count: STATS[3]! };
}

function accumulate(values: Float64Array, out: Float64Array): void {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (value !== value) continue;
    if (value < min) min = value;
    if (value > max) max = value;
    sum += value;
    count++;
  }
  out[0] = min;
  out[1] = max;
  out[2] = sum;
  out[3] = count;
}

/**
 * Adds one to `slots[j]` for each value with exactly j of `points` (ascending) at or below it;
 * absent values count nowhere. A binary search per value, however many points.
 */
export function countSlots(values: Float64Array, points: Float64Array, slots: Int32Array): void {
  const m = points.length;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (value !== value) continue;
    let lo = 0;
    let hi = m;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (value >= points[mid]!) lo = mid + 1;
      else hi = mid;
    }
    slots[lo]! += 1;
  }
}
