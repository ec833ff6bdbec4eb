/**
 * The rowids of recently matched text clauses, and the postings of recently scored phrases,
 * shared by the indices of one engine and bounded by the number of rowids held (least recently
 * used first out). A broad word's FTS5 lookup is
 * the largest part of a search over a large index (a word in 162,000 of 1.2 million products:
 * ~45 ms); its cached rows cost nothing to read again.
 *
 * Entries carry the `TextChanges` version they are exact for. The cache itself knows nothing
 * about freshness: `TextMatcher` brings an entry up to date before using it.
 */
export class MatchCache {
  private readonly entries = new Map<string, CachedRows>();
  private heldRows = 0;

  constructor(private readonly maxRows: number) {}

  get(key: string): CachedRows | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    // Re-inserting marks it as most recently used (a Map iterates in insertion order).
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: CachedRows): void {
    this.delete(key);
    if (weightOf(entry) > this.maxRows) return;
    this.entries.set(key, entry);
    this.heldRows += weightOf(entry);
    for (const [oldest, old] of this.entries) {
      if (this.heldRows <= this.maxRows) break;
      this.entries.delete(oldest);
      this.heldRows -= weightOf(old);
    }
  }

  /** Drops every entry whose key starts with `prefix` (one index's, when its changes are not known row by row). */
  deletePrefix(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.entries.delete(key);
    this.heldRows -= weightOf(old);
  }
}

/** Held rows an entry counts as: a posting (4-byte rowid and 8-byte frequency) counts three. */
function weightOf(entry: CachedRows): number {
  return entry.freqs === undefined ? entry.rows.length : entry.rows.length * 3;
}

export interface CachedRows {
  /** Ascending, exactly sized (a cached array is never written to). */
  readonly rows: Int32Array;
  /** The `TextChanges.version` the rows were exact at. */
  readonly version: number;
  /** Postings (`phrase-postings.ts`): each row's weighted frequency of the phrase. */
  readonly freqs?: Float64Array;
}

/**
 * The rows whose texts changed, in order, with their FTS column values after the change (null:
 * unindexed), for the last `capacity` changes: what a cached match must re-check to be exact
 * again. Older history is forgotten; entries older than it are matched afresh.
 */
export class TextChanges {
  private changes: TextChange[] = [];
  /** The version before `changes[0]` was recorded. */
  private base = 0;

  constructor(private readonly capacity: number) {}

  get version(): number {
    return this.base + this.changes.length;
  }

  record(rowid: number, values: readonly string[] | null): void {
    this.changes.push({ rowid, values });
    if (this.changes.length > this.capacity) {
      const dropped = this.changes.length - Math.floor(this.capacity / 2);
      this.changes = this.changes.slice(dropped);
      this.base += dropped;
    }
  }

  /** Each row changed since `version` with its latest values, or null when that is no longer known or more than `limit` rows. */
  changedSince(version: number, limit: number): Map<number, readonly string[] | null> | null {
    if (version < this.base) return null;
    const latest = new Map<number, readonly string[] | null>();
    for (let i = version - this.base; i < this.changes.length; i++) {
      const change = this.changes[i];
      if (change !== undefined) latest.set(change.rowid, change.values);
    }
    return latest.size > limit ? null : latest;
  }
}

interface TextChange {
  readonly rowid: number;
  readonly values: readonly string[] | null;
}
