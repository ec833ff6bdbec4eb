import { randomUUID } from 'node:crypto';
import { AssignerProtocol, Kafka, type Admin } from 'kafkajs';
import type { EventBusAdmin, GroupLag, LoggedRecord, TopicSummary } from '@pc/kit/ports/event-bus-admin';
import type { KafkaEventBusLogger } from './kafka-event-bus-options.js';
import { kafkaLogCreator, kafkaLogLevel } from './kafka-log-creator.js';
import { decodeHeaders } from './record-mapping.js';

export interface KafkaBusAdminOptions {
  readonly brokers: readonly string[];
  readonly clientId?: string;
  /** Where kafkajs's own lines go, as the bus's do (what it retries by itself as warnings). */
  readonly logger: KafkaEventBusLogger;
  /** Longest wait for the records of one read (the brokers answer within it or the read stops). */
  readonly readTimeoutMs?: number;
}

/** A read's partitions: where to start and where the log ended when the read began. */
type ReadRange = ReadonlyMap<number, { readonly from: bigint; readonly end: bigint }>;

/**
 * The staff view of Kafka (EventBusAdmin) through kafkajs' admin client: topics with their
 * watermarks, consumer groups' committed offsets against them, members from the groups'
 * assignments. Records are read by a consumer of a throw-away group that never commits and is
 * deleted after the read (kafkajs has no group-less consumer).
 */
export class KafkaBusAdmin implements EventBusAdmin {
  private readonly kafka: Kafka;
  private readonly admin: Admin;
  private connecting: Promise<void> | undefined;

  constructor(private readonly options: KafkaBusAdminOptions) {
    this.kafka = new Kafka({
      clientId: options.clientId ?? 'event-bus-admin',
      brokers: [...options.brokers],
      logLevel: kafkaLogLevel,
      logCreator: kafkaLogCreator(options.logger),
    });
    this.admin = this.kafka.admin();
  }

  async topics(): Promise<TopicSummary[]> {
    await this.connected();
    const names = (await this.admin.listTopics()).filter((name) => !name.startsWith('__')).sort();
    return Promise.all(
      names.map(async (name) => {
        const offsets = await this.admin.fetchTopicOffsets(name);
        return {
          name,
          partitions: offsets.length,
          records: offsets.reduce((sum, p) => sum + Number(p.high) - Number(p.low), 0),
          appended: offsets.reduce((sum, p) => sum + Number(p.high), 0),
        };
      }),
    );
  }

  async groups(): Promise<GroupLag[]> {
    await this.connected();
    const groupIds = (await this.admin.listGroups()).groups
      .filter((group) => group.protocolType === 'consumer' || group.protocolType === '')
      .map((group) => group.groupId)
      .sort();
    if (groupIds.length === 0) return [];
    const described = new Map((await this.admin.describeGroups(groupIds)).groups.map((g) => [g.groupId, g]));
    const heads = new Map<string, Map<number, { low: number; high: number }>>();
    const headsOf = async (topic: string) => {
      let found = heads.get(topic);
      if (!found) {
        found = new Map(
          (await this.admin.fetchTopicOffsets(topic)).map((p) => [
            p.partition,
            { low: Number(p.low), high: Number(p.high) },
          ]),
        );
        heads.set(topic, found);
      }
      return found;
    };
    const lags: GroupLag[] = [];
    for (const groupId of groupIds) {
      const members = membersPerTopic(described.get(groupId)?.members ?? []);
      for (const { topic, partitions } of await this.admin.fetchOffsets({ groupId })) {
        if (topic.startsWith('__')) continue;
        const partitionHeads = await headsOf(topic);
        let lag = 0;
        for (const { partition, offset } of partitions) {
          const head = partitionHeads.get(partition);
          if (!head) continue;
          const committed = Number(offset) >= 0 ? Math.max(Number(offset), head.low) : head.low;
          lag += Math.max(0, head.high - committed);
        }
        lags.push({ group: groupId, topic, lag, members: members.get(topic) ?? 0 });
      }
    }
    return lags;
  }

  async newestRecords(topic: string, limit: number): Promise<LoggedRecord[]> {
    await this.connected();
    if (!(await this.admin.listTopics()).includes(topic)) return [];
    const range = new Map(
      (await this.admin.fetchTopicOffsets(topic)).map((p) => {
        const end = BigInt(p.high);
        const low = BigInt(p.low);
        const from = end - BigInt(limit) > low ? end - BigInt(limit) : low;
        return [p.partition, { from, end }];
      }),
    );
    const records = await this.read(topic, range);
    return records
      .sort((a, b) => b.timestamp.getTime() - a.timestamp.getTime() || a.partition - b.partition || b.offset - a.offset)
      .slice(0, limit);
  }

  async record(topic: string, partition: number, offset: number): Promise<LoggedRecord | null> {
    await this.connected();
    if (!(await this.admin.listTopics()).includes(topic)) return null;
    const head = (await this.admin.fetchTopicOffsets(topic)).find((p) => p.partition === partition);
    if (!head || BigInt(offset) < BigInt(head.low) || BigInt(offset) >= BigInt(head.high)) return null;
    const [found] = await this.read(topic, new Map([[partition, { from: BigInt(offset), end: BigInt(offset) + 1n }]]));
    return found ?? null;
  }

  async close(): Promise<void> {
    if (this.connecting) await this.admin.disconnect();
  }

  /** The records in `range` of each partition, read by a consumer of its own group. */
  private async read(topic: string, range: ReadRange): Promise<LoggedRecord[]> {
    const pending = new Set([...range].filter(([, r]) => r.from < r.end).map(([partition]) => partition));
    if (pending.size === 0) return [];
    const groupId = `pricecompare-admin-read-${randomUUID()}`;
    const consumer = this.kafka.consumer({ groupId, allowAutoTopicCreation: false });
    const records: LoggedRecord[] = [];
    await consumer.connect();
    try {
      await consumer.subscribe({ topics: [topic], fromBeginning: true });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, this.options.readTimeoutMs ?? 10_000);
        consumer.on(consumer.events.CRASH, (event) => {
          clearTimeout(timer);
          reject(event.payload.error);
        });
        void consumer.run({
          autoCommit: false,
          eachMessage: async ({ partition, message }) => {
            const bounds = range.get(partition);
            const offset = BigInt(message.offset);
            if (!bounds || offset < bounds.from || offset >= bounds.end) return;
            records.push({
              topic,
              partition,
              offset: Number(offset),
              key: message.key?.toString() ?? '',
              value: new Uint8Array(message.value ?? Buffer.alloc(0)),
              headers: decodeHeaders(message.headers),
              timestamp: new Date(Number(message.timestamp)),
            });
            if (offset + 1n >= bounds.end) {
              pending.delete(partition);
              if (pending.size === 0) {
                clearTimeout(timer);
                resolve();
              }
            }
          },
        });
        for (const [partition, bounds] of range)
          if (bounds.from < bounds.end) consumer.seek({ topic, partition, offset: String(bounds.from) });
      });
    } finally {
      await consumer.disconnect();
      await this.admin.deleteGroups([groupId]).catch(() => undefined);
    }
    return records;
  }

  private connected(): Promise<void> {
    this.connecting ??= this.admin.connect().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }
}

/** How many of a group's members hold partitions of each topic (from their assignments). */
function membersPerTopic(members: readonly { memberAssignment: Buffer }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const member of members) {
    const decoded =
      member.memberAssignment.length > 0 ? AssignerProtocol.MemberAssignment.decode(member.memberAssignment) : null;
    for (const topic of Object.keys(decoded?.assignment ?? {})) counts.set(topic, (counts.get(topic) ?? 0) + 1);
  }
  return counts;
}
