import { DLQ_HEADERS, deadLetterTopic, type ConsumedRecord, type OutgoingRecord } from '../../event-bus.js';

// Enough to diagnose, small enough that a huge error message cannot bloat every DLQ record.
const MAX_ERROR_LENGTH = 2_000;

/** The record as it goes to `<topic>.dlq`: same key, value and headers, plus where it came from. */
export function deadLetterRecord(
  record: Omit<ConsumedRecord, 'attempt'>,
  error: unknown,
  attempts: number,
): OutgoingRecord {
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
