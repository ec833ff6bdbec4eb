import type { DocValues } from './doc-values.js';
import type { RowPredicate } from './row-filters.js';
import type { ScratchArrays } from './scratch-arrays.js';
import type { RankedRow } from './text-matcher.js';

/**
 * The documents matching a search (rowids, ascending) and, when relevance orders them, the rows
 * that can make the page. `rows` is a scratch array: valid until the search ends.
 */
export interface MatchSet {
  readonly rows: Int32Array;
  /** Best first, ties at the page's end included (see `TextMatcher.topScored`); to be ordered by `orderRanked`. */
  readonly ranked?: readonly RankedRow[];
}

/** Every live document passing the filters. */
export function matchAll(values: DocValues, predicate: RowPredicate | null, scratch: ScratchArrays): MatchSet {
  const live = values.liveFlags;
  const rows = scratch.int32(values.size);
  let count = 0;
  for (let rowid = 0; rowid < live.length; rowid++) {
    if (live[rowid] === 1 && (predicate === null || predicate(rowid))) rows[count++] = rowid;
  }
  return { rows: rows.subarray(0, count) };
}

/**
 * Unscored candidates (text matches or an id filter's rows; ascending, maybe repeated) that are
 * live and pass the filters. Runs over every text match of a search (a broad word: 10-20 % of
 * the index), so it reads flat arrays only.
 */
export function matchRows(
  values: DocValues,
  candidates: Int32Array,
  predicate: RowPredicate | null,
  scratch: ScratchArrays,
): MatchSet {
  const live = values.liveFlags;
  const rows = scratch.int32(candidates.length);
  let count = 0;
  let previous = -1;
  for (let i = 0; i < candidates.length; i++) {
    const rowid = candidates[i]!;
    if (rowid === previous || rowid >= live.length || live[rowid] === 0 || (predicate !== null && !predicate(rowid)))
      continue;
    rows[count++] = previous = rowid;
  }
  return { rows: rows.subarray(0, count) };
}
