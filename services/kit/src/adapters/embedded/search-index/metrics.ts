import type { SearchResult } from '../../../ports/search-index.js';
import type { DocValues } from './doc-values.js';
import type { ValueField } from '../../shared-search/schema-plan.js';

type Metrics = SearchResult<never>['metrics'];

/** min, max and avg of number fields over the matching documents that hold a value. */
export function computeMetrics(fields: readonly ValueField[], values: DocValues, rows: Int32Array): Metrics {
  const result: Record<string, Metrics[string]> = {};
  for (const field of fields) {
    const stats = values.numbers[field.slot]?.stats(rows);
    result[field.name] = stats === undefined || stats.count === 0 ? { min: null, max: null, avg: null } : { min: stats.min, max: stats.max, avg: stats.sum / stats.count };
  }
  return result;
}
