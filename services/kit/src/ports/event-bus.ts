/**
 * EventBus port: a durable, partitioned event log with Kafka's semantics.
 *
 * - A topic has a fixed number of partitions; a record's partition is chosen from its key, so all
 *   records of one key keep their order.
 * - `publish` resolves only once every record is durable (survives a crash of the process).
 * - Consumers in the same group share the partitions of a topic; each record is handled by one
 *   member of the group. Offsets are committed only after the handler succeeded, so a failure or
 *   a restart redelivers (at-least-once). A record that keeps failing goes to `<topic>.dlq`
 *   after `maxAttempts` and the group moves on.
 *
 * Adapters: the embedded SQLite event log (`@pc/embedded-event-log`) and Kafka (`@pc/kafka-event-bus`).
 */

export interface OutgoingRecord {
  readonly topic: string;
  /** The aggregate id: records with one key land in one partition, in order. */
  readonly key: string;
  readonly value: Uint8Array;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface ConsumedRecord {
  readonly topic: string;
  readonly partition: number;
  /** Position in the partition, dense from 0. */
  readonly offset: number;
  readonly key: string;
  readonly value: Uint8Array;
  readonly headers: Readonly<Record<string, string>>;
  /** When the record was appended to the log. */
  readonly timestamp: Date;
  /** 1 on first delivery of this record to this group, then 2, 3, … on redelivery. */
  readonly attempt: number;
}

export interface TopicSpec {
  readonly name: string;
  readonly partitions: number;
}

export interface RetryPolicy {
  /** Deliveries before the record goes to the dead-letter topic (including the first). */
  readonly maxAttempts: number;
  /** Backoff before attempt n+1 is `initialBackoffMs * 2^(n-1)`, capped at `maxBackoffMs`. */
  readonly initialBackoffMs: number;
  readonly maxBackoffMs: number;
}

export interface SubscriptionSpec {
  /** Consumer group id: members of one group share partitions and committed offsets. */
  readonly group: string;
  readonly topics: readonly string[];
  /** Where a group with no committed offset starts. Default 'earliest'. */
  readonly fromBeginning?: boolean;
  readonly retry?: Partial<RetryPolicy>;
  /**
   * Records of one partition handled at once, at most (default 1: one after the other). Above 1,
   * records with different keys are handled concurrently and may finish out of order; records
   * with one key are still handled one after the other, in order. The group moves past the
   * records handled without a gap, so a restart may redeliver some that were handled after a gap
   * (at-least-once, as always). A failure stops new records from starting; the failed record is
   * then retried, and dead-lettered, on its own as with 1.
   */
  readonly concurrency?: number;
  /** Resolve to acknowledge; throw to have the record redelivered. */
  readonly handler: (record: ConsumedRecord) => Promise<void>;
}

export interface Subscription {
  /** Stops fetching, waits for the record in flight, commits, and leaves the group. */
  stop(): Promise<void>;
  /**
   * When this member last had an answer from the bus (ms since the epoch; 0 before the first): a
   * heartbeat or a fetch, empty or not. It stops moving while the member is cut off from the bus,
   * has crashed or is stopped, which a subscriber that must know it hears every record reads.
   */
  lastHeardAt(): number;
}

export interface EventBus {
  /** Creates topics that do not exist yet (existing ones keep their partition count). */
  ensureTopics(topics: readonly TopicSpec[]): Promise<void>;
  /** Appends records; resolves when all are durable. Order is kept per key. */
  publish(records: readonly OutgoingRecord[]): Promise<void>;
  subscribe(spec: SubscriptionSpec): Promise<Subscription>;
  /**
   * How far a consumer group is behind on `topics`: records appended and not yet committed by
   * it, summed over their partitions (a partition it has no position in counts from the start of
   * the log). For progress waits and lag metrics; cheap (no record is read). Unknown topics
   * count 0.
   */
  consumerLag(group: string, topics: readonly string[]): Promise<number>;
  /** True when the bus can accept and deliver records (for readiness). */
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  initialBackoffMs: 100,
  maxBackoffMs: 10_000,
};

export const deadLetterTopic = (topic: string): string => `${topic}.dlq`;

/** Headers a dead-lettered record carries, besides its original headers. */
export const DLQ_HEADERS = {
  originalTopic: 'x-dlq-original-topic',
  originalPartition: 'x-dlq-original-partition',
  originalOffset: 'x-dlq-original-offset',
  error: 'x-dlq-error',
  attempts: 'x-dlq-attempts',
} as const;
