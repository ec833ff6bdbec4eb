import type { DocValues } from './doc-values.js';
import { compareStrings } from './keyword-column.js';
import type { MatchSet } from './match-set.js';
import type { SortPlan } from '../../shared-search/request-validation.js';
import type { RankedRow } from './text-matcher.js';
import { topK } from './top-k.js';

type Compare = (a: number, b: number) => number;

/**
 * Indexes into `match.rows` of the first `k` hits. Sort keys are read once into arrays so the
 * comparisons stay cheap. Missing values sort last in both directions; a multi-valued keyword
 * sorts by its smallest value ascending and its largest descending (Elasticsearch's default);
 * `id` ascending breaks every tie. Without sort clauses: id (relevance is `orderRanked`'s).
 */
export function orderHits(sort: readonly SortPlan[], match: MatchSet, values: DocValues, k: number): number[] {
  const byId: Compare = (a, b) => compareStrings(values.idOf(match.rows[a] ?? 0), values.idOf(match.rows[b] ?? 0));
  const comparators = sort.map((clause) => comparatorFor(clause, match, values, byId));
  comparators.push(byId);
  const compare: Compare = (a, b) => {
    for (const comparator of comparators) {
      const order = comparator(a, b);
      if (order !== 0) return order;
    }
    return 0;
  };
  return topK(match.rows.length, k, compare);
}

/** Relevance order: score desc, then id asc. */
export function compareRanked(values: DocValues): (a: RankedRow, b: RankedRow) => number {
  return (a, b) => b.score - a.score || compareStrings(values.idOf(a.rowid), values.idOf(b.rowid));
}

/** The first `k` of rows scored best first (ties at the cut included), in relevance order. */
export function orderRanked(ranked: readonly RankedRow[], values: DocValues, k: number): RankedRow[] {
  return [...ranked].sort(compareRanked(values)).slice(0, k);
}

function comparatorFor(clause: SortPlan, match: MatchSet, values: DocValues, byId: Compare): Compare {
  if (clause.field === 'id') return clause.descending ? (a, b) => byId(b, a) : byId;
  const keys = sortKeys(clause, match.rows, values);
  const direction = clause.descending ? -1 : 1;
  return (a, b) => {
    const x = keys[a] ?? Number.NaN;
    const y = keys[b] ?? Number.NaN;
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : -1;
    return x === y ? 0 : x < y ? -direction : direction;
  };
}

/** One number per matching row: the field value, or the keyword's rank in sorted order. */
function sortKeys(clause: SortPlan, rows: Int32Array, values: DocValues): Float64Array {
  const keys = new Float64Array(rows.length).fill(Number.NaN);
  if (clause.field === 'id') return keys;
  const { type, slot } = clause.field;
  if (type === 'number') {
    const column = values.numbers[slot];
    if (column !== undefined) for (let i = 0; i < rows.length; i++) keys[i] = column.get(rows[i]!);
    return keys;
  }
  const column = values.keywords[slot];
  if (column === undefined) return keys;
  const ranks = column.sortRanks();
  rows.forEach((rowid, i) => {
    let key = Number.NaN;
    column.some(rowid, (ordinal) => {
      const rank = ranks[ordinal] ?? 0;
      if (Number.isNaN(key) || (clause.descending ? rank > key : rank < key)) key = rank;
      return false;
    });
    keys[i] = key;
  });
  return keys;
}
