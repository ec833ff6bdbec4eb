import type { OutgoingRecord } from '@pc/kit/ports/event-bus';
import type { PlacedRecord, RecordLog } from './record-log.js';

interface PendingPublish {
  readonly placed: readonly PlacedRecord[];
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit of publishes: the publish calls of one turn of the event loop are appended in one
 * transaction, in call order (so per-key order holds across them), and all settle after its
 * fsync. A publish is still all or nothing; publishes that share a transaction fail together only
 * when the transaction itself fails (the log locked past the busy timeout, closed, disk full).
 *
 * Why: every outbox flush of a service publishes a few records; with one fsync each, concurrent
 * handlers queued behind each other's commits.
 */
export class AppendBatcher {
  private pending: PendingPublish[] = [];
  private scheduled = false;

  constructor(
    private readonly log: RecordLog,
    private readonly onAppended: () => void,
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

  /** Appends what is pending now (before the log closes under it). */
  flush(): void {
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
    for (const publish of publishes) publish.resolve();
    this.onAppended();
  }
}
