import type { Consumer } from 'kafkajs';
import type { ConsumedRecord, RetryPolicy, Subscription } from '@pc/kit/ports/event-bus';
import { AttemptTracker } from './attempt-tracker.js';
import { batchDelivery } from './batch-delivery.js';
import { HandledAhead } from './handled-ahead.js';
import type { KafkaClient } from './kafka-clients.js';
import type { KafkaEventBusLogger, ResolvedKafkaOptions } from './kafka-event-bus-options.js';

export interface ResolvedKafkaSubscription {
  readonly group: string;
  readonly topics: readonly string[];
  readonly fromBeginning: boolean;
  readonly policy: RetryPolicy;
  readonly handler: (record: ConsumedRecord) => Promise<void>;
  readonly concurrency: number;
}

export interface KafkaSubscriptionDeps {
  /** This member's own client, so that stopping it can close every socket it opened. */
  readonly client: KafkaClient;
  readonly options: ResolvedKafkaOptions;
  readonly deadLetter: (record: ConsumedRecord, error: unknown, attempts: number) => Promise<void>;
  readonly onStopped: (subscription: KafkaSubscription) => void;
}

/**
 * One member of a consumer group: a kafkajs consumer with manual commits (see batch-delivery.ts).
 * kafkajs does the group protocol: joining, eager rebalancing (every member gives its partitions
 * back and gets a new share), heartbeats, and restarting itself after a broker outage.
 */
export class KafkaSubscription implements Subscription {
  private readonly consumer: Consumer;
  private readonly attempts = new AttemptTracker();
  private readonly handledAhead = new HandledAhead();
  private readonly resumeTimers = new Set<NodeJS.Timeout>();
  private readonly logger: KafkaEventBusLogger;
  private starting: Promise<void> | undefined;
  private stopping: Promise<void> | undefined;
  private heardAt = 0;

  constructor(
    private readonly deps: KafkaSubscriptionDeps,
    private readonly spec: ResolvedKafkaSubscription,
  ) {
    const { options } = deps;
    this.logger = options.logger;
    this.consumer = deps.client.kafka.consumer({
      groupId: spec.group,
      sessionTimeout: options.sessionTimeoutMs,
      heartbeatInterval: options.heartbeatIntervalMs,
      maxWaitTimeInMs: options.maxWaitTimeMs,
      allowAutoTopicCreation: false,
      // kafkajs restarts a crashed consumer by itself, even one that was stopped while it was
      // restarting; a stopped member must stay stopped. (Passing `retry` also keeps the client's
      // retry settings, which kafkajs's consumer default would cut to 5 retries.)
      retry: { restartOnFailure: async () => !this.stopping },
    });
    this.watchGroup();
  }

  /** Joins the group; resolves once this member has its first share of the partitions. */
  start(): Promise<void> {
    this.starting ??= this.join();
    return this.starting;
  }

  private async join(): Promise<void> {
    const { spec, deps } = this;
    // A stop() that came while a step was under way ends the start after that step.
    await this.consumer.connect();
    if (this.stopping) return;
    await this.consumer.subscribe({ topics: [...spec.topics], fromBeginning: spec.fromBeginning });
    if (this.stopping) return;
    await this.consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: deps.options.partitionsConsumedConcurrently,
      eachBatch: batchDelivery({
        group: spec.group,
        handler: spec.handler,
        policy: spec.policy,
        concurrency: spec.concurrency,
        attempts: this.attempts,
        handledAhead: this.handledAhead,
        deadLetter: deps.deadLetter,
        resumeLater: (resume, ms) => this.resumeLater(resume, ms),
        logger: this.logger,
      }),
    });
  }

  /** The last fetch or heartbeat the brokers answered (a fetch comes back within maxWaitTimeMs, empty or not). */
  lastHeardAt(): number {
    return this.heardAt;
  }

  /** Finishes the batch in flight (its handled records are committed), then leaves the group. */
  stop(): Promise<void> {
    this.stopping ??= this.leave();
    return this.stopping;
  }

  private async leave(): Promise<void> {
    // Disconnecting in the middle of kafkajs's connect or join would leave a member behind.
    await this.starting?.catch(() => undefined);
    for (const timer of this.resumeTimers) clearTimeout(timer);
    this.resumeTimers.clear();
    try {
      await this.consumer.disconnect();
    } catch (error) {
      // The coordinator drops the member when its session expires; nothing is lost meanwhile.
      this.logger.warn({ group: this.spec.group, err: error }, 'event consumer did not leave its group cleanly');
    }
    this.deps.client.sockets.closeLeftovers();
    this.deps.onStopped(this);
  }

  private resumeLater(resume: () => void, ms: number): void {
    if (this.stopping) return;
    const timer = setTimeout(() => {
      this.resumeTimers.delete(timer);
      resume();
    }, ms);
    this.resumeTimers.add(timer);
  }

  private watchGroup(): void {
    const { group } = this.spec;
    this.consumer.on(this.consumer.events.GROUP_JOIN, ({ payload }) => {
      this.attempts.retainAssigned(payload.memberAssignment);
      this.handledAhead.retainAssigned(payload.memberAssignment);
      this.logger.info(
        { group, memberId: payload.memberId, assignment: payload.memberAssignment },
        'event partitions assigned',
      );
    });
    const heard = (): void => {
      if (!this.stopping) this.heardAt = Date.now();
    };
    this.consumer.on(this.consumer.events.FETCH, heard);
    this.consumer.on(this.consumer.events.HEARTBEAT, heard);
    this.consumer.on(this.consumer.events.CRASH, ({ payload }) => {
      // kafkajs restarts the consumer after retriable failures (a broker outage) by itself.
      if (!payload.restart) {
        this.logger.error({ group, err: payload.error }, 'event consumer crashed and does not restart');
      }
    });
  }
}
