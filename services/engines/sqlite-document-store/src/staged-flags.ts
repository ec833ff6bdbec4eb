/**
 * Flags a collection keeps in a table and only ever adds (array paths, value kinds): those known
 * committed, and those inserted by the open transaction, which only count once it commits.
 */
export class StagedFlags {
  private readonly known = new Set<string>();
  private readonly pending = new Set<string>();

  constructor(committed: Iterable<string>) {
    for (const flag of committed) this.known.add(flag);
  }

  /** True when `flag` is new: the caller inserts it in the open transaction. */
  stage(flag: string): boolean {
    if (this.known.has(flag) || this.pending.has(flag)) return false;
    this.pending.add(flag);
    return true;
  }

  /** The open transaction committed; true when it added flags. */
  committed(): boolean {
    const added = this.pending.size > 0;
    for (const flag of this.pending) this.known.add(flag);
    this.pending.clear();
    return added;
  }

  rolledBack(): void {
    this.pending.clear();
  }
}
