import type { ConsumedRecord, RetryPolicy } from '@pc/kit/ports/event-bus';
import { sleep } from './abortable-sleep.js';
import type { DeadLetterWriter } from './dead-letter.js';
import type { EventLogLogger } from '@pc/kit/ports/support/events/event-bus-logger';
import type { OffsetStore } from './offset-store.js';
import type { PartitionClaim } from './partition-claim.js';
import type { LogRecord } from './record-log.js';
import { backoffMs } from '@pc/kit/ports/support/events/retry-policy';
import { runKeyedBatch } from '@pc/kit/ports/support/events/keyed-batch';

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
  for (let attempt = firstAttempt; ; attempt += 1) {
    const failure = await runHandler(context.handler, { ...record, attempt });
    if (!failure) return context.offsets.commit(context.claim, record.offset + 1) ? 'handled' : 'fenced';
    const next = await afterFailedAttempt(context, record, attempt, failure.error, signal);
    if (next !== 'retry') return next;
  }
}

/**
 * What follows a failed attempt: the dead-letter topic after the last one, otherwise the failure
 * is persisted (so a restart or a new owner continues counting towards the DLQ) and the backoff
 * waited out before the caller retries.
 */
export async function afterFailedAttempt(
  context: DeliveryContext,
  record: LogRecord,
  attempt: number,
  error: unknown,
  signal: AbortSignal,
): Promise<Exclude<DeliveryOutcome, 'handled'> | 'retry'> {
  const { claim, policy, offsets, logger } = context;
  const fields = {
    group: claim.group,
    topic: record.topic,
    partition: record.partition,
    offset: record.offset,
    attempt,
    err: error,
  };
  if (attempt >= policy.maxAttempts) {
    if (!context.deadLetters.write(claim, record, error, attempt)) return 'fenced';
    logger.error(fields, 'event handler failed on its last attempt; record dead-lettered');
    return 'dead-lettered';
  }
  logger.warn(fields, 'event handler failed; the record will be redelivered');
  if (!offsets.recordFailure(claim, record.offset, attempt)) return 'fenced';
  return (await sleep(backoffMs(policy, attempt), signal)) ? 'retry' : 'stopped';
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

/** Where a partition's consumer goes on after a batch, or why it stops. */
export type BatchDeliveryOutcome =
  | { readonly kind: 'continue'; readonly nextOffset: number; readonly firstAttempt: number }
  | { readonly kind: 'stopped' | 'fenced' };

/**
 * A fetched batch with keyed concurrency (SubscriptionSpec.concurrency > 1): commits past the
 * records handled without a gap, then a failed record goes the way of any failed attempt; its
 * retries run one record at a time. `handledAhead` holds the offsets of records this consumer
 * handled after an earlier gap: they are not handed out again, and it is updated.
 */
export async function deliverBatch(
  context: DeliveryContext,
  batch: readonly LogRecord[],
  concurrency: number,
  handledAhead: Set<number>,
  signal: AbortSignal,
): Promise<BatchDeliveryOutcome> {
  const result = await runKeyedBatch(
    batch,
    concurrency,
    (record) => context.handler({ ...record, attempt: 1 }),
    () => signal.aborted,
    (record) => handledAhead.delete(record.offset),
  );
  for (const record of result.handledAfterGap) handledAhead.add(record.offset);
  if (result.handled > 0 && !context.offsets.commit(context.claim, batch[result.handled - 1]!.offset + 1))
    return { kind: 'fenced' };
  const failed = batch[result.handled];
  if (result.failure && failed) {
    const next = await afterFailedAttempt(context, failed, 1, result.failure.error, signal);
    if (next === 'retry') return { kind: 'continue', nextOffset: failed.offset, firstAttempt: 2 };
    if (next === 'dead-lettered') return { kind: 'continue', nextOffset: failed.offset + 1, firstAttempt: 1 };
    return { kind: next };
  }
  // Without a failure the batch stops early only when the subscription stops.
  if (result.handled < batch.length) return { kind: 'stopped' };
  return { kind: 'continue', nextOffset: batch[batch.length - 1]!.offset + 1, firstAttempt: 1 };
}
