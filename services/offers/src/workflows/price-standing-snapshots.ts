import type { StandingSnapshot } from './price-standing-compute.js';

/** How long a computed standing serves the later pages of its report (and a CSV's). */
export const SNAPSHOT_TTL_MS = 10 * 60_000;
/** Rows kept over all snapshots (about 200 bytes each): the oldest go first beyond it. */
export const SNAPSHOT_MAX_ROWS = 200_000;

/**
 * The price standings this process computed lately (ADR 144): the first page of a report
 * computes one, the pages after it (a CSV reads up to fifty) read the same one by the id their
 * token names, so a report is one computation and its pages never skip or repeat a product whose
 * price moved meanwhile. Memory only and per replica: a token whose snapshot is gone (expired,
 * evicted, another replica) is answered from a new computation at the token's position.
 */
export class StandingSnapshots {
  private readonly kept = new Map<string, StandingSnapshot>();
  private rows = 0;

  constructor(private readonly limits = { ttlMs: SNAPSHOT_TTL_MS, maxRows: SNAPSHOT_MAX_ROWS }) {}

  /** The snapshot of this id for this shop and country, unless it expired. */
  find(id: string, shopId: string, country: string, now: Date): StandingSnapshot | undefined {
    this.expire(now);
    const snapshot = this.kept.get(id);
    return snapshot && snapshot.shopId === shopId && snapshot.country === country ? snapshot : undefined;
  }

  keep(snapshot: StandingSnapshot): void {
    this.expire(snapshot.computedAt);
    this.kept.set(snapshot.id, snapshot);
    this.rows += rowsOf(snapshot);
    // Oldest first (a Map keeps insertion order); the newest is kept even alone over the limit.
    for (const [id, old] of this.kept) {
      if (this.rows <= this.limits.maxRows || id === snapshot.id) break;
      this.drop(id, old);
    }
  }

  private expire(now: Date): void {
    for (const [id, snapshot] of this.kept) {
      if (now.getTime() - snapshot.computedAt.getTime() < this.limits.ttlMs) break;
      this.drop(id, snapshot);
    }
  }

  private drop(id: string, snapshot: StandingSnapshot): void {
    this.kept.delete(id);
    this.rows -= rowsOf(snapshot);
  }
}

/** A snapshot's cost: its gaps, and one for the counts. */
const rowsOf = (snapshot: StandingSnapshot): number => snapshot.gaps.length + 1;
