/** What one member knows about one partition when it checks the group. */
export interface PartitionState {
  readonly partition: number;
  /** The live member that should own it, or undefined when the member sees no live member. */
  readonly target: string | undefined;
  readonly leaseHolder: string | undefined;
  readonly leaseExpired: boolean;
  /** This member has a worker consuming it. */
  readonly consuming: boolean;
  /** This member is still stopping a worker for it. */
  readonly draining: boolean;
}

export interface RebalancePlan {
  /** Free, expired or ours, and ours by the assignment: start consuming. */
  readonly acquire: number[];
  /** Ours but assigned to another member: finish the record in flight, commit, then release. */
  readonly revoke: number[];
  /** Consumed here but the lease is someone else's (we stalled past the session): stop at once. */
  readonly drop: number[];
  /** A lease we hold without consuming, assigned elsewhere: just release it. */
  readonly release: number[];
}

/**
 * The cooperative rebalance step: a member only ever gives up its own partitions and only takes
 * free or expired ones, so two members never consume one partition at the same time, and a
 * partition moves only after its previous owner committed and let go.
 */
export function planRebalance(memberId: string, states: readonly PartitionState[]): RebalancePlan {
  const plan: RebalancePlan = { acquire: [], revoke: [], drop: [], release: [] };
  for (const state of states) {
    if (state.draining) continue;
    const ours = state.leaseHolder === memberId;
    const assignedToUs = state.target === memberId;
    if (state.consuming) {
      if (!ours) plan.drop.push(state.partition);
      else if (!assignedToUs) plan.revoke.push(state.partition);
    } else if (assignedToUs && (ours || state.leaseHolder === undefined || state.leaseExpired)) {
      plan.acquire.push(state.partition);
    } else if (ours && !assignedToUs) {
      plan.release.push(state.partition);
    }
  }
  return plan;
}
