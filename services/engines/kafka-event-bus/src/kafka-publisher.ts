import { Partitioners, type Kafka, type Producer, type TopicMessages } from 'kafkajs';
import type { OutgoingRecord } from '@pc/kit/ports/event-bus';
import { toKafkaMessage } from './record-mapping.js';

/**
 * The bus's one producer: idempotent (the broker drops the duplicates of a retried batch) and
 * acknowledged by all in-sync replicas, so a send that resolved is durable on the cluster.
 */
export class KafkaPublisher {
  private readonly producer: Producer;
  private connecting: Promise<void> | undefined;

  constructor(kafka: Kafka) {
    this.producer = kafka.producer({
      idempotent: true,
      // murmur2, as Java clients and the embedded log compute it: a key has the same partition
      // everywhere. Naming it also keeps kafkajs from warning about its v2 default change.
      createPartitioner: Partitioners.DefaultPartitioner,
      // An idempotent producer must never give up on a batch: its sequence number would be
      // reused by the next batch, which the broker would then drop as a duplicate. The bus's
      // caller stops waiting after a deadline instead (see withDeadline).
      retry: { retries: Number.MAX_SAFE_INTEGER },
      allowAutoTopicCreation: false,
    });
  }

  /** Resolves once the brokers acknowledged every record; per-key order is kept. */
  async send(records: readonly OutgoingRecord[]): Promise<void> {
    await this.connected();
    await this.producer.sendBatch({ acks: -1, topicMessages: byTopic(records) });
  }

  async close(): Promise<void> {
    await this.producer.disconnect();
  }

  private connected(): Promise<void> {
    this.connecting ??= this.producer.connect().catch((error: unknown) => {
      this.connecting = undefined; // the next publish tries again
      throw error;
    });
    return this.connecting;
  }
}

/** One entry per topic, records in the order given (kafkajs keeps it within a partition). */
function byTopic(records: readonly OutgoingRecord[]): TopicMessages[] {
  const topics = new Map<string, TopicMessages>();
  for (const record of records) {
    let entry = topics.get(record.topic);
    if (!entry) topics.set(record.topic, (entry = { topic: record.topic, messages: [] }));
    entry.messages.push(toKafkaMessage(record));
  }
  return [...topics.values()];
}
