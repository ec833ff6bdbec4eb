/**
 * The rows holding one value of a keyword column (ascending), kept after a scan found them so the
 * next query for that value skips the scan: an exact-keyword match (a query equal to a brand or an
 * MPN) would otherwise read every row of the column, ~3 ms per query at a million documents. An
 * entry is dropped as soon as a row gains or loses its value; the oldest go first past `maxRows`.
 */
export class OrdinalRows {
  private readonly entries = new Map<number, Int32Array>();
  private heldRows = 0;

  constructor(private readonly maxRows: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(ordinal: number): Int32Array | undefined {
    const rows = this.entries.get(ordinal);
    if (rows !== undefined) {
      // Re-inserting marks it as most recently used (a Map iterates in insertion order).
      this.entries.delete(ordinal);
      this.entries.set(ordinal, rows);
    }
    return rows;
  }

  set(ordinal: number, rows: Int32Array): void {
    this.forget(ordinal);
    if (rows.length > this.maxRows) return;
    this.entries.set(ordinal, rows);
    this.heldRows += rows.length;
    for (const [oldest, old] of this.entries) {
      if (this.heldRows <= this.maxRows) break;
      this.entries.delete(oldest);
      this.heldRows -= old.length;
    }
  }

  /** A row gained or lost this value: its cached rows no longer hold. */
  forget(ordinal: number): void {
    const old = this.entries.get(ordinal);
    if (old === undefined) return;
    this.entries.delete(ordinal);
    this.heldRows -= old.length;
  }
}
