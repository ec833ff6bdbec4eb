import type { LogDatabase } from './log-database.js';
import type { MembershipStore } from './membership-store.js';
import type { OffsetStore } from './offset-store.js';
import type { GroupPosition, PartitionClaim } from './partition-claim.js';
import type { RecordLog } from './record-log.js';

export interface ClaimTerms {
  readonly fromBeginning: boolean;
  readonly expiresAt: number;
  readonly now: number;
}

/**
 * Takes the partition's lease and reads where the group stands, in one transaction, so the
 * position read is the one the previous owner committed before it let go. Undefined when another
 * live member still holds the lease.
 */
export function claimPartition(
  stores: {
    readonly db: LogDatabase;
    readonly membership: MembershipStore;
    readonly offsets: OffsetStore;
    readonly log: RecordLog;
  },
  claim: PartitionClaim,
  terms: ClaimTerms,
): GroupPosition | undefined {
  const { db, membership, offsets, log } = stores;
  return db
    .transaction((): GroupPosition | undefined => {
      if (
        !membership.acquire(claim.group, claim.topicId, claim.partition, claim.memberId, terms.expiresAt, terms.now)
      ) {
        return undefined;
      }
      const committed = offsets.position(claim);
      if (committed) return committed;
      if (terms.fromBeginning) return { nextOffset: 0, failedAttempts: 0 };
      // "Latest" is pinned as the group's position right away: if the partition moved to another
      // member before the first commit, that member would otherwise start at a later head and
      // silently skip what was published in between.
      const nextOffset = log.head(claim.topicId, claim.partition);
      offsets.initialise(claim, nextOffset);
      return { nextOffset, failedAttempts: 0 };
    })
    .immediate();
}
