/** The freshness rules (config): when an offer is stale, how often last-seen is refreshed. */
export interface FreshnessRules {
  /** An offer not seen for longer than this is not listed. */
  readonly staleAfterMs: number;
  /** An unchanged observation moves last-seen only when it is at least this much newer. */
  readonly lastSeenGranularityMs: number;
}

/** The oldest last-seen time that still counts as fresh at `now`. */
export function freshCutoff(now: Date, rules: FreshnessRules): Date {
  return new Date(now.getTime() - rules.staleAfterMs);
}

export function isFresh(lastSeenAt: Date, now: Date, rules: FreshnessRules): boolean {
  return lastSeenAt.getTime() >= now.getTime() - rules.staleAfterMs;
}
