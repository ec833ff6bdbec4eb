import type { estypes } from '@elastic/elasticsearch';
import { allowedEdits } from '@pc/text-analysis/edit-distance';
import type { IndexContext } from './index-context.js';
import { termClauses, type TextQueryInput } from './text-query.js';

/**
 * Positions of the query terms to correct: those the index holds nowhere (as the embedded adapter asks its
 * vocabulary): only those are corrected, so a typo next to a right word keeps the right word
 * exact. One request: a `filters` aggregation with one bucket per term over the whole index.
 */
export async function termsToCorrect(context: IndexContext, input: TextQueryInput): Promise<Set<number>> {
  const filters: Record<string, estypes.QueryDslQueryContainer> = {};
  termClauses(input).forEach((clause, i) => {
    filters[`t${i}`] = clause;
  });
  const response = await context.client.search({
    index: context.index,
    size: 0,
    track_total_hits: false,
    aggs: { terms: { filters: { filters } } },
  });
  const buckets =
    (response.aggregations?.['terms'] as { buckets?: Record<string, { doc_count: number }> } | undefined)?.buckets ??
    {};
  const missing = new Set<number>();
  input.query.terms.forEach((term, i) => {
    // Words too short for a typo (1-3 letters) are never corrected.
    if ((buckets[`t${i}`]?.doc_count ?? 0) === 0 && allowedEdits(term.surface) > 0) missing.add(i);
  });
  return missing;
}
