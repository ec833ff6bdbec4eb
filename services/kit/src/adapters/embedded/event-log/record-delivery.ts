import type { ConsumedRecord, RetryPolicy } from '../../../ports/event-bus.js';
import { sleep } from './abortable-sleep.js';
import type { DeadLetterWriter } from './dead-letter.js';
import type { EventLogLogger } from './event-log-logger.js';
import type { OffsetStore } from './offset-store.js';
import type { PartitionClaim } from './partition-claim.js';
import type { LogRecord } from './record-log.js';
import { backoffMs } from './retry-policy.js';

export type DeliveryOutcome = 'handled' | 'dead-lettered' | 'stopped' | 'fenced';

export interface DeliveryContext {
  readonly claim: PartitionClaim;
  readonly handler: (record: ConsumedRecord) => Promise<void>;
  readonly policy: RetryPolicy;
  readonly offsets: OffsetStore;
  readonly deadLetters: DeadLetterWriter;
  readonly logger: EventLogLogger;
}

/**
 * Hands one record to the handler until it succeeds or has used up its attempts, and commits
 * past it either way. 'stopped' means the subscription stopped during a backoff and the record
 * stays uncommitted; 'fenced' means another member owns the partition now.
 */
export async function deliverRecord(
  context: DeliveryContext,
  record: LogRecord,
  firstAttempt: number,
  signal: AbortSignal,
): Promise<DeliveryOutcome> {
  const { claim, policy, offsets, logger } = context;
  for (let attempt = firstAttempt; ; attempt += 1) {
    const failure = await runHandler(context.handler, { ...record, attempt });
    if (!failure) return offsets.commit(claim, record.offset + 1) ? 'handled' : 'fenced';

    const fields = {
      group: claim.group,
      topic: record.topic,
      partition: record.partition,
      offset: record.offset,
      attempt,
      err: failure.error,
    };
    if (attempt >= policy.maxAttempts) {
      if (!context.deadLetters.write(claim, record, failure.error, attempt)) return 'fenced';
      logger.error(fields, 'event handler failed on its last attempt; record dead-lettered');
      return 'dead-lettered';
    }
    logger.warn(fields, 'event handler failed; the record will be redelivered');
    // Persisted so that a restart or a new owner continues counting towards the DLQ.
    if (!offsets.recordFailure(claim, record.offset, attempt)) return 'fenced';
    if (!(await sleep(backoffMs(policy, attempt), signal))) return 'stopped';
  }
}

async function runHandler(
  handler: (record: ConsumedRecord) => Promise<void>,
  record: ConsumedRecord,
): Promise<{ readonly error: unknown } | undefined> {
  try {
    await handler(record);
    return undefined;
  } catch (error) {
    return { error };
  }
}
