import { randomUUID } from 'node:crypto';
import type { ConsumedRecord, RetryPolicy, Subscription } from '@pc/kit/ports/event-bus';
import { targetOwners } from './assignment.js';
import { claimPartition } from './claim-partition.js';
import type { DeadLetterWriter } from './dead-letter.js';
import type { EventLogLogger } from '@pc/kit/ports/support/events/event-bus-logger';
import type { HeadWatcher } from './head-watcher.js';
import type { LogDatabase } from './log-database.js';
import type { MembershipStore } from './membership-store.js';
import type { OffsetStore } from './offset-store.js';
import { PartitionWorker } from './partition-worker.js';
import { planRebalance, type PartitionState } from './rebalance-plan.js';
import { deliverBatch, deliverRecord } from './record-delivery.js';
import type { RecordLog } from './record-log.js';
import type { Topic } from './topic-registry.js';

export interface GroupSubscriptionDeps {
  readonly db: LogDatabase;
  readonly log: RecordLog;
  readonly offsets: OffsetStore;
  readonly membership: MembershipStore;
  readonly watcher: HeadWatcher;
  readonly deadLetters: DeadLetterWriter;
  readonly logger: EventLogLogger;
  readonly sessionTimeoutMs: number;
  readonly heartbeatIntervalMs: number;
  readonly fetchBatchSize: number;
  readonly pollIntervalMs: number;
}

export interface ResolvedSubscription {
  readonly group: string;
  readonly topics: readonly Topic[];
  readonly fromBeginning: boolean;
  readonly policy: RetryPolicy;
  readonly handler: (record: ConsumedRecord) => Promise<void>;
  readonly concurrency: number;
}

/**
 * One member of a consumer group. Every heartbeat it renews its leases and re-plans which
 * partitions it should consume (see rebalance-plan.ts); a worker per owned partition consumes.
 */
export class GroupSubscription implements Subscription {
  private readonly memberId = randomUUID();
  private readonly workers = new Map<string, PartitionWorker>();
  private readonly draining = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private stopped: Promise<void> | undefined;
  private heardAt = 0;

  constructor(
    private readonly deps: GroupSubscriptionDeps,
    private readonly spec: ResolvedSubscription,
    private readonly onStopped: (subscription: GroupSubscription) => void,
  ) {}

  /** Joins the group and takes the partitions that are free right away. */
  start(): void {
    this.tick();
  }

  stop(): Promise<void> {
    this.stopped ??= this.leave();
    return this.stopped;
  }

  /** The last heartbeat the log took (its leases renewed, the partitions planned again). */
  lastHeardAt(): number {
    return this.heardAt;
  }

  private tick(): void {
    this.timer = undefined;
    try {
      const now = Date.now();
      const { membership, sessionTimeoutMs } = this.deps;
      const topicIds = this.spec.topics.map((topic) => topic.id);
      membership.heartbeat(this.spec.group, this.memberId, topicIds, now + sessionTimeoutMs, now - sessionTimeoutMs);
      for (const topic of this.spec.topics) this.rebalance(topic, now);
      this.heardAt = now;
    } catch (error) {
      this.deps.logger.warn(
        { group: this.spec.group, memberId: this.memberId, err: error },
        'event group heartbeat failed; will retry',
      );
    }
    if (!this.stopped) this.timer = setTimeout(() => this.tick(), this.deps.heartbeatIntervalMs);
  }

  private rebalance(topic: Topic, now: number): void {
    const { membership } = this.deps;
    const group = this.spec.group;
    const targets = targetOwners(topic.name, topic.partitions, membership.liveMembers(group, topic.id, now));
    const leases = membership.leases(group, topic.id);
    const states: PartitionState[] = [];
    for (let partition = 0; partition < topic.partitions; partition += 1) {
      const key = slot(topic, partition);
      if (this.workers.get(key)?.finished) this.workers.delete(key);
      const lease = leases.get(partition);
      states.push({
        partition,
        target: targets[partition],
        leaseHolder: lease?.memberId,
        leaseExpired: lease !== undefined && lease.expiresAt <= now,
        consuming: this.workers.has(key),
        draining: this.draining.has(key),
      });
    }
    const plan = planRebalance(this.memberId, states);
    for (const partition of plan.drop) this.retire(topic, partition, false);
    for (const partition of plan.revoke) this.retire(topic, partition, true);
    for (const partition of plan.release) membership.release(group, topic.id, partition, this.memberId);
    for (const partition of plan.acquire) this.consume(topic, partition, now);
  }

  private consume(topic: Topic, partition: number, now: number): void {
    const { deps, spec } = this;
    const claim = { group: spec.group, memberId: this.memberId, topicId: topic.id, partition };
    const start = claimPartition(deps, claim, {
      fromBeginning: spec.fromBeginning,
      expiresAt: now + deps.sessionTimeoutMs,
      now,
    });
    if (!start) return;
    const delivery = {
      claim,
      handler: spec.handler,
      policy: spec.policy,
      offsets: deps.offsets,
      deadLetters: deps.deadLetters,
      logger: deps.logger,
    };
    const worker = new PartitionWorker(
      {
        log: deps.log,
        watcher: deps.watcher,
        logger: deps.logger,
        fetchBatchSize: deps.fetchBatchSize,
        errorPauseMs: deps.pollIntervalMs,
        deliver: (record, firstAttempt, signal) => deliverRecord(delivery, record, firstAttempt, signal),
        concurrency: spec.concurrency,
        deliverBatch: (batch, handledAhead, signal) =>
          deliverBatch(delivery, batch, spec.concurrency, handledAhead, signal),
      },
      topic,
      partition,
      start,
    );
    this.workers.set(slot(topic, partition), worker);
    deps.logger.info(
      { group: spec.group, memberId: this.memberId, topic: topic.name, partition, offset: start.nextOffset },
      'event partition assigned',
    );
  }

  /** Stops the partition's worker; when `release`, gives the lease back once it has committed. */
  private retire(topic: Topic, partition: number, release: boolean): void {
    const key = slot(topic, partition);
    const worker = this.workers.get(key);
    this.workers.delete(key);
    const group = this.spec.group;
    const stopping = (worker ? worker.stop() : Promise.resolve())
      .then(() => {
        if (release) this.deps.membership.release(group, topic.id, partition, this.memberId);
      })
      .catch((error: unknown) => {
        // Not fatal: the lease simply expires after the session timeout.
        this.deps.logger.warn({ group, topic: topic.name, partition, err: error }, 'event partition release failed');
      })
      .finally(() => this.draining.delete(key));
    this.draining.set(key, stopping);
  }

  private async leave(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const worker of [...this.workers.values()]) this.retire(worker.topic, worker.partition, true);
    await Promise.all(this.draining.values());
    try {
      this.deps.membership.leave(this.spec.group, this.memberId);
    } catch (error) {
      this.deps.logger.warn(
        { group: this.spec.group, err: error },
        'event group leave failed; the session will expire',
      );
    }
    this.onStopped(this);
  }
}

const slot = (topic: Topic, partition: number): string => `${topic.id}:${partition}`;
