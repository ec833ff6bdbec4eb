import { sleep } from './abortable-sleep.js';
import type { EventLogLogger } from '@pc/kit/ports/support/events/event-bus-logger';
import type { HeadWatcher } from './head-watcher.js';
import type { GroupPosition } from './partition-claim.js';
import type { BatchDeliveryOutcome, DeliveryOutcome } from './record-delivery.js';
import type { LogRecord, RecordLog } from './record-log.js';
import type { Topic } from './topic-registry.js';

export interface PartitionWorkerDeps {
  readonly log: RecordLog;
  readonly watcher: HeadWatcher;
  readonly logger: EventLogLogger;
  readonly fetchBatchSize: number;
  /** Pause after an unexpected error (a locked or closed database) before reading again. */
  readonly errorPauseMs: number;
  readonly deliver: (record: LogRecord, firstAttempt: number, signal: AbortSignal) => Promise<DeliveryOutcome>;
  /** Records handled at once (SubscriptionSpec.concurrency); above 1, batches go to `deliverBatch`. */
  readonly concurrency: number;
  readonly deliverBatch: (
    batch: readonly LogRecord[],
    handledAhead: Set<number>,
    signal: AbortSignal,
  ) => Promise<BatchDeliveryOutcome>;
}

/**
 * Consumes one partition for one member: fetches a batch, delivers its records one after the
 * other (so per-key order holds) or, with a concurrency above 1, several keys at once, then waits
 * for more. A record being retried is always delivered alone. Each partition has its own worker,
 * so partitions progress concurrently.
 */
export class PartitionWorker {
  private readonly abort = new AbortController();
  private readonly done: Promise<void>;
  private ended = false;

  constructor(
    private readonly deps: PartitionWorkerDeps,
    readonly topic: Topic,
    readonly partition: number,
    start: GroupPosition,
  ) {
    this.done = this.run(start).finally(() => {
      this.ended = true;
    });
  }

  /** True once the worker stopped, by request or because it lost the partition. */
  get finished(): boolean {
    return this.ended;
  }

  /** Stops fetching and resolves once the record in flight is handled and committed. */
  stop(): Promise<void> {
    this.abort.abort();
    return this.done;
  }

  /**
   * Retention deleted records before this group read them. From offset 0 that is a group starting
   * at the beginning of a log whose oldest records are gone, as expected; further on, the group
   * was gone longer than retention allows and lost records: a warning.
   */
  private skipDeleted(position: number, oldestLeft: number): void {
    const fields = {
      topic: this.topic.name,
      partition: this.partition,
      offset: position,
      resumedAt: oldestLeft,
      skipped: oldestLeft - position,
    };
    if (position === 0) this.deps.logger.info(fields, 'event log: starting at the oldest record retention left');
    else
      this.deps.logger.warn(
        fields,
        'event log records were deleted by retention before this group read them; resuming at the oldest left',
      );
  }

  private async run(start: GroupPosition): Promise<void> {
    const { log, watcher, fetchBatchSize, deliver, concurrency, deliverBatch } = this.deps;
    const signal = this.abort.signal;
    let position = start.nextOffset;
    let firstAttempt = start.failedAttempts + 1;
    // Records handled beyond a gap (a failure, see deliverBatch): not handed out again this run.
    const handledAhead = new Set<number>();
    while (!signal.aborted) {
      try {
        // A concurrent batch ends with its slowest record: fetch enough to keep the slots busy.
        const batch = log.fetch(this.topic, this.partition, position, Math.max(fetchBatchSize, concurrency * 2));
        if (batch.length > 0 && batch[0]!.offset > position) {
          this.skipDeleted(position, batch[0]!.offset);
          position = batch[0]!.offset;
          firstAttempt = 1; // the failing record is among those deleted
        }
        if (batch.length === 0) await watcher.waitFor(this.topic.id, this.partition, position, signal);
        else if (concurrency > 1 && firstAttempt === 1) {
          const outcome = await deliverBatch(batch, handledAhead, signal);
          if (outcome.kind !== 'continue') return;
          position = outcome.nextOffset;
          firstAttempt = outcome.firstAttempt;
          continue;
        }
        for (const record of batch) {
          const outcome = await deliver(record, firstAttempt, signal);
          if (outcome === 'stopped' || outcome === 'fenced') return;
          position = record.offset + 1;
          firstAttempt = 1;
          if (signal.aborted) return;
          // The retried record is through: the rest goes back to concurrent delivery.
          if (concurrency > 1) break;
        }
      } catch (error) {
        // The loop must outlive a busy or briefly failing database: nobody awaits it to see errors.
        this.deps.logger.error(
          { topic: this.topic.name, partition: this.partition, offset: position, err: error },
          'event log consumer failed; retrying',
        );
        await sleep(this.deps.errorPauseMs, signal);
      }
    }
  }
}
