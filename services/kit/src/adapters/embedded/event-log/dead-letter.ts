import { DLQ_HEADERS, deadLetterTopic, type OutgoingRecord } from '../../../ports/event-bus.js';
import type { LogDatabase } from './log-database.js';
import type { OffsetStore } from './offset-store.js';
import type { PartitionClaim } from './partition-claim.js';
import type { LogRecord, RecordLog } from './record-log.js';

// Enough to diagnose, small enough that a huge error message cannot bloat every DLQ record.
const MAX_ERROR_LENGTH = 2_000;

/** The record as it goes to `<topic>.dlq`: same key, value and headers, plus where it came from. */
export function deadLetterRecord(record: LogRecord, error: unknown, attempts: number): OutgoingRecord {
  return {
    topic: deadLetterTopic(record.topic),
    key: record.key,
    value: record.value,
    headers: {
      ...record.headers,
      [DLQ_HEADERS.originalTopic]: record.topic,
      [DLQ_HEADERS.originalPartition]: String(record.partition),
      [DLQ_HEADERS.originalOffset]: String(record.offset),
      [DLQ_HEADERS.error]: describeError(error).slice(0, MAX_ERROR_LENGTH),
      [DLQ_HEADERS.attempts]: String(attempts),
    },
  };
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/**
 * Appends a dead letter and commits past the original record in one transaction: the group never
 * moves on without the dead letter, and a crash in between cannot write the dead letter twice.
 */
export class DeadLetterWriter {
  constructor(
    private readonly stores: { readonly db: LogDatabase; readonly log: RecordLog; readonly offsets: OffsetStore },
    private readonly onAppended: () => void,
  ) {}

  /** False when the member lost the partition; the new owner will dead-letter it instead. */
  write(claim: PartitionClaim, record: LogRecord, error: unknown, attempts: number): boolean {
    const { db, log, offsets } = this.stores;
    const placed = log.place(deadLetterRecord(record, error, attempts));
    const written = db
      .transaction(() => {
        if (!offsets.commit(claim, record.offset + 1)) return false;
        log.insert([placed]);
        return true;
      })
      .immediate();
    if (written) this.onAppended();
    return written;
  }
}
