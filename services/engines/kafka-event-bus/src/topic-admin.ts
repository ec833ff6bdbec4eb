import type { Admin, Kafka } from 'kafkajs';
import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { TopicSpec } from '@pc/kit/ports/event-bus';
import { assertTopicName } from '@pc/kit/ports/support/events/topic-name';

/** Replication of the topics the bus creates; unset fields take the brokers' defaults. */
export interface TopicDurability {
  readonly replicationFactor?: number;
  readonly minInSyncReplicas?: number;
}

/**
 * Creates topics on the cluster. The brokers run with auto-creation off (a typo must not create
 * a topic), so the bus creates what it publishes to or subscribes to, like the embedded log.
 * Topics are never deleted and never change their partition count, so once seen a topic is
 * remembered for the life of the bus.
 */
export class TopicAdmin {
  private readonly admin: Admin;
  private readonly known = new Set<string>();
  private connecting: Promise<void> | undefined;
  /** Creations run one after the other, so two publishes never race to create one topic. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    kafka: Kafka,
    private readonly defaultPartitions: number,
    private readonly durability: TopicDurability = {},
  ) {
    this.admin = kafka.admin();
  }

  /** Creates the topics that do not exist yet; existing ones keep their partition count. */
  ensure(specs: readonly TopicSpec[]): Promise<void> {
    assertTopicSpecs(specs);
    if (specs.every((spec) => this.known.has(spec.name))) return Promise.resolve();
    const created = this.queue.then(() => this.create(specs));
    this.queue = created.catch(() => undefined);
    return created;
  }

  /** Makes sure the named topics exist, creating unknown ones with the default partition count. */
  ensureNames(names: readonly string[]): Promise<void> {
    return this.ensure([...new Set(names)].map((name) => ({ name, partitions: this.defaultPartitions })));
  }

  /**
   * Records of `topics` behind the group's committed offsets (a partition it has not committed
   * in counts from the start of the log; a topic that does not exist counts 0).
   */
  async consumerLag(groupId: string, topics: readonly string[]): Promise<number> {
    await this.connected();
    const existing = new Set(await this.admin.listTopics());
    const wanted = [...new Set(topics)].filter((topic) => existing.has(topic));
    if (wanted.length === 0) return 0;
    let lag = 0;
    for (const { topic, partitions } of await this.admin.fetchOffsets({ groupId, topics: wanted })) {
      const heads = new Map((await this.admin.fetchTopicOffsets(topic)).map((entry) => [entry.partition, entry]));
      for (const { partition, offset } of partitions) {
        const head = heads.get(partition);
        if (!head) continue;
        const committed = Number(offset) >= 0 ? Number(offset) : Number(head.low);
        lag += Math.max(0, Number(head.high) - committed);
      }
    }
    return lag;
  }

  /** How many brokers the cluster reports (for readiness). */
  async brokerCount(): Promise<number> {
    await this.connected();
    return (await this.admin.describeCluster()).brokers.length;
  }

  async close(): Promise<void> {
    await this.admin.disconnect();
  }

  private async create(specs: readonly TopicSpec[]): Promise<void> {
    const missing = specs.filter((spec) => !this.known.has(spec.name));
    if (missing.length === 0) return;
    await this.connected();
    const existing = new Set(await this.admin.listTopics());
    const byName = new Map(missing.filter((spec) => !existing.has(spec.name)).map((spec) => [spec.name, spec]));
    if (byName.size > 0) {
      // Resolves false when another process created them first, which is just as good.
      await this.admin.createTopics({
        topics: [...byName.values()].map((spec) => ({
          topic: spec.name,
          numPartitions: spec.partitions,
          // -1: the brokers' default.replication.factor.
          replicationFactor: this.durability.replicationFactor ?? -1,
          configEntries:
            this.durability.minInSyncReplicas === undefined
              ? []
              : [{ name: 'min.insync.replicas', value: String(this.durability.minInSyncReplicas) }],
        })),
        waitForLeaders: true,
      });
    }
    for (const spec of missing) this.known.add(spec.name);
  }

  private connected(): Promise<void> {
    this.connecting ??= this.admin.connect().catch((error: unknown) => {
      this.connecting = undefined; // the next call tries again
      throw error;
    });
    return this.connecting;
  }
}

function assertTopicSpecs(specs: readonly TopicSpec[]): void {
  if (!Array.isArray(specs)) throw new InvalidArgumentError([{ field: 'topics', reason: 'must be an array' }]);
  specs.forEach((spec, i) => {
    assertTopicName(spec.name, `topics[${i}].name`);
    if (!Number.isInteger(spec.partitions) || spec.partitions < 1) {
      throw new InvalidArgumentError([{ field: `topics[${i}].partitions`, reason: 'must be a positive integer' }]);
    }
  });
}
