import type { EachBatchPayload, KafkaMessage } from 'kafkajs';
import type { ConsumedRecord, RetryPolicy } from '@pc/kit/ports/event-bus';
import { backoffMs } from '@pc/kit/ports/support/events/retry-policy';
import type { AttemptTracker } from './attempt-tracker.js';
import type { KafkaEventBusLogger } from './kafka-event-bus-options.js';
import { toConsumedRecord } from './record-mapping.js';
import type { HandledAhead } from './handled-ahead.js';
import { runKeyedBatch } from '@pc/kit/ports/support/events/keyed-batch';

export interface BatchDeliveryContext {
  readonly group: string;
  readonly handler: (record: ConsumedRecord) => Promise<void>;
  readonly policy: RetryPolicy;
  /** SubscriptionSpec.concurrency: above 1, batches go through `deliverConcurrently`. */
  readonly concurrency: number;
  readonly attempts: AttemptTracker;
  readonly handledAhead: HandledAhead;
  /** Publishes the record to `<topic>.dlq`; resolves once the brokers acknowledged it. */
  readonly deadLetter: (record: ConsumedRecord, error: unknown, attempts: number) => Promise<void>;
  /** Calls `resume` after `ms`, unless the subscription stops first. */
  readonly resumeLater: (resume: () => void, ms: number) => void;
  readonly logger: KafkaEventBusLogger;
}

type Outcome = { readonly kind: 'done' } | { readonly kind: 'retry'; readonly backoffMs: number };

/**
 * kafkajs's `eachBatch` for one subscription. Records of a partition go to the handler one after
 * the other; each one's offset is committed as soon as it is handled or dead-lettered, so a crash
 * redelivers at most the record in flight. A failed record pauses its partition for the backoff
 * and is fetched again from the uncommitted position, while the other partitions go on.
 */
export function batchDelivery(context: BatchDeliveryContext): (payload: EachBatchPayload) => Promise<void> {
  return async (payload) => {
    const { topic, partition, messages } = payload.batch;
    const first = messages[0];
    const concurrent = context.concurrency > 1;
    if (concurrent && first && !context.attempts.get(topic, partition, first.offset))
      return deliverConcurrently(context, payload);
    for (const message of messages) {
      // Stopping, or the partition moved: leave the rest uncommitted for whoever reads it next.
      if (!payload.isRunning() || payload.isStale()) return;
      const outcome = await deliver(context, topic, partition, message);
      if (outcome.kind === 'retry') {
        // Nothing past the record is resolved, so the next fetch starts at it again.
        context.resumeLater(payload.pause(), outcome.backoffMs);
        return;
      }
      const next = String(Number(message.offset) + 1);
      payload.resolveOffset(message.offset);
      await payload.commitOffsetsIfNecessary({ topics: [{ topic, partitions: [{ partition, offset: next }] }] });
      context.attempts.forget(topic, partition, message.offset);
      // Throws while the group rebalances, which ends the batch and lets kafkajs rejoin.
      await payload.heartbeat();
      // The retried record is through: the rest goes back to concurrent delivery.
      if (concurrent) return;
    }
  };
}

/**
 * Keyed concurrency (see @pc/kit/ports/support/events/keyed-batch.ts): commits past the records handled without
 * a gap; a failed record pauses the partition for its backoff and is fetched again, then retried
 * alone by the serial path above, while the records handled beyond it are remembered and skipped.
 */
async function deliverConcurrently(context: BatchDeliveryContext, payload: EachBatchPayload): Promise<void> {
  const { topic, partition, messages } = payload.batch;
  let rebalancing = false;
  const records = messages.map((message) => toConsumedRecord(topic, partition, message, 1));
  const result = await runKeyedBatch(
    records,
    context.concurrency,
    async (record) => {
      await context.handler(record);
      // Throws while the group rebalances: start nothing more and let kafkajs rejoin.
      await payload.heartbeat().catch(() => (rebalancing = true));
    },
    () => rebalancing || !payload.isRunning() || payload.isStale(),
    (record) => context.handledAhead.take(topic, partition, String(record.offset)),
  );
  for (const record of result.handledAfterGap) context.handledAhead.add(topic, partition, String(record.offset));
  if (result.handled > 0) {
    const last = messages[result.handled - 1]!;
    payload.resolveOffset(last.offset);
    await payload.commitOffsetsIfNecessary({
      topics: [{ topic, partitions: [{ partition, offset: String(Number(last.offset) + 1) }] }],
    });
  }
  const failed = messages[result.handled];
  if (!result.failure || !failed) return;
  const record = records[result.handled]!;
  const { policy, attempts, logger } = context;
  const fields = {
    group: context.group,
    topic,
    partition,
    offset: record.offset,
    attempt: 1,
    err: result.failure.error,
  };
  if (policy.maxAttempts > 1) {
    attempts.set(topic, partition, failed.offset, { attempts: 1, error: result.failure.error });
    logger.warn(fields, 'event handler failed; the record will be redelivered');
    context.resumeLater(payload.pause(), backoffMs(policy, 1));
    return;
  }
  await context.deadLetter(record, result.failure.error, 1);
  logger.error(fields, 'event handler failed on its last attempt; record dead-lettered');
  payload.resolveOffset(failed.offset);
  await payload.commitOffsetsIfNecessary({
    topics: [{ topic, partitions: [{ partition, offset: String(Number(failed.offset) + 1) }] }],
  });
}

async function deliver(
  context: BatchDeliveryContext,
  topic: string,
  partition: number,
  message: KafkaMessage,
): Promise<Outcome> {
  const { policy, attempts, logger } = context;
  const previous = attempts.get(topic, partition, message.offset);
  if (previous && previous.attempts >= policy.maxAttempts) {
    // Its dead letter failed to publish last time: finish that without another attempt.
    await context.deadLetter(
      toConsumedRecord(topic, partition, message, previous.attempts),
      previous.error,
      previous.attempts,
    );
    return { kind: 'done' };
  }
  const attempt = (previous?.attempts ?? 0) + 1;
  const record = toConsumedRecord(topic, partition, message, attempt);
  try {
    await context.handler(record);
    return { kind: 'done' };
  } catch (error) {
    attempts.set(topic, partition, message.offset, { attempts: attempt, error });
    const fields = { group: context.group, topic, partition, offset: record.offset, attempt, err: error };
    if (attempt < policy.maxAttempts) {
      logger.warn(fields, 'event handler failed; the record will be redelivered');
      return { kind: 'retry', backoffMs: backoffMs(policy, attempt) };
    }
    await context.deadLetter(record, error, attempt);
    logger.error(fields, 'event handler failed on its last attempt; record dead-lettered');
    return { kind: 'done' };
  }
}
