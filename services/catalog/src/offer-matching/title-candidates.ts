/** Title candidates compared per offer, those sharing the most telling keys first. */
export const MAX_TITLE_CANDIDATES = 30;

/**
 * Title candidates, the most telling shared blocking keys first (`keyWeight`), then by id so
 * that every run (and every replica) compares the same ones.
 */
export function rankTitleCandidates(shared: ReadonlyMap<string, number>): [string, number][] {
  return [...shared.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** The first `limit` of rankTitleCandidates. */
export function topTitleCandidates(shared: ReadonlyMap<string, number>, limit: number): Map<string, number> {
  return shared.size <= limit ? new Map(shared) : new Map(rankTitleCandidates(shared).slice(0, limit));
}
