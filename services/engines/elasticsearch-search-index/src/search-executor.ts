import type { estypes } from '@elastic/elasticsearch';
import type { SearchDocument, SearchRequest, SearchResult } from '@pc/kit/ports/search-index';
import { analyzeQuery } from '@pc/text-analysis/query-analysis';
import { validateRequest, type ValidRequest } from '@pc/kit/ports/support/search/request-validation';
import { SOURCE } from './field-layout.js';
import type { IndexContext } from './index-context.js';
import { aggregations, distinctResults, facetResults, metricResults } from './search-aggregations.js';
import { filterClauses } from './search-filters.js';
import { sortClauses } from './search-sort.js';
import { termsToCorrect } from './term-presence.js';
import { correctedClauses, exactKeywordClause, termClauses, type TextQueryInput } from './text-query.js';

type Query = estypes.QueryDslQueryContainer;

/**
 * One search, with the embedded adapter's semantics: validate, match (text AND exact keyword
 * value, within the filters), and only when that finds nothing and `fuzzy` is set, retry with
 * the words the index does not hold matched within their allowed typos.
 */
export async function executeSearch<D extends SearchDocument>(
  context: IndexContext,
  request: SearchRequest,
): Promise<SearchResult<D>> {
  const valid = validateRequest(context.plan, request);
  const query = analyzeQuery(valid.text, valid.language);
  const input: TextQueryInput = { plan: context.plan, analysis: context.analysis, query, language: valid.language };
  const filters = filterClauses(valid.filters);
  const hasText = query.terms.length > 0;
  if (!hasText) return run(context, valid, { bool: { filter: filters } }, false);
  const exact = exactKeywordClause(valid.text);
  const text: Query = { bool: { must: termClauses(input) } };
  const first = await run<D>(
    context,
    valid,
    { bool: { filter: filters, should: exact === null ? [text] : [text, exact], minimum_should_match: 1 } },
    true,
  );
  if (first.total > 0 || !valid.fuzzy) return first;
  const fuzzy = await termsToCorrect(context, input);
  if (fuzzy.size === 0) return first;
  return run(context, valid, { bool: { filter: filters, must: correctedClauses(input, fuzzy) } }, true);
}

async function run<D extends SearchDocument>(
  context: IndexContext,
  valid: ValidRequest,
  query: Query,
  hasText: boolean,
): Promise<SearchResult<D>> {
  const response = await context.client.search<Record<string, unknown>>({
    index: context.index,
    query,
    sort: sortClauses(valid.sort, hasText),
    // The port reports relevance only when it orders the hits; sorting by a field skips scoring.
    track_scores: false,
    track_total_hits: true,
    from: (valid.page - 1) * valid.hitsPerPage,
    size: valid.hitsPerPage,
    _source: [SOURCE],
    aggs: aggregations(valid.facets, valid.metrics, valid.distinct),
  });
  const total = response.hits.total;
  const aggs = response.aggregations as Record<string, unknown> | undefined;
  return {
    hits: response.hits.hits.map((hit) => ({
      id: hit._id ?? '',
      score: hasText && valid.sort.length === 0 ? (hit._score ?? 0) : 0,
      document: hit._source?.[SOURCE] as D,
    })),
    total: typeof total === 'number' ? total : (total?.value ?? 0),
    facets: facetResults(valid.facets, aggs),
    metrics: metricResults(valid.metrics, aggs),
    distinct: distinctResults(valid.distinct, aggs),
  };
}
