import type { EventBusAdmin, GroupLag, LoggedRecord, TopicSummary } from '@pc/kit/ports/event-bus-admin';
import { openLogConnections, type LogDatabase } from './log-database.js';

interface RecordRow {
  topic: string;
  partition: number;
  log_offset: number;
  key: string;
  value: Buffer;
  headers: string;
  appended_at: number;
}

const RECORD_COLUMNS = `t.name AS topic, r.partition, r.log_offset, r.key, r.value, r.headers, r.appended_at`;

const loggedRecord = (row: RecordRow): LoggedRecord => ({
  topic: row.topic,
  partition: row.partition,
  offset: row.log_offset,
  key: row.key,
  value: new Uint8Array(row.value),
  headers: JSON.parse(row.headers) as Record<string, string>,
  timestamp: new Date(row.appended_at),
});

/**
 * The staff view of the embedded log (EventBusAdmin): plain reads of the log's tables on a
 * connection of its own, never a write, so it cannot disturb the consumers' leases or offsets.
 * A group's lag counts as `OffsetStore.lag` does; its members are those whose lease has not
 * expired.
 */
export class EmbeddedBusAdmin implements EventBusAdmin {
  private readonly selectTopics;
  private readonly selectGroups;
  private readonly selectNewest;
  private readonly selectRecord;

  constructor(
    private readonly db: LogDatabase,
    private readonly closeConnections: () => void,
  ) {
    this.selectTopics = db.prepare<[], { name: string; partitions: number; records: number; appended: number }>(
      `SELECT t.name, t.partitions,
         (SELECT count(*) FROM records AS r WHERE r.topic_id = t.id) AS records,
         (SELECT coalesce(sum(h.next_offset), 0) FROM partition_heads AS h WHERE h.topic_id = t.id) AS appended
       FROM topics AS t ORDER BY t.name`,
    );
    this.selectGroups = db.prepare<[number], { group_id: string; topic: string; lag: number; members: number }>(
      `SELECT g.group_id, t.name AS topic,
         (SELECT coalesce(sum(h.next_offset - max(coalesce(c.next_offset, 0), coalesce(
            (SELECT min(r.log_offset) FROM records AS r WHERE r.topic_id = h.topic_id AND r.partition = h.partition),
            h.next_offset))), 0)
          FROM partition_heads AS h
          LEFT JOIN committed_offsets AS c
            ON c.group_id = g.group_id AND c.topic_id = h.topic_id AND c.partition = h.partition
          WHERE h.topic_id = t.id) AS lag,
         (SELECT count(*) FROM group_members AS m
          WHERE m.group_id = g.group_id AND m.topic_id = t.id AND m.expires_at > ?) AS members
       FROM (SELECT DISTINCT group_id, topic_id FROM committed_offsets) AS g
       JOIN topics AS t ON t.id = g.topic_id
       ORDER BY g.group_id, t.name`,
    );
    this.selectNewest = db.prepare<[string, number], RecordRow>(
      `SELECT ${RECORD_COLUMNS} FROM records AS r JOIN topics AS t ON t.id = r.topic_id
       WHERE t.name = ? ORDER BY r.appended_at DESC, r.partition, r.log_offset DESC LIMIT ?`,
    );
    this.selectRecord = db.prepare<[string, number, number], RecordRow>(
      `SELECT ${RECORD_COLUMNS} FROM records AS r JOIN topics AS t ON t.id = r.topic_id
       WHERE t.name = ? AND r.partition = ? AND r.log_offset = ?`,
    );
  }

  async topics(): Promise<TopicSummary[]> {
    return this.selectTopics.all();
  }

  async groups(): Promise<GroupLag[]> {
    return this.selectGroups
      .all(Date.now())
      .map((row) => ({ group: row.group_id, topic: row.topic, lag: row.lag, members: row.members }));
  }

  async newestRecords(topic: string, limit: number): Promise<LoggedRecord[]> {
    return this.selectNewest.all(topic, limit).map(loggedRecord);
  }

  async record(topic: string, partition: number, offset: number): Promise<LoggedRecord | null> {
    const row = this.selectRecord.get(topic, partition, offset);
    return row ? loggedRecord(row) : null;
  }

  async close(): Promise<void> {
    this.closeConnections();
  }
}

/** The staff view of the log file at `path` (the one the services' buses share). */
export function openEmbeddedBusAdmin(path: string, busyTimeoutMs = 5_000): EventBusAdmin {
  const { appends, consumers } = openLogConnections(path, busyTimeoutMs);
  appends.close();
  return new EmbeddedBusAdmin(consumers, () => consumers.close());
}
