import { sleep } from './abortable-sleep.js';
import type { EventLogLogger } from './event-log-logger.js';
import type { HeadWatcher } from './head-watcher.js';
import type { GroupPosition } from './partition-claim.js';
import type { DeliveryOutcome } from './record-delivery.js';
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
}

/**
 * Consumes one partition for one member: fetches a batch, delivers its records one after the
 * other (so per-key order holds), then waits for more. Each partition has its own worker, so
 * partitions progress concurrently.
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

  private async run(start: GroupPosition): Promise<void> {
    const { log, watcher, fetchBatchSize, deliver } = this.deps;
    const signal = this.abort.signal;
    let position = start.nextOffset;
    let firstAttempt = start.failedAttempts + 1;
    while (!signal.aborted) {
      try {
        const batch = log.fetch(this.topic, this.partition, position, fetchBatchSize);
        if (batch.length === 0) await watcher.waitFor(this.topic.id, this.partition, position, signal);
        for (const record of batch) {
          const outcome = await deliver(record, firstAttempt, signal);
          if (outcome === 'stopped' || outcome === 'fenced') return;
          position = record.offset + 1;
          firstAttempt = 1;
          if (signal.aborted) return;
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
