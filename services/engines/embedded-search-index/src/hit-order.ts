import type { DocValues } from './doc-values.js';
import { compareStrings } from './keyword-column.js';
import type { MatchNumbers } from './match-numbers.js';
import type { ScratchArrays } from './scratch-arrays.js';
import type { SortPlan } from '@pc/kit/ports/support/search/request-validation';
import type { ValueField } from '@pc/kit/ports/support/search/schema-plan';
import type { RankedRow } from './text-matcher.js';
import { topK } from './top-k.js';

type Compare = (a: number, b: number) => number;

/**
 * Indexes into `match.rows` of the first `k` hits. Sort keys are read once into arrays so the
 * comparisons stay cheap. Missing values sort last in both directions; a multi-valued keyword
 * sorts by its smallest value ascending and its largest descending (Elasticsearch's default);
 * `id` ascending breaks every tie. Without sort clauses: id (relevance is `orderRanked`'s).
 */
export function orderHits(sort: readonly SortPlan[], numbers: MatchNumbers, values: DocValues, k: number): number[] {
  const { rows } = numbers;
  const byId: Compare = (a, b) => compareStrings(values.idOf(rows[a] ?? 0), values.idOf(rows[b] ?? 0));
  const keys = sort.map((clause) =>
    clause.field === 'id' ? null : sortKeys(clause.field, clause.descending, numbers, values),
  );
  const comparators = sort.map((clause, i) => {
    const clauseKeys = keys[i];
    if (clause.field === 'id' || clauseKeys === undefined || clauseKeys === null)
      return clause.descending ? (a: number, b: number) => byId(b, a) : byId;
    return compareKeys(clauseKeys, clause.descending);
  });
  comparators.push(byId);
  const compare: Compare = (a, b) => {
    for (const comparator of comparators) {
      const order = comparator(a, b);
      if (order !== 0) return order;
    }
    return 0;
  };
  const first = keys[0];
  const candidates =
    first === null || first === undefined
      ? null
      : leadingCandidates(first, sort[0]?.descending === true, k, numbers.scratch);
  if (candidates === null) return topK(rows.length, k, compare);
  return topK(candidates.length, k, (a, b) => compare(candidates[a]!, candidates[b]!)).map((i) => candidates[i]!);
}

/**
 * The indexes whose first sort key is at or better than the k-th best first key: every hit of
 * the first k is among them (ties at the cut included), usually a few more than k. Finding them
 * takes one pass with a heap of k numbers, which rejects most rows with one comparison, instead
 * of the full comparison chain per row. Null when that would keep most rows anyway.
 */
function leadingCandidates(
  keys: Float64Array,
  descending: boolean,
  k: number,
  scratch: ScratchArrays,
): Int32Array | null {
  const n = keys.length;
  if (k <= 0 || k * 4 >= n) return null;
  const rank = ranksOf(keys, descending ? -1 : 1, scratch.float64(n));
  const cut = kthSmallest(rank, k);
  const count = countAtMost(rank, cut);
  return count * 4 >= n ? null : indexesAtMost(rank, cut, count);
}

/*
 * One loop per function: V8 compiles a hot loop on the fly, and code after it in the same
 * function (never run before) then lacks type feedback and is thrown away again on every call.
 */

/** Smaller is better: `sign × key`, and absent values (NaN) last in both directions. */
function ranksOf(keys: Float64Array, sign: number, rank: Float64Array): Float64Array {
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    rank[i] = key === key ? sign * key : Number.POSITIVE_INFINITY;
  }
  return rank;
}

function countAtMost(values: Float64Array, cut: number): number {
  let count = 0;
  for (let i = 0; i < values.length; i++) if (values[i]! <= cut) count++;
  return count;
}

function indexesAtMost(values: Float64Array, cut: number, count: number): Int32Array {
  const indexes = new Int32Array(count);
  for (let i = 0, at = 0; i < values.length; i++) if (values[i]! <= cut) indexes[at++] = i;
  return indexes;
}

/** The k-th smallest of `values` (k ≤ length), with a max-heap of the k smallest seen. */
function kthSmallest(values: Float64Array, k: number): number {
  const heap = new Float64Array(k);
  let size = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (size < k) {
      let at = size++;
      while (at > 0 && heap[(at - 1) >> 1]! < value) {
        heap[at] = heap[(at - 1) >> 1]!;
        at = (at - 1) >> 1;
      }
      heap[at] = value;
    } else if (value < heap[0]!) {
      let at = 0;
      for (;;) {
        const left = 2 * at + 1;
        if (left >= k) break;
        const child = left + 1 < k && heap[left + 1]! > heap[left]! ? left + 1 : left;
        if (heap[child]! <= value) break;
        heap[at] = heap[child]!;
        at = child;
      }
      heap[at] = value;
    }
  }
  return heap[0]!;
}

/** Relevance order: score desc, then id asc. */
export function compareRanked(values: DocValues): (a: RankedRow, b: RankedRow) => number {
  return (a, b) => b.score - a.score || compareStrings(values.idOf(a.rowid), values.idOf(b.rowid));
}

/** The first `k` of rows scored best first (ties at the cut included), in relevance order. */
export function orderRanked(ranked: readonly RankedRow[], values: DocValues, k: number): RankedRow[] {
  return [...ranked].sort(compareRanked(values)).slice(0, k);
}

/** Order by a sort key: missing values (NaN) last in both directions. */
function compareKeys(keys: Float64Array, descending: boolean): Compare {
  const direction = descending ? -1 : 1;
  return (a, b) => {
    const x = keys[a] ?? Number.NaN;
    const y = keys[b] ?? Number.NaN;
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : -1;
    return x === y ? 0 : x < y ? -direction : direction;
  };
}

/** One number per matching row: the field value, or the keyword's rank in sorted order. Read only. */
function sortKeys(field: ValueField, descending: boolean, numbers: MatchNumbers, values: DocValues): Float64Array {
  const { type, slot } = field;
  if (type === 'number') return numbers.of(slot);
  const keys = numbers.scratch.float64(numbers.rows.length).fill(Number.NaN);
  const column = values.keywords[slot];
  if (column === undefined) return keys;
  const ranks = column.sortRanks();
  numbers.rows.forEach((rowid, i) => {
    let key = Number.NaN;
    column.some(rowid, (ordinal) => {
      const rank = ranks[ordinal] ?? 0;
      if (Number.isNaN(key) || (descending ? rank > key : rank < key)) key = rank;
      return false;
    });
    keys[i] = key;
  });
  return keys;
}
