import type { OutgoingRecord } from '../../../ports/event-bus.js';
import type { PlacedRecord, RecordLog } from './record-log.js';

interface PendingPublish {
  readonly placed: readonly PlacedRecord[];
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit of publishes: the publish calls of one turn of the event loop are appended in one
 * transaction, in call order (so per-key order holds across them), and all settle after the WAL's
 * fsync (`durable`, off the event loop: ../sqlite/wal-sync.ts, ADR 036). A publish is still all or
 * nothing; publishes that share a transaction fail together only when the transaction itself
 * fails (the log locked past the busy timeout, closed, disk full) or its fsync does.
 *
 * Why: every outbox flush of a service publishes a few records; with one fsync each, concurrent
 * handlers queued behind each other's commits.
 */
export class AppendBatcher {
  private pending: PendingPublish[] = [];
  private scheduled = false;
  /** Appended and waiting for their fsync, so that closing can wait for them. */
  private readonly syncing = new Set<Promise<void>>();

  constructor(
    private readonly log: RecordLog,
    private readonly onAppended: () => void,
    private readonly durable: () => Promise<void>,
  ) {}

  /** Resolves once the records are durable. Topics are resolved (or created) at once. */
  append(records: readonly OutgoingRecord[]): Promise<void> {
    const placed = records.map((record) => this.log.place(record));
    return new Promise((resolve, reject) => {
      this.pending.push({ placed, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  /** Appends what is pending now; resolves once all appended publishes settled (closing). */
  async drain(): Promise<void> {
    this.flush();
    await Promise.all([...this.syncing]);
  }

  private flush(): void {
    this.scheduled = false;
    const publishes = this.pending;
    this.pending = [];
    if (publishes.length === 0) return;
    try {
      this.log.appendPlaced(publishes.flatMap((publish) => publish.placed));
    } catch (error) {
      for (const publish of publishes) publish.reject(error);
      return;
    }
    // Consumers may read the records now; their publishers hear of them once they are on disk.
    this.onAppended();
    const synced = this.durable().then(
      () => publishes.forEach((publish) => publish.resolve()),
      (error: unknown) => publishes.forEach((publish) => publish.reject(error)),
    );
    this.syncing.add(synced);
    void synced.finally(() => this.syncing.delete(synced));
  }
}
