/**
 * A value read from the database (the array-path and value-kind flags), kept until a commit may
 * have changed it: a commit of this connection that did calls `invalidate`, and one of another
 * connection changes the `PRAGMA data_version` that `get` is given. Every find used to read both
 * flag tables again: ~11 µs of a ~50 µs indexed findIds.
 */
export class CommittedReadCache<T> {
  private value: T | undefined;
  private dataVersion = -1;

  constructor(private readonly load: () => T) {}

  /** Call inside the read transaction of the query, with that snapshot's data_version. */
  get(dataVersion: number): T {
    if (this.value === undefined || dataVersion !== this.dataVersion) {
      this.value = this.load();
      this.dataVersion = dataVersion;
    }
    return this.value;
  }

  invalidate(): void {
    this.value = undefined;
  }
}
