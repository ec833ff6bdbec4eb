import type { Statement } from 'better-sqlite3';
import type { SearchDocument, SearchRequest, SearchResult } from '@pc/kit/ports/search-index';
import { analyzeQuery } from '@pc/text-analysis/query-analysis';
import type { DocValues } from './doc-values.js';
import { exactKeywordRows } from './exact-keyword-match.js';
import { distinctCounts, facetCounts } from './facet-counts.js';
import { termAlternatives, type TermAlternatives } from './fts-query.js';
import { correctTerms, type Vocabulary } from './fuzzy-correction.js';
import { compareRanked, orderHits, orderRanked } from './hit-order.js';
import { compareStrings } from './keyword-column.js';
import { matchAll, matchRows, type MatchSet } from './match-set.js';
import { MatchNumbers } from './match-numbers.js';
import { computeMetrics } from './metrics.js';
import { unionRows } from './row-sets.js';
import { validateRequest, type ValidRequest } from '@pc/kit/ports/support/search/request-validation';
import { compileFilters, idCandidates, type RowPredicate } from './row-filters.js';
import { topK } from './top-k.js';
import type { SchemaPlan } from '@pc/kit/ports/support/search/schema-plan';
import type { ScratchArrays } from './scratch-arrays.js';
import type { RankedRow, TextMatcher } from './text-matcher.js';

export interface SearchContext {
  readonly plan: SchemaPlan;
  readonly values: DocValues;
  readonly matcher: TextMatcher;
  readonly vocabulary: Vocabulary;
  readonly docByRowid: Statement<[number], { doc: string }>;
  readonly rowidById: Statement<[string], number>;
  /** The search's temporaries (searches run one at a time); reset by each search. */
  readonly scratch: ScratchArrays;
}

/**
 * One search: match (FTS5 text, exact keyword values, filters over in-memory columns), then
 * facets and metrics over the whole matching set, then only the requested page is read from
 * SQLite.
 */
export function executeSearch<D extends SearchDocument>(
  context: SearchContext,
  request: SearchRequest,
): SearchResult<D> {
  const valid = validateRequest(context.plan, request);
  context.scratch.reset();
  const predicate = compileFilters(valid.filters, context.values);
  const pageEnd = valid.page * valid.hitsPerPage;
  const match = findMatches(context, valid, predicate, pageEnd);
  const numbers = new MatchNumbers(context.values, match.rows, context.scratch);
  const ordered =
    match.ranked !== undefined
      ? orderRanked(match.ranked, context.values, pageEnd)
      : orderHits(valid.sort, numbers, context.values, pageEnd).map((i) => ({ rowid: match.rows[i] ?? 0, score: 0 }));
  const readDoc = (rowid: number) => context.docByRowid.get(rowid)?.doc;
  const hits = ordered.slice(pageEnd - valid.hitsPerPage).map(({ rowid, score }) => {
    const document = context.values.documents.get(rowid, readDoc);
    if (document === undefined) throw new Error(`search index row ${rowid} has no document`);
    return { id: context.values.idOf(rowid) ?? '', score, document: document as D };
  });
  return {
    hits,
    total: match.rows.length,
    facets: facetCounts(valid.facets, context.values, numbers),
    metrics: computeMetrics(valid.metrics, numbers),
    distinct: distinctCounts(valid.distinct, numbers),
  };
}

function findMatches(
  context: SearchContext,
  valid: ValidRequest,
  predicate: RowPredicate | null,
  pageEnd: number,
): MatchSet {
  const query = analyzeQuery(valid.text, valid.language);
  // Text without any word (only punctuation) filters nothing, like no text at all.
  if (query.terms.length === 0) {
    const candidates = idCandidates(valid.filters, (id) => context.rowidById.get(id));
    return candidates === null
      ? matchAll(context.values, predicate, context.scratch)
      : matchRows(context.values, candidates, predicate, context.scratch);
  }
  const terms = termAlternatives(query);
  const exact = exactKeywordRows(context.values, valid.text);
  // Relevance is only computed when it orders hits (the port's `score` is 0 otherwise).
  const scored = valid.sort.length === 0 && valid.hitsPerPage > 0;
  const { matcher, values } = context;
  const run = (alternatives: readonly TermAlternatives[]): MatchSet => {
    const textRows = matcher.matchRows(alternatives, valid.language);
    const match = matchRows(values, withExactRows(textRows, exact), predicate, context.scratch);
    if (!scored || match.rows.length === 0) return match;
    const scores = matcher.scoreMatches(alternatives, valid.language, match.rows);
    if (scores !== null)
      return { ...match, ranked: rankedInMemory(context, match.rows, scores, textRows, exact, pageEnd) };
    return { ...match, ranked: rankedPage(context, alternatives, valid, predicate, exact, pageEnd) };
  };
  const match = run(terms);
  if (match.rows.length > 0 || !valid.fuzzy) return match;
  const corrected = correctTerms(context.vocabulary, query, terms);
  return corrected === null ? match : run(corrected);
}

function withExactRows(rows: Int32Array, exact: Int32Array): Int32Array {
  return exact.length === 0 ? rows : unionRows(rows, exact);
}

/**
 * The first `pageEnd` of the matching rows by relevance, from their in-memory bm25 `scores`
 * (`TextMatcher.scoreMatches`). Rows whose keyword equals the text rank above every text match,
 * as in `rankedPage`: by their text score, or 0 where they do not match the text.
 */
function rankedInMemory(
  context: SearchContext,
  rows: Int32Array,
  scores: Float64Array,
  textRows: Int32Array,
  exactRows: Int32Array,
  pageEnd: number,
): RankedRow[] {
  if (exactRows.length > 0) liftExactRows(rows, scores, textRows, exactRows);
  const { values } = context;
  const best = topK(
    rows.length,
    pageEnd,
    (a, b) => scores[b]! - scores[a]! || compareStrings(values.idOf(rows[a]!), values.idOf(rows[b]!)),
  );
  return best.map((i) => ({ rowid: rows[i]!, score: scores[i]! }));
}

/** Exact keyword rows get the best text score + 1 on top of their own (0 unless they match the text). */
function liftExactRows(rows: Int32Array, scores: Float64Array, textRows: Int32Array, exactRows: Int32Array): void {
  let best = 0;
  let text = 0;
  const isText = new Uint8Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    while (text < textRows.length && textRows[text]! < rows[i]!) text++;
    if (text < textRows.length && textRows[text] === rows[i]) {
      isText[i] = 1;
      best = Math.max(best, scores[i]!);
    }
  }
  const exact = new Set(exactRows);
  for (let i = 0; i < rows.length; i++) {
    if (isText[i] === 0) scores[i] = 0;
    if (exact.has(rows[i]!)) scores[i]! += best + 1;
  }
}

/**
 * Without a match cache, FTS5 scores: the rows that can make the first `pageEnd` hits by
 * relevance (the matching set itself came from the unscored match). Without exact keyword rows, bm25 is computed and sorted in
 * SQLite and only the rows up to the page's end come back. Exact keyword rows rank above every
 * text match, ordered by their own text score (0 without one): then every score is read.
 */
function rankedPage(
  context: SearchContext,
  alternatives: readonly TermAlternatives[],
  valid: ValidRequest,
  predicate: RowPredicate | null,
  exactRows: Int32Array,
  pageEnd: number,
): RankedRow[] {
  const { values, matcher } = context;
  const accept = (rowid: number): boolean =>
    values.idOf(rowid) !== undefined && (predicate === null || predicate(rowid));
  if (exactRows.length === 0) return matcher.topScored(alternatives, valid.language, pageEnd, accept);
  const exact = new Set(exactRows);
  const { rowids, scores } = matcher.scoreAll(alternatives, valid.language);
  let best = 0;
  for (const score of scores) best = Math.max(best, score);
  const candidates: RankedRow[] = [];
  const exactText = new Set<number>();
  rowids.forEach((rowid, i) => {
    if (!accept(rowid)) return;
    const isExact = exact.has(rowid);
    if (isExact) exactText.add(rowid);
    candidates.push({ rowid, score: (isExact ? best + 1 : 0) + (scores[i] ?? 0) });
  });
  for (const rowid of exact) if (!exactText.has(rowid) && accept(rowid)) candidates.push({ rowid, score: best + 1 });
  const compare = compareRanked(values);
  return topK(candidates.length, pageEnd, (a, b) =>
    compare(candidates[a] as RankedRow, candidates[b] as RankedRow),
  ).map((i) => candidates[i] as RankedRow);
}
