/**
 * How often a page's prices change, as its visits observed it: changes seen and time watched,
 * both fading with a half-life, so the estimate follows a page that starts or stops moving
 * (changes ÷ time watched; a visit sees at most one change, so a page visited rarely looks slower
 * than it is until its visits come closer — which the schedule then makes them).
 */
export interface ChangeHistory {
  /** Changes seen, faded. */
  readonly changes: number;
  /** Time between the visits that compared prices, faded alike (ms). */
  readonly watchedMs: number;
  /** Time watched since the last change seen (ms). */
  readonly sinceChangeMs: number;
}

export const NO_CHANGE_HISTORY: ChangeHistory = { changes: 0, watchedMs: 0, sinceChangeMs: 0 };

/** What is learnt fades by half in a day: a week-old burst of repricing no longer makes a fast mover. */
export const CHANGE_MEMORY_HALF_LIFE_MS = 86_400_000;

/**
 * Two changes seen within about a day (the faded count of two is 1.5 after a day): one is chance,
 * not a habit — one repricing (or one tick of a 6-hourly shop) right after the first visits would
 * otherwise look like a change every few minutes.
 */
export const FAST_MOVER_MIN_CHANGES = 1.5;

/** The history after a visit `sinceLastMs` after the previous one that compared prices. */
export function observeVisit(history: ChangeHistory, sinceLastMs: number, changed: boolean): ChangeHistory {
  const elapsed = Math.max(0, sinceLastMs);
  const fade = 0.5 ** (elapsed / CHANGE_MEMORY_HALF_LIFE_MS);
  return {
    changes: history.changes * fade + (changed ? 1 : 0),
    watchedMs: history.watchedMs * fade + elapsed,
    sinceChangeMs: changed ? 0 : history.sinceChangeMs + elapsed,
  };
}

/** The mean time between two changes as observed (ms); Infinity while too few were seen. */
export function meanTimeBetweenChangesMs(history: ChangeHistory): number {
  if (history.changes < FAST_MOVER_MIN_CHANGES || history.watchedMs <= 0) return Number.POSITIVE_INFINITY;
  return history.watchedMs / history.changes;
}

/** Changes a day as observed, for staff; 0 while too few were seen. */
export function changesPerDay(history: ChangeHistory): number {
  const mean = meanTimeBetweenChangesMs(history);
  return Number.isFinite(mean) ? Math.round((86_400_000 / mean) * 10) / 10 : 0;
}

/**
 * A page quiet for this many of its mean times between changes has stopped moving for now (a
 * quiet spell that long happens by chance to ~2 % of pages that still move): its remembered
 * changes fade by half a day, too slowly to end the 40-second visits of a page no longer repriced.
 */
export const QUIET_MEAN_TIMES = 4;

/**
 * A fast mover: its prices were seen changing at least every `changeIntervalMs` on average, and
 * not quiet for four times as long as usual since; the next change seen makes it one again.
 */
export function isFastMover(history: ChangeHistory, changeIntervalMs: number): boolean {
  const mean = meanTimeBetweenChangesMs(history);
  return mean <= changeIntervalMs && history.sinceChangeMs <= QUIET_MEAN_TIMES * mean;
}
