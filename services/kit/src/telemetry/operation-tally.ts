/** How many operations of one kind ran, and how long they held the thread. */
export interface OperationCount {
  readonly collection: string;
  readonly operation: string;
  readonly count: number;
  readonly seconds: number;
}

interface Entry {
  readonly collection: string;
  readonly operation: string;
  count: number;
  nanoseconds: number;
}

/**
 * Counts a synchronous document store's operations per collection and kind, with the time each
 * held the event loop (that time is the store's share of the service's thread). The SQLite store
 * (@pc/sqlite-document-store) reports here; its group commits count as collection `''`, operation
 * `commit`, with the time their writes did not take: SQLite's BEGIN and COMMIT (WAL frames,
 * fsync, checkpoints).
 *
 * Why: a service's CPU profile shows SQLite's calls, but not whose; at 1M products the offers
 * ingest's cost per change was only understood once counted per collection. Read as counters on
 * `/metrics` (`registerStoreMetrics`). One tally per process: the stores a process opens add up,
 * as the CPU they share does.
 */
export class OperationTally {
  /** By collection, then operation: no key string built per call. */
  private readonly entries = new Map<string, Map<string, Entry>>();

  /** Time counted by operations running inside the one being timed now (a commit's writes). */
  private nestedNs = 0;

  /** `now` reads nanoseconds; tests pass a clock they advance, so time is exact, not scheduled. */
  constructor(private readonly now: () => bigint = process.hrtime.bigint) {}

  /**
   * Runs `operation` and counts it under `collection` and `kind`, thrown or not. Its time leaves
   * out operations timed inside it, so a commit counts only what its writes did not: the times
   * add up to the store's share of the thread.
   */
  time<R>(collection: string, kind: string, operation: () => R): R {
    const outerNested = this.nestedNs;
    this.nestedNs = 0;
    const started = this.now();
    try {
      return operation();
    } finally {
      const elapsed = Number(this.now() - started);
      this.add(collection, kind, elapsed - this.nestedNs);
      this.nestedNs = outerNested + elapsed;
    }
  }

  /** Counts on until the process ends: what `/metrics` reads as counters. */
  counts(): OperationCount[] {
    return [...this.entries.values()].flatMap((byKind) =>
      [...byKind.values()].map(({ collection, operation, count, nanoseconds }) => ({
        collection,
        operation,
        count,
        seconds: nanoseconds / 1e9,
      })),
    );
  }

  private add(collection: string, operation: string, nanoseconds: number): void {
    let byKind = this.entries.get(collection);
    if (!byKind) this.entries.set(collection, (byKind = new Map()));
    const entry = byKind.get(operation);
    if (entry) {
      entry.count += 1;
      entry.nanoseconds += nanoseconds;
    } else byKind.set(operation, { collection, operation, count: 1, nanoseconds });
  }
}

/** The process's tally, shared by every embedded store it opens. */
export const storeOperations = new OperationTally();
