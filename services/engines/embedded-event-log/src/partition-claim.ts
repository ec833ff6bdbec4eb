/** One partition of one topic as claimed by one member of a group. */
export interface PartitionClaim {
  readonly group: string;
  readonly memberId: string;
  readonly topicId: number;
  readonly partition: number;
}

/** Where a member starts reading a partition it just acquired. */
export interface GroupPosition {
  readonly nextOffset: number;
  /** Failed deliveries of the record at `nextOffset` so far (by any member, before any restart). */
  readonly failedAttempts: number;
}
