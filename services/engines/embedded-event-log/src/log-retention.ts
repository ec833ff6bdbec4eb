import type { LogDatabase } from './log-database.js';

export interface RetentionSettings {
  /** A record older than this is deleted unless a group that still counts has not read it. */
  readonly retentionMs: number;
  /** How often one of the processes that share the log prunes it. */
  readonly intervalMs: number;
  /** Records deleted per transaction: a publisher waits for one small transaction at most. */
  readonly deleteBatchSize: number;
}

interface PartitionBounds {
  topic_id: number;
  partition: number;
  head: number;
  first: number | null;
}

const TASK = 'retention';

/**
 * Deletes old records, as Kafka's time-based retention does, so the log does not grow without
 * bound. Unlike Kafka, a record is kept while a consumer group that still counts has not read it:
 * one with a live member, or one that committed within the retention period. A group that has been
 * gone for longer than that stops holding records back (Kafka's offsets.retention), and when it
 * comes back it resumes at the oldest record left (partition-worker.ts logs the skip).
 *
 * Records are deleted oldest first and only below the first record that is young enough, so the
 * log stays a contiguous suffix of each partition. SQLite reuses the freed pages for new records;
 * the file does not shrink (an offline `VACUUM` gives the space back to the OS).
 */
export class LogRetention {
  private readonly selectBounds;
  private readonly selectPin;
  private readonly selectUnpositionedMember;
  private readonly selectFirstYoung;
  private readonly deleteRange;
  private readonly selectNextRun;
  private readonly upsertNextRun;

  constructor(
    private readonly db: LogDatabase,
    private readonly settings: RetentionSettings,
  ) {
    this.selectBounds = db.prepare<[], PartitionBounds>(
      `SELECT h.topic_id, h.partition, h.next_offset AS head,
         (SELECT min(r.log_offset) FROM records AS r WHERE r.topic_id = h.topic_id AND r.partition = h.partition) AS first
       FROM partition_heads AS h`,
    );
    // The lowest position among the groups that still count on this partition.
    this.selectPin = db
      .prepare<[number, number, number, number], number | null>(
        `SELECT min(c.next_offset) FROM committed_offsets AS c
         WHERE c.topic_id = ? AND c.partition = ? AND (c.committed_at >= ? OR EXISTS (
           SELECT 1 FROM group_members AS m
           WHERE m.group_id = c.group_id AND m.topic_id = c.topic_id AND m.expires_at > ?))`,
      )
      .pluck();
    // A live member of a group with no position here yet will start at the oldest record.
    this.selectUnpositionedMember = db
      .prepare<[number, number, number], number>(
        `SELECT EXISTS (SELECT 1 FROM group_members AS m
           WHERE m.topic_id = ? AND m.expires_at > ? AND NOT EXISTS (
             SELECT 1 FROM committed_offsets AS c
             WHERE c.group_id = m.group_id AND c.topic_id = m.topic_id AND c.partition = ?))`,
      )
      .pluck();
    this.selectFirstYoung = db
      .prepare<[number, number, number, number, number], number>(
        `SELECT log_offset FROM records
         WHERE topic_id = ? AND partition = ? AND log_offset >= ? AND log_offset < ? AND appended_at >= ?
         ORDER BY log_offset LIMIT 1`,
      )
      .pluck();
    this.deleteRange = db.prepare(
      'DELETE FROM records WHERE topic_id = ? AND partition = ? AND log_offset >= ? AND log_offset < ?',
    );
    this.selectNextRun = db.prepare<[string], number>('SELECT next_run_at FROM log_maintenance WHERE task = ?').pluck();
    this.upsertNextRun = db.prepare(
      `INSERT INTO log_maintenance (task, next_run_at) VALUES (?, ?)
       ON CONFLICT DO UPDATE SET next_run_at = excluded.next_run_at`,
    );
  }

  /** Takes this interval's run for the calling process; false when another process has it. */
  claimRun(now = Date.now()): boolean {
    return this.db
      .transaction(() => {
        const next = this.selectNextRun.get(TASK);
        if (next !== undefined && next > now) return false;
        this.upsertNextRun.run(TASK, now + this.settings.intervalMs);
        return true;
      })
      .immediate();
  }

  /**
   * Deletes every record that retention allows; returns how many. Yields to the event loop
   * between transactions and stops early when `signal` aborts.
   */
  async prune(signal?: AbortSignal, now = Date.now()): Promise<number> {
    const cutoff = now - this.settings.retentionMs;
    let deleted = 0;
    for (const bounds of this.selectBounds.all()) {
      if (signal?.aborted) break;
      const { topic_id: topicId, partition, first } = bounds;
      if (first === null) continue;
      const end = this.heldFrom({ ...bounds, first }, cutoff, now);
      // A batch at a time up to the first young record: the scan for it is as long as the delete.
      for (let from = first; from < end && !signal?.aborted;) {
        const to = Math.min(end, from + this.settings.deleteBatchSize);
        const young = this.selectFirstYoung.get(topicId, partition, from, to, cutoff);
        const range = [topicId, partition, from, young ?? to] as const;
        if (young !== from) deleted += this.db.transaction(() => this.deleteRange.run(...range).changes).immediate();
        if (young !== undefined) break;
        from = to;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    return deleted;
  }

  /** The offset from which a group that still counts needs the partition's records. */
  private heldFrom(bounds: PartitionBounds & { first: number }, cutoff: number, now: number): number {
    const { topic_id: topicId, partition, head, first } = bounds;
    if (this.selectUnpositionedMember.get(topicId, now, partition) === 1) return first;
    return Math.min(head, this.selectPin.get(topicId, partition, cutoff, now) ?? head);
  }
}
