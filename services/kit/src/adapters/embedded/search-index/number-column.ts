/** The values of one number field per row, NaN where absent. */
export class NumberColumn {
  private data = new Float64Array(0);

  get(rowid: number): number {
    return this.data[rowid] ?? Number.NaN;
  }

  set(rowid: number, value: number | null): void {
    if (rowid >= this.data.length) {
      if (value === null) return;
      const grown = new Float64Array(Math.max(rowid + 1, this.data.length * 2, 1024)).fill(Number.NaN);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[rowid] = value ?? Number.NaN;
  }

  /*
   * The loops below run over every match of a search (hundreds of thousands at a million
   * documents), so they read the array directly instead of calling `get` per row.
   */

  /** min, max, sum and count of the values of `rows` (absent values skipped). */
  stats(rows: Int32Array): { min: number; max: number; sum: number; count: number } {
    accumulate(this.data, rows, STATS);
    return { min: STATS[0]!, max: STATS[1]!, sum: STATS[2]!, count: STATS[3]! };
  }

  /** `keys[i]` = the value of `rows[i]` (NaN where absent). */
  gather(rows: Int32Array, keys: Float64Array): void {
    const { data } = this;
    for (let i = 0; i < rows.length; i++) {
      const rowid = rows[i]!;
      keys[i] = rowid < data.length ? data[rowid]! : Number.NaN;
    }
  }

  /**
   * Adds one to `slots[j]` for each row whose value has exactly j of `points` (ascending) at or
   * below it; absent values count nowhere. A binary search per row, however many points.
   */
  countSlots(rows: Int32Array, points: Float64Array, slots: Int32Array): void {
    const { data } = this;
    const m = points.length;
    for (let i = 0; i < rows.length; i++) {
      const rowid = rows[i]!;
      if (rowid >= data.length) continue;
      const value = data[rowid]!;
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
}

/** [min, max, sum, count] of the last `accumulate` (one search runs at a time). */
const STATS = new Float64Array(4);

/**
 * The loop of `stats`, alone in its function: V8 compiles a hot loop on the fly, and code after
 * it in the same function (not run before) lacks type feedback, which threw that compiled code
 * away again on every call.
 */
function accumulate(data: Float64Array, rows: Int32Array, out: Float64Array): void {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < rows.length; i++) {
    const rowid = rows[i]!;
    if (rowid >= data.length) continue;
    const value = data[rowid]!;
    // NaN (absent) must not be counted.
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
