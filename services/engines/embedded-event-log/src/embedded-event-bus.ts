import { InvalidArgumentError, UnavailableError } from '@pc/kit/errors/domain-errors';
import type { EventBus, OutgoingRecord, Subscription, SubscriptionSpec, TopicSpec } from '@pc/kit/ports/event-bus';
import { DeadLetterWriter } from './dead-letter.js';
import type { ResolvedOptions } from './embedded-event-bus-options.js';
import { GroupSubscription } from './group-subscription.js';
import { HeadWatcher } from './head-watcher.js';
import type { LogConnections } from './log-database.js';
import { MembershipStore } from './membership-store.js';
import { OffsetStore } from './offset-store.js';
import { assertOutgoingRecords } from '@pc/kit/ports/support/events/outgoing-records';
import { AppendBatcher } from './append-batcher.js';
import { RecordLog } from './record-log.js';
import { LogRetention } from './log-retention.js';
import { RetentionSchedule } from './retention-schedule.js';
import { resolveRetryPolicy } from '@pc/kit/ports/support/events/retry-policy';
import { assertTopicName } from '@pc/kit/ports/support/events/topic-name';
import { TopicRegistry } from './topic-registry.js';
import { resolveConcurrency } from '@pc/kit/ports/support/events/subscription-concurrency';

/** The EventBus port over the SQLite event log; built by `openEmbeddedEventBus` (open-embedded-event-bus.ts). */
export class EmbeddedEventBus implements EventBus {
  private readonly topics: TopicRegistry;
  /** Publishes through the fully synchronous connection. */
  private readonly appends: AppendBatcher;
  /** Consumers read, commit and dead-letter through the other one (see log-database.ts). */
  private readonly consumerLog: RecordLog;
  private readonly watcher: HeadWatcher;
  private readonly offsets: OffsetStore;
  private readonly membership: MembershipStore;
  private readonly deadLetters: DeadLetterWriter;
  private readonly subscriptions = new Set<GroupSubscription>();
  private readonly retention: RetentionSchedule | undefined;
  private closing: Promise<void> | undefined;

  constructor(
    private readonly connections: LogConnections,
    private readonly options: ResolvedOptions,
  ) {
    const db = connections.consumers;
    this.topics = new TopicRegistry(connections.appends, options.defaultPartitions);
    this.appends = new AppendBatcher(new RecordLog(connections.appends, this.topics), () => this.watcher.poke());
    this.consumerLog = new RecordLog(db, this.topics);
    this.watcher = new HeadWatcher(this.consumerLog, options.pollIntervalMs, options.logger);
    this.offsets = new OffsetStore(db);
    this.membership = new MembershipStore(db);
    this.deadLetters = new DeadLetterWriter({ db, log: this.consumerLog, offsets: this.offsets }, () =>
      this.watcher.poke(),
    );
    if (options.retentionMs > 0) {
      const { retentionMs, retentionCheckIntervalMs: intervalMs } = options;
      const retention = new LogRetention(db, { retentionMs, intervalMs, deleteBatchSize: RETENTION_DELETE_BATCH });
      this.retention = new RetentionSchedule(retention, intervalMs, options.logger);
    }
  }

  async ensureTopics(topics: readonly TopicSpec[]): Promise<void> {
    this.assertOpen();
    this.topics.ensure(topics);
  }

  async publish(records: readonly OutgoingRecord[]): Promise<void> {
    this.assertOpen();
    assertOutgoingRecords(records);
    if (records.length === 0) return;
    try {
      await this.appends.append(records);
    } catch (error) {
      if (isBusy(error)) throw new UnavailableError('the event log is locked by another process', { cause: error });
      throw error;
    }
  }

  async subscribe(spec: SubscriptionSpec): Promise<Subscription> {
    this.assertOpen();
    assertSubscriptionSpec(spec);
    const concurrency = resolveConcurrency(spec.concurrency);
    const { consumerLog, watcher, offsets, membership, deadLetters, options } = this;
    const subscription = new GroupSubscription(
      {
        db: this.connections.consumers,
        log: consumerLog,
        offsets,
        membership,
        watcher,
        deadLetters,
        logger: options.logger,
        sessionTimeoutMs: options.sessionTimeoutMs,
        heartbeatIntervalMs: options.heartbeatIntervalMs,
        fetchBatchSize: options.fetchBatchSize,
        pollIntervalMs: options.pollIntervalMs,
      },
      {
        group: spec.group,
        topics: [...new Set(spec.topics)].map((name) => this.topics.resolve(name)),
        fromBeginning: spec.fromBeginning ?? true,
        policy: resolveRetryPolicy(spec.retry),
        handler: spec.handler,
        concurrency,
      },
      (stopped) => this.subscriptions.delete(stopped),
    );
    this.subscriptions.add(subscription);
    subscription.start();
    return subscription;
  }

  async consumerLag(group: string, topics: readonly string[]): Promise<number> {
    this.assertOpen();
    return [...new Set(topics)].reduce((sum, topic) => sum + this.offsets.lag(group, topic), 0);
  }

  async isReady(): Promise<boolean> {
    const { appends, consumers } = this.connections;
    if (this.closing || !appends.open || !consumers.open) return false;
    try {
      appends.prepare('SELECT 1').get();
      consumers.prepare('SELECT 1').get();
      return true;
    } catch {
      return false;
    }
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    // Publishes already accepted are appended: their callers were promised durability.
    this.appends.flush();
    const stopping = [...this.subscriptions].map((subscription) => subscription.stop());
    await Promise.all([...stopping, this.retention?.close()]);
    this.watcher.close();
    this.connections.consumers.close();
    this.connections.appends.close();
  }

  private assertOpen(): void {
    if (this.closing) throw new UnavailableError('the event bus is closed');
  }
}

/** ~1 MB of records per delete transaction: a publisher waiting behind one waits milliseconds. */
const RETENTION_DELETE_BATCH = 2_000;

const isBusy = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && (error.code === 'SQLITE_BUSY' || error.code === 'SQLITE_LOCKED');

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
