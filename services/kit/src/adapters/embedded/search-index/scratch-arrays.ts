/**
 * Typed arrays reused by one search after another for their temporaries (match sets, a column's
 * values at the matches, sort ranks). A fresh Float64Array of 120,000 values costs ~390 µs here
 * (its memory is zeroed and faulted in, then collected), a reused one ~6 µs, and a search over a
 * broad word at 1M products needs several MB of them.
 *
 * Searches run synchronously, one at a time: `reset` at the start of a search hands every array
 * out again. Arrays come back uninitialised (whatever the last search left), and nothing taken
 * from here may outlive the search that took it.
 */
export class ScratchArrays {
  private readonly floats: Float64Array[] = [];
  private readonly ints: Int32Array[] = [];
  private floatsTaken = 0;
  private intsTaken = 0;

  reset(): void {
    this.floatsTaken = 0;
    this.intsTaken = 0;
  }

  float64(length: number): Float64Array {
    const at = this.floatsTaken++;
    let buffer = this.floats[at];
    if (buffer === undefined || buffer.length < length) {
      buffer = new Float64Array(grownLength(buffer?.length ?? 0, length));
      this.floats[at] = buffer;
    }
    return buffer.subarray(0, length);
  }

  int32(length: number): Int32Array {
    const at = this.intsTaken++;
    let buffer = this.ints[at];
    if (buffer === undefined || buffer.length < length) {
      buffer = new Int32Array(grownLength(buffer?.length ?? 0, length));
      this.ints[at] = buffer;
    }
    return buffer.subarray(0, length);
  }
}

/** Grown by half again at least, so a slowly growing index does not reallocate every search. */
function grownLength(current: number, wanted: number): number {
  return Math.max(wanted, Math.ceil(current * 1.5), 1024);
}
