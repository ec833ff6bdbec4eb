/**
 * Which visitors' searches were already counted today, so that "most searched" counts each
 * visitor once a day per query, country and language (ADR 103). In memory only: a key is a keyed
 * hash of the visitor that changes every day (VisitorKeys), never written anywhere. At most
 * `capacity` are kept; past that the oldest are forgotten first, so a flood of new visitors can
 * make an early one count again, never grow the memory.
 */
export class VisitorSearches {
  private day = '';
  private readonly seen = new Set<string>();

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error('capacity must be a positive integer');
  }

  /** True the first time `key` is given on `day` (and remembers it); false for a repeat. */
  firstToday(day: string, key: string): boolean {
    if (day !== this.day) {
      this.day = day;
      this.seen.clear();
    }
    if (this.seen.has(key)) return false;
    if (this.seen.size >= this.capacity) {
      // A Set iterates in insertion order: its first key is the oldest.
      const oldest = this.seen.values().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    this.seen.add(key);
    return true;
  }

  /** Forgets `key` (a search counted first but then found nothing may count once it does). */
  forget(key: string): void {
    this.seen.delete(key);
  }
}
