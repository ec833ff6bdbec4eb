import type { SearchResult } from '@pc/kit/ports/search-index';
import { statsOf, type MatchNumbers } from './match-numbers.js';
import type { ValueField } from '@pc/kit/ports/support/search/schema-plan';

type Metrics = SearchResult<never>['metrics'];

/** min, max and avg of number fields over the matching documents that hold a value. */
export function computeMetrics(fields: readonly ValueField[], numbers: MatchNumbers): Metrics {
  const result: Record<string, Metrics[string]> = {};
  for (const field of fields) {
    const stats = statsOf(numbers.of(field.slot));
    result[field.name] =
      stats.count === 0
        ? { min: null, max: null, avg: null }
        : { min: stats.min, max: stats.max, avg: stats.sum / stats.count };
  }
  return result;
}
