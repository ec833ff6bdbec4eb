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
  private readonly floats = new BufferStack((length) => new Float64Array(length));
  private readonly ints = new BufferStack((length) => new Int32Array(length));

  reset(): void {
    this.floats.reset();
    this.ints.reset();
  }

  float64(length: number): Float64Array {
    return this.floats.take(length);
  }

  int32(length: number): Int32Array {
    return this.ints.take(length);
  }
}

/** Buffers handed out in order since the last `reset`, each grown when a search needs more. */
class BufferStack<A extends Float64Array | Int32Array> {
  private readonly buffers: A[] = [];
  private taken = 0;

  constructor(private readonly create: (length: number) => A) {}

  reset(): void {
    this.taken = 0;
  }

  take(length: number): A {
    const at = this.taken++;
    let buffer = this.buffers[at];
    if (buffer === undefined || buffer.length < length) {
      // Grown by half again at least, so a slowly growing index does not reallocate every search.
      buffer = this.create(Math.max(length, Math.ceil((buffer?.length ?? 0) * 1.5), 1024));
      this.buffers[at] = buffer;
    }
    return buffer.subarray(0, length) as A;
  }
}
