import type { EachBatchPayload, KafkaMessage } from 'kafkajs';
import type { ConsumedRecord, RetryPolicy } from '../../ports/event-bus.js';
import { backoffMs } from '../embedded/event-log/retry-policy.js';
import type { AttemptTracker } from './attempt-tracker.js';
import type { KafkaEventBusLogger } from './kafka-event-bus-options.js';
import { toConsumedRecord } from './record-mapping.js';

export interface BatchDeliveryContext {
  readonly group: string;
  readonly handler: (record: ConsumedRecord) => Promise<void>;
  readonly policy: RetryPolicy;
  readonly attempts: AttemptTracker;
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
    }
  };
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
    await context.deadLetter(toConsumedRecord(topic, partition, message, previous.attempts), previous.error, previous.attempts);
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
