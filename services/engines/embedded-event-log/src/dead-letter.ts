import { deadLetterRecord } from '@pc/kit/ports/support/events/dead-letter-record';
import type { LogDatabase } from './log-database.js';
import type { OffsetStore } from './offset-store.js';
import type { PartitionClaim } from './partition-claim.js';
import type { LogRecord, RecordLog } from './record-log.js';

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
