/**
 * EventBusAdmin port: what staff see of the event bus (ADR 054) — topics, consumer groups with
 * their lag, and the records of a topic (read for dead letters). Read-only: replaying goes
 * through the EventBus's `publish`, so it keeps the bus's guarantees.
 *
 * Adapters: the embedded log (`@pc/embedded-event-log/embedded-bus-admin`) and Kafka
 * (`@pc/kafka-event-bus/kafka-bus-admin`). Names are as the services see them (without the platform's
 * namespace, `@pc/engine-profile` strips it).
 */

export interface TopicSummary {
  readonly name: string;
  readonly partitions: number;
  /** Records the log holds now. */
  readonly records: number;
  /** Records ever appended: the sum of the partitions' next offsets. */
  readonly appended: number;
}

export interface GroupLag {
  readonly group: string;
  readonly topic: string;
  /** Records of the topic the group has not committed (from the start of the log where it has no position). */
  readonly lag: number;
  /** Members holding the group on the topic now. */
  readonly members: number;
}

export interface LoggedRecord {
  readonly topic: string;
  readonly partition: number;
  readonly offset: number;
  readonly key: string;
  readonly value: Uint8Array;
  readonly headers: Readonly<Record<string, string>>;
  readonly timestamp: Date;
}

export interface EventBusAdmin {
  topics(): Promise<TopicSummary[]>;
  /** Every consumer group with a committed position, per topic. */
  groups(): Promise<GroupLag[]>;
  /** The newest `limit` records of a topic (every partition), newest first; none for an unknown topic. */
  newestRecords(topic: string, limit: number): Promise<LoggedRecord[]>;
  /** One record, or null when the log does not hold it (unknown topic, removed by retention). */
  record(topic: string, partition: number, offset: number): Promise<LoggedRecord | null>;
  close(): Promise<void>;
}
