import type { ConsumedRecord, OutgoingRecord } from '@pc/kit/ports/event-bus';
import type { LogDatabase } from './log-database.js';
import { partitionForKey } from '@pc/kit/ports/support/events/murmur2';
import type { Topic, TopicRegistry } from './topic-registry.js';

/** A record as stored: everything a consumer sees except the delivery attempt. */
export type LogRecord = Omit<ConsumedRecord, 'attempt'>;

/** A record with its topic resolved and its partition chosen, ready to be inserted. */
export interface PlacedRecord {
  readonly record: OutgoingRecord;
  readonly topic: Topic;
  readonly partition: number;
}

interface RecordRow {
  log_offset: number;
  key: string;
  value: Buffer;
  headers: string;
  appended_at: number;
}

/** Appends to and reads from the partitions of the log. */
export class RecordLog {
  private readonly selectHead;
  private readonly updateHead;
  private readonly insertRecord;
  private readonly selectRecords;
  private readonly selectHeads;

  constructor(
    private readonly db: LogDatabase,
    private readonly topics: TopicRegistry,
  ) {
    this.selectHead = db
      .prepare<[number, number], number>('SELECT next_offset FROM partition_heads WHERE topic_id = ? AND partition = ?')
      .pluck();
    this.updateHead = db.prepare('UPDATE partition_heads SET next_offset = ? WHERE topic_id = ? AND partition = ?');
    this.insertRecord = db.prepare(
      `INSERT INTO records (topic_id, partition, log_offset, key, value, headers, appended_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.selectRecords = db.prepare<[number, number, number, number], RecordRow>(
      `SELECT log_offset, key, value, headers, appended_at FROM records
       WHERE topic_id = ? AND partition = ? AND log_offset >= ? ORDER BY log_offset LIMIT ?`,
    );
    this.selectHeads = db.prepare<[number], { partition: number; next_offset: number }>(
      'SELECT partition, next_offset FROM partition_heads WHERE topic_id = ?',
    );
  }

  /** Appends all records in one transaction: either every record is durable or none is. */
  append(records: readonly OutgoingRecord[]): PlacedRecord[] {
    const placed = records.map((record) => this.place(record));
    this.appendPlaced(placed);
    return placed;
  }

  /** Inserts placed records in one transaction of their own. */
  appendPlaced(placed: readonly PlacedRecord[]): void {
    this.db.transaction(() => this.insert(placed)).immediate();
  }

  /** Resolves (or auto-creates) the topic; do it before opening the transaction that inserts. */
  place(record: OutgoingRecord): PlacedRecord {
    const topic = this.topics.resolve(record.topic);
    return { record, topic, partition: partitionForKey(record.key, topic.partitions) };
  }

  /** Inserts at the heads of the partitions. Must run inside the caller's write transaction. */
  insert(placed: readonly PlacedRecord[]): void {
    const appendedAt = Date.now();
    const nextOffsets = new Map<string, { topicId: number; partition: number; next: number }>();
    for (const { record, topic, partition } of placed) {
      const slot = `${topic.id}:${partition}`;
      const head = nextOffsets.get(slot) ?? { topicId: topic.id, partition, next: this.head(topic.id, partition) };
      const value = Buffer.from(record.value.buffer, record.value.byteOffset, record.value.byteLength);
      const headers = JSON.stringify(record.headers ?? {});
      this.insertRecord.run(topic.id, partition, head.next, record.key, value, headers, appendedAt);
      nextOffsets.set(slot, { ...head, next: head.next + 1 });
    }
    for (const { topicId, partition, next } of nextOffsets.values()) this.updateHead.run(next, topicId, partition);
  }

  /** The offset the next record of the partition will get. */
  head(topicId: number, partition: number): number {
    const next = this.selectHead.get(topicId, partition);
    if (next === undefined) throw new Error(`partition ${partition} of topic ${topicId} does not exist`);
    return next;
  }

  /** The next offset of every partition of a topic, by partition. */
  heads(topicId: number): Map<number, number> {
    return new Map(this.selectHeads.all(topicId).map((row) => [row.partition, row.next_offset]));
  }

  fetch(topic: Topic, partition: number, fromOffset: number, limit: number): LogRecord[] {
    return this.selectRecords.all(topic.id, partition, fromOffset, limit).map((row) => ({
      topic: topic.name,
      partition,
      offset: row.log_offset,
      key: row.key,
      // A plain view on the row's buffer: the port promises a Uint8Array, not a Node Buffer.
      value: new Uint8Array(row.value.buffer, row.value.byteOffset, row.value.byteLength),
      headers: JSON.parse(row.headers) as Record<string, string>,
      timestamp: new Date(row.appended_at),
    }));
  }
}
