/** The values of one number field per row, NaN where absent. */
export class NumberColumn {
  private data = new Float64Array(0);

  /** A column over `data` (adopted, not copied), as `state()` of another returned it. */
  static restore(data: Float64Array<ArrayBuffer>): NumberColumn {
    const column = new NumberColumn();
    column.data = data;
    return column;
  }

  /** The column's array (NaN where absent), valid until its next change. */
  state(): Float64Array<ArrayBuffer> {
    return this.data;
  }

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

  /** `keys[i]` = the value of `rows[i]` (NaN where absent): the array read directly, as it runs over every match. */
  gather(rows: Int32Array, keys: Float64Array): void {
    const { data } = this;
    for (let i = 0; i < rows.length; i++) {
      const rowid = rows[i]!;
      keys[i] = rowid < data.length ? data[rowid]! : Number.NaN;
    }
  }
}
