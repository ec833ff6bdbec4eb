import type { Statement } from 'better-sqlite3';
import type { SearchDocument, SearchRequest, SearchResult } from '../../../ports/search-index.js';
import { analyzeQuery } from '../../../text/query-analysis.js';
import type { DocValues } from './doc-values.js';
import { exactKeywordRows } from './exact-keyword-match.js';
import { facetCounts } from './facet-counts.js';
import { termAlternatives, type TermAlternatives } from './fts-query.js';
import { correctTerms, type Vocabulary } from './fuzzy-correction.js';
import { orderHits } from './hit-order.js';
import { matchAll, matchRows, matchScored, type MatchSet } from './match-set.js';
import { computeMetrics } from './metrics.js';
import { unionRows } from './row-sets.js';
import { validateRequest, type ValidRequest } from '../../shared-search/request-validation.js';
import { compileFilters, idCandidates, type RowPredicate } from './row-filters.js';
import type { SchemaPlan } from '../../shared-search/schema-plan.js';
import type { TextMatcher } from './text-matcher.js';

export interface SearchContext {
  readonly plan: SchemaPlan;
  readonly values: DocValues;
  readonly matcher: TextMatcher;
  readonly vocabulary: Vocabulary;
  readonly docByRowid: Statement<[number], { doc: string }>;
}

/**
 * One search: match (FTS5 text, exact keyword values, filters over in-memory columns), then
 * facets and metrics over the whole matching set, then only the requested page is read from
 * SQLite.
 */
export function executeSearch<D extends SearchDocument>(context: SearchContext, request: SearchRequest): SearchResult<D> {
  const valid = validateRequest(context.plan, request);
  const predicate = compileFilters(valid.filters, context.values);
  const match = findMatches(context, valid, predicate);
  const pageEnd = valid.page * valid.hitsPerPage;
  const ordered = orderHits(valid.sort, match, context.values, pageEnd).slice(pageEnd - valid.hitsPerPage);
  const hits = ordered.map((i) => {
    const rowid = match.rows[i] ?? 0;
    const row = context.docByRowid.get(rowid);
    if (row === undefined) throw new Error(`search index row ${rowid} has no document`);
    return { id: context.values.idOf(rowid) ?? '', score: match.scores?.[i] ?? 0, document: JSON.parse(row.doc) as D };
  });
  return {
    hits,
    total: match.rows.length,
    facets: facetCounts(valid.facets, context.values, match.rows),
    metrics: computeMetrics(valid.metrics, context.values, match.rows),
  };
}

function findMatches(context: SearchContext, valid: ValidRequest, predicate: RowPredicate | null): MatchSet {
  const query = analyzeQuery(valid.text, valid.language);
  // Text without any word (only punctuation) filters nothing, like no text at all.
  if (query.terms.length === 0) {
    const candidates = idCandidates(valid.filters, context.values);
    return candidates === null ? matchAll(context.values, predicate) : matchRows(context.values, candidates, predicate);
  }
  const terms = termAlternatives(query);
  const exact = exactKeywordRows(context.values, valid.text);
  // Relevance is only computed when it orders hits (the port's `score` is 0 otherwise).
  const scored = valid.sort.length === 0 && valid.hitsPerPage > 0;
  const { matcher, values } = context;
  const run = (alternatives: readonly TermAlternatives[]): MatchSet =>
    scored
      ? matchScored(values, withExact(matcher.match(alternatives, valid.language), exact), predicate)
      : matchRows(values, withExactRows(matcher.matchRows(alternatives, valid.language), exact), predicate);
  const match = run(terms);
  if (match.rows.length > 0 || !valid.fuzzy) return match;
  const corrected = correctTerms(context.vocabulary, query, terms);
  return corrected === null ? match : run(corrected);
}

function withExactRows(rows: Int32Array, exact: ReadonlySet<number>): Int32Array {
  return exact.size === 0 ? rows : unionRows(rows, Int32Array.from(exact).sort());
}

/** Exact keyword matches rank above every text match: the user typed that very value. */
function withExact(scores: Map<number, number>, exact: ReadonlySet<number>): Map<number, number> {
  if (exact.size === 0) return scores;
  let best = 0;
  for (const score of scores.values()) best = Math.max(best, score);
  for (const rowid of exact) scores.set(rowid, best + 1 + (scores.get(rowid) ?? 0));
  return scores;
}
