import type { LogDatabase } from './log-database.js';

export interface Lease {
  readonly memberId: string;
  readonly expiresAt: number;
}

/**
 * Group members and partition leases, shared by every process through the database. A member
 * row and its leases carry the same expiry, renewed by each heartbeat, so a member killed with
 * kill -9 drops out of the group and frees its partitions once the session timeout passes.
 */
export class MembershipStore {
  private readonly upsertMember;
  private readonly renewLeases;
  private readonly selectLiveMembers;
  private readonly selectLeases;
  private readonly upsertLease;
  private readonly deleteLease;
  private readonly deleteMember;
  private readonly deleteMemberLeases;
  private readonly deleteExpiredMembers;

  constructor(private readonly db: LogDatabase) {
    this.upsertMember = db.prepare(
      `INSERT INTO group_members (group_id, topic_id, member_id, pid, expires_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT DO UPDATE SET expires_at = excluded.expires_at`,
    );
    this.renewLeases = db.prepare('UPDATE partition_leases SET expires_at = ? WHERE group_id = ? AND member_id = ?');
    this.selectLiveMembers = db
      .prepare<[string, number, number], string>(
        'SELECT member_id FROM group_members WHERE group_id = ? AND topic_id = ? AND expires_at > ? ORDER BY member_id',
      )
      .pluck();
    this.selectLeases = db.prepare<[string, number], { partition: number; member_id: string; expires_at: number }>(
      'SELECT partition, member_id, expires_at FROM partition_leases WHERE group_id = ? AND topic_id = ?',
    );
    // Taken when free, expired, or already ours; a live member's lease is never stolen.
    this.upsertLease = db.prepare(
      `INSERT INTO partition_leases (group_id, topic_id, partition, member_id, expires_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT DO UPDATE SET member_id = excluded.member_id, expires_at = excluded.expires_at
       WHERE partition_leases.expires_at <= ? OR partition_leases.member_id = excluded.member_id`,
    );
    this.deleteLease = db.prepare(
      'DELETE FROM partition_leases WHERE group_id = ? AND topic_id = ? AND partition = ? AND member_id = ?',
    );
    this.deleteMember = db.prepare('DELETE FROM group_members WHERE group_id = ? AND member_id = ?');
    this.deleteMemberLeases = db.prepare('DELETE FROM partition_leases WHERE group_id = ? AND member_id = ?');
    this.deleteExpiredMembers = db.prepare('DELETE FROM group_members WHERE group_id = ? AND expires_at <= ?');
  }

  /**
   * Joins the group (again, if it was presumed dead) and renews the member's leases. Members
   * expired before `forgetBefore` are deleted on the way, so the table does not grow with every
   * restart; it is done here because this transaction writes anyway.
   */
  heartbeat(
    group: string,
    memberId: string,
    topicIds: readonly number[],
    expiresAt: number,
    forgetBefore: number,
  ): void {
    this.db
      .transaction(() => {
        for (const topicId of topicIds) this.upsertMember.run(group, topicId, memberId, process.pid, expiresAt);
        this.renewLeases.run(expiresAt, group, memberId);
        this.deleteExpiredMembers.run(group, forgetBefore);
      })
      .immediate();
  }

  /** Members of the group on the topic whose session has not expired, sorted by id. */
  liveMembers(group: string, topicId: number, now: number): string[] {
    return this.selectLiveMembers.all(group, topicId, now);
  }

  leases(group: string, topicId: number): Map<number, Lease> {
    return new Map(
      this.selectLeases
        .all(group, topicId)
        .map((row) => [row.partition, { memberId: row.member_id, expiresAt: row.expires_at }]),
    );
  }

  /** Takes the lease if it is free or expired. Run inside the transaction that reads the start position. */
  acquire(
    group: string,
    topicId: number,
    partition: number,
    memberId: string,
    expiresAt: number,
    now: number,
  ): boolean {
    return this.upsertLease.run(group, topicId, partition, memberId, expiresAt, now).changes > 0;
  }

  release(group: string, topicId: number, partition: number, memberId: string): void {
    this.deleteLease.run(group, topicId, partition, memberId);
  }

  leave(group: string, memberId: string): void {
    this.db
      .transaction(() => {
        this.deleteMemberLeases.run(group, memberId);
        this.deleteMember.run(group, memberId);
      })
      .immediate();
  }
}
