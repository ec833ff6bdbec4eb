import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { TopicSpec } from '@pc/kit/ports/event-bus';
import type { LogDatabase } from './log-database.js';
import { assertTopicName } from '@pc/kit/ports/support/events/topic-name';

export interface Topic {
  readonly id: number;
  readonly name: string;
  readonly partitions: number;
}

/**
 * Topics and their partition counts. A topic never changes its partition count, so once read it
 * is cached for the life of the bus.
 */
export class TopicRegistry {
  private readonly cache = new Map<string, Topic>();
  private readonly insertTopic;
  private readonly selectTopic;
  private readonly insertHead;

  constructor(
    private readonly db: LogDatabase,
    private readonly defaultPartitions: number,
  ) {
    this.insertTopic = db.prepare(
      'INSERT INTO topics (name, partitions, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING',
    );
    this.selectTopic = db.prepare<[string], Topic>('SELECT id, name, partitions FROM topics WHERE name = ?');
    this.insertHead = db.prepare(
      'INSERT INTO partition_heads (topic_id, partition, next_offset) VALUES (?, ?, 0) ON CONFLICT DO NOTHING',
    );
  }

  /** Creates the topics that do not exist yet, all in one transaction. */
  ensure(specs: readonly TopicSpec[]): Topic[] {
    specs.forEach((spec, i) => {
      assertTopicName(spec.name, `topics[${i}].name`);
      if (!Number.isInteger(spec.partitions) || spec.partitions < 1) {
        throw new InvalidArgumentError([{ field: `topics[${i}].partitions`, reason: 'must be a positive integer' }]);
      }
    });
    const topics = this.db
      .transaction(() => specs.map((spec) => this.findOrCreate(spec.name, spec.partitions)))
      .immediate();
    return topics.map((topic) => this.remember(topic));
  }

  /**
   * The topic, created with the default partition count when unknown (Kafka's auto-create).
   * Call it outside other transactions: the cache must only ever hold committed topics.
   */
  resolve(name: string): Topic {
    const cached = this.cache.get(name);
    if (cached) return cached;
    return this.remember(this.db.transaction(() => this.findOrCreate(name, this.defaultPartitions)).immediate());
  }

  private remember(topic: Topic): Topic {
    this.cache.set(topic.name, topic);
    return topic;
  }

  private findOrCreate(name: string, partitions: number): Topic {
    const created = this.insertTopic.run(name, partitions, Date.now()).changes > 0;
    const topic = this.selectTopic.get(name);
    if (!topic) throw new Error(`topic ${name} vanished while being created`);
    if (created) {
      for (let partition = 0; partition < topic.partitions; partition += 1) this.insertHead.run(topic.id, partition);
    }
    return topic;
  }
}
