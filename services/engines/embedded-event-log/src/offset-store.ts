import type { LogDatabase } from './log-database.js';
import type { GroupPosition, PartitionClaim } from './partition-claim.js';

/**
 * Committed positions of consumer groups. Every write is fenced by the partition lease: a member
 * that lost its partition (it stalled past the session timeout and another member took over)
 * cannot move the group's position any more, just as Kafka rejects commits from a stale
 * generation.
 */
export class OffsetStore {
  private readonly selectPosition;
  private readonly upsertPosition;
  private readonly insertPosition;
  private readonly selectLeaseHolder;
  private readonly selectLag;

  constructor(private readonly db: LogDatabase) {
    this.selectPosition = db.prepare<[string, number, number], { next_offset: number; failed_attempts: number }>(
      `SELECT next_offset, failed_attempts FROM committed_offsets
       WHERE group_id = ? AND topic_id = ? AND partition = ?`,
    );
    this.upsertPosition = db.prepare(
      `INSERT INTO committed_offsets (group_id, topic_id, partition, next_offset, failed_attempts, committed_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT DO UPDATE SET next_offset = excluded.next_offset,
         failed_attempts = excluded.failed_attempts, committed_at = excluded.committed_at`,
    );
    this.insertPosition = db.prepare(
      `INSERT INTO committed_offsets (group_id, topic_id, partition, next_offset, failed_attempts, committed_at)
       VALUES (?, ?, ?, ?, 0, ?) ON CONFLICT DO NOTHING`,
    );
    this.selectLag = db
      .prepare<[string, string], number>(
        `SELECT coalesce(sum(h.next_offset - max(coalesce(c.next_offset, 0), coalesce(
           (SELECT min(r.log_offset) FROM records AS r WHERE r.topic_id = h.topic_id AND r.partition = h.partition),
           h.next_offset))), 0)
         FROM topics AS t JOIN partition_heads AS h ON h.topic_id = t.id
         LEFT JOIN committed_offsets AS c ON c.group_id = ? AND c.topic_id = h.topic_id AND c.partition = h.partition
         WHERE t.name = ?`,
      )
      .pluck();
    this.selectLeaseHolder = db
      .prepare<[string, number, number], string>(
        'SELECT member_id FROM partition_leases WHERE group_id = ? AND topic_id = ? AND partition = ?',
      )
      .pluck();
  }

  position(claim: PartitionClaim): GroupPosition | undefined {
    const row = this.selectPosition.get(claim.group, claim.topicId, claim.partition);
    return row && { nextOffset: row.next_offset, failedAttempts: row.failed_attempts };
  }

  /**
   * Records of the topic behind the group's positions, from the oldest record left where it has
   * none or where retention deleted past it.
   */
  lag(group: string, topic: string): number {
    return this.selectLag.get(group, topic) ?? 0;
  }

  /** Records a starting position unless the group already has one. */
  initialise(claim: PartitionClaim, nextOffset: number): void {
    this.insertPosition.run(claim.group, claim.topicId, claim.partition, nextOffset, Date.now());
  }

  /** Moves the group past a handled record. False when the member no longer holds the lease. */
  commit(claim: PartitionClaim, nextOffset: number): boolean {
    return this.write(claim, nextOffset, 0);
  }

  /** Remembers that the record at `offset` failed `failedAttempts` times, for the next owner. */
  recordFailure(claim: PartitionClaim, offset: number, failedAttempts: number): boolean {
    return this.write(claim, offset, failedAttempts);
  }

  private write(claim: PartitionClaim, nextOffset: number, failedAttempts: number): boolean {
    return this.db
      .transaction(() => {
        if (this.selectLeaseHolder.get(claim.group, claim.topicId, claim.partition) !== claim.memberId) return false;
        this.upsertPosition.run(claim.group, claim.topicId, claim.partition, nextOffset, failedAttempts, Date.now());
        return true;
      })
      .immediate();
  }
}
