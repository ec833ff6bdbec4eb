/**
 * Records this member handled beyond a gap in keyed-concurrent delivery (a record before them
 * failed, so the committed offset could not move past them). When the partition is fetched again
 * from the failed record, they are skipped instead of handled twice. Lost on a restart or
 * rebalance, like any uncommitted progress: the next owner handles them again (at-least-once).
 */
export class HandledAhead {
  private readonly offsets = new Map<string, Set<string>>();

  add(topic: string, partition: number, offset: string): void {
    const key = slot(topic, partition);
    const set = this.offsets.get(key) ?? new Set<string>();
    set.add(offset);
    this.offsets.set(key, set);
  }

  /** True (once) if the record was handled ahead; it is forgotten then. */
  take(topic: string, partition: number, offset: string): boolean {
    return this.offsets.get(slot(topic, partition))?.delete(offset) ?? false;
  }

  /** Forgets the partitions this member no longer owns after a rebalance. */
  retainAssigned(assignment: Readonly<Record<string, readonly number[] | undefined>>): void {
    for (const key of this.offsets.keys()) {
      const cut = key.lastIndexOf('/');
      if (!assignment[key.slice(0, cut)]?.includes(Number(key.slice(cut + 1)))) this.offsets.delete(key);
    }
  }
}

// Topic names cannot contain '/', so the slot splits back unambiguously.
const slot = (topic: string, partition: number): string => `${topic}/${partition}`;
