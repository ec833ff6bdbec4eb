import type { SearchResult } from '../../../ports/search-index.js';
import type { DocValues } from './doc-values.js';
import type { ValueField } from '../../shared-search/schema-plan.js';

type Metrics = SearchResult<never>['metrics'];

/** min, max and avg of number fields over the matching documents that hold a value. */
export function computeMetrics(fields: readonly ValueField[], values: DocValues, rows: Int32Array): Metrics {
  const result: Record<string, Metrics[string]> = {};
  for (const field of fields) {
    const column = values.numbers[field.slot];
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    let sum = 0;
    let n = 0;
    if (column !== undefined) {
      for (const rowid of rows) {
        const value = column.get(rowid);
        if (Number.isNaN(value)) continue;
        if (value < min) min = value;
        if (value > max) max = value;
        sum += value;
        n++;
      }
    }
    result[field.name] = n === 0 ? { min: null, max: null, avg: null } : { min, max, avg: sum / n };
  }
  return result;
}
