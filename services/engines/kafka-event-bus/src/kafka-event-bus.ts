import { InvalidArgumentError, UnavailableError } from '@pc/kit/errors/domain-errors';
import type {
  ConsumedRecord,
  EventBus,
  OutgoingRecord,
  Subscription,
  SubscriptionSpec,
  TopicSpec,
} from '@pc/kit/ports/event-bus';
import { deadLetterRecord } from '@pc/kit/ports/support/events/dead-letter-record';
import { assertOutgoingRecords } from '@pc/kit/ports/support/events/outgoing-records';
import { resolveRetryPolicy } from '@pc/kit/ports/support/events/retry-policy';
import { assertTopicName } from '@pc/kit/ports/support/events/topic-name';
import { asUnavailable, withDeadline } from './deadline.js';
import type { KafkaClient, KafkaClientFactory } from './kafka-clients.js';
import type { ResolvedKafkaOptions } from './kafka-event-bus-options.js';
import { KafkaPublisher } from './kafka-publisher.js';
import { KafkaSubscription } from './kafka-subscription.js';
import { TopicAdmin } from './topic-admin.js';
import { resolveConcurrency } from '@pc/kit/ports/support/events/subscription-concurrency';

/**
 * The EventBus port on a Kafka cluster; built by `openKafkaEventBus` (open-kafka-event-bus.ts).
 * Validation, retry policy and dead letters are the embedded log's own functions, so both
 * adapters accept, retry and dead-letter records identically.
 */
export class KafkaEventBus implements EventBus {
  private readonly adminClient: KafkaClient;
  private readonly producerClient: KafkaClient;
  private readonly topics: TopicAdmin;
  private readonly publisher: KafkaPublisher;
  private readonly subscriptions = new Set<KafkaSubscription>();
  private closing: Promise<void> | undefined;

  /** `clients` makes one kafkajs client per role and per subscription (kafka-clients.ts). */
  constructor(
    private readonly clients: KafkaClientFactory,
    private readonly options: ResolvedKafkaOptions,
  ) {
    this.adminClient = clients('admin');
    this.producerClient = clients('producer');
    this.topics = new TopicAdmin(this.adminClient.kafka, options.defaultPartitions, {
      replicationFactor: options.replicationFactor,
      minInSyncReplicas: options.minInSyncReplicas,
    });
    this.publisher = new KafkaPublisher(this.producerClient.kafka);
  }

  async ensureTopics(topics: readonly TopicSpec[]): Promise<void> {
    this.assertOpen();
    await this.bounded('ensureTopics', this.topics.ensure(topics));
  }

  async publish(records: readonly OutgoingRecord[]): Promise<void> {
    this.assertOpen();
    assertOutgoingRecords(records);
    if (records.length === 0) return;
    await this.bounded('publish', this.send(records));
  }

  async subscribe(spec: SubscriptionSpec): Promise<Subscription> {
    this.assertOpen();
    assertSubscriptionSpec(spec);
    const concurrency = resolveConcurrency(spec.concurrency);
    const topics = [...new Set(spec.topics)];
    await this.bounded('subscribe', this.topics.ensureNames(topics));
    const subscription = new KafkaSubscription(
      {
        client: this.clients('consumer'),
        options: this.options,
        deadLetter: (record, error, attempts) => this.deadLetter(record, error, attempts),
        onStopped: (stopped) => this.subscriptions.delete(stopped),
      },
      {
        group: spec.group,
        topics,
        fromBeginning: spec.fromBeginning ?? true,
        policy: resolveRetryPolicy(spec.retry),
        handler: spec.handler,
        concurrency,
      },
    );
    this.subscriptions.add(subscription);
    try {
      await this.bounded('subscribe', subscription.start());
    } catch (error) {
      void subscription.stop(); // never rejects; the caller has no handle to stop it otherwise
      throw error;
    }
    return subscription;
  }

  async consumerLag(group: string, topics: readonly string[]): Promise<number> {
    this.assertOpen();
    return this.bounded('consumerLag', this.topics.consumerLag(group, topics));
  }

  async isReady(): Promise<boolean> {
    if (this.closing) return false;
    try {
      return (await withDeadline(this.topics.brokerCount(), this.options.readyTimeoutMs, 'isReady')) > 0;
    } catch {
      return false;
    }
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await Promise.all([this.publisher.close(), this.topics.close()]).catch((error: unknown) => {
      this.options.logger.warn({ err: error }, 'event bus did not disconnect cleanly');
    });
    this.adminClient.sockets.closeLeftovers();
    this.producerClient.sockets.closeLeftovers();
  }

  /** Creates the topics that are new to this bus, then sends. */
  private async send(records: readonly OutgoingRecord[]): Promise<void> {
    await this.topics.ensureNames(records.map((record) => record.topic));
    await this.publisher.send(records);
  }

  /** The dead letter goes through the bus's producer to a topic created like any other. */
  private async deadLetter(record: ConsumedRecord, error: unknown, attempts: number): Promise<void> {
    await this.bounded('dead letter', this.send([deadLetterRecord(record, error, attempts)]));
  }

  /** The cluster's failures and silences as the port's UnavailableError; bad input stays as is. */
  private async bounded<T>(what: string, work: Promise<T>): Promise<T> {
    try {
      return await withDeadline(work, this.options.operationTimeoutMs, what);
    } catch (error) {
      if (error instanceof InvalidArgumentError) throw error;
      throw asUnavailable(what, error);
    }
  }

  private assertOpen(): void {
    if (this.closing) throw new UnavailableError('the event bus is closed');
  }
}

function assertSubscriptionSpec(spec: SubscriptionSpec): void {
  if (typeof spec.group !== 'string' || spec.group.trim() === '') {
    throw new InvalidArgumentError([{ field: 'group', reason: 'must be a non-empty string' }]);
  }
  if (!Array.isArray(spec.topics) || spec.topics.length === 0) {
    throw new InvalidArgumentError([{ field: 'topics', reason: 'must name at least one topic' }]);
  }
  spec.topics.forEach((topic, i) => assertTopicName(topic, `topics[${i}]`));
  if (typeof spec.handler !== 'function') {
    throw new InvalidArgumentError([{ field: 'handler', reason: 'must be a function' }]);
  }
}
