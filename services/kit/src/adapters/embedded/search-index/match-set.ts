import type { DocValues } from './doc-values.js';
import type { RowPredicate } from './row-filters.js';

/** The documents matching a search: rowids and, for text searches, their relevance scores. */
export interface MatchSet {
  readonly rows: Int32Array;
  /** Aligned with `rows`; null without text (no relevance). */
  readonly scores: Float64Array | null;
}

/** Every live document passing the filters. */
export function matchAll(values: DocValues, predicate: RowPredicate | null): MatchSet {
  const rows = new Int32Array(values.size);
  let count = 0;
  for (let rowid = 0; rowid < values.rowLimit; rowid++) {
    if (values.idOf(rowid) !== undefined && (predicate === null || predicate(rowid))) rows[count++] = rowid;
  }
  return { rows: rows.subarray(0, count), scores: null };
}

/** Unscored candidates (text matches or an id filter's rows; ascending, maybe repeated) that are live and pass the filters. */
export function matchRows(values: DocValues, candidates: ArrayLike<number> & Iterable<number>, predicate: RowPredicate | null): MatchSet {
  const rows = new Int32Array(candidates.length);
  let count = 0;
  let previous = -1;
  for (const rowid of candidates) {
    if (rowid === previous || values.idOf(rowid) === undefined || (predicate !== null && !predicate(rowid))) continue;
    rows[count++] = previous = rowid;
  }
  return { rows: rows.subarray(0, count), scores: null };
}

/** Scored documents (text matches) that are live and pass the filters. */
export function matchScored(values: DocValues, scored: ReadonlyMap<number, number>, predicate: RowPredicate | null): MatchSet {
  const rows = new Int32Array(scored.size);
  const scores = new Float64Array(scored.size);
  let count = 0;
  for (const [rowid, score] of scored) {
    if (values.idOf(rowid) === undefined || (predicate !== null && !predicate(rowid))) continue;
    rows[count] = rowid;
    scores[count++] = score;
  }
  return { rows: rows.subarray(0, count), scores: scores.subarray(0, count) };
}
