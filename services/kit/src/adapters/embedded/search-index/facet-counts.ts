import type { FacetBucket } from '../../../ports/search-index.js';
import type { DocValues } from './doc-values.js';
import { compareStrings } from './keyword-column.js';
import type { FacetPlan } from '../../shared-search/request-facets.js';

/** Facet buckets over the whole matching set: one pass over its rowids per facet. */
export function facetCounts(facets: readonly FacetPlan[], values: DocValues, rows: Int32Array): Record<string, FacetBucket[]> {
  const result: Record<string, FacetBucket[]> = {};
  for (const facet of facets) {
    result[facet.field.name] = facet.kind === 'terms' ? termBuckets(facet.field.slot, facet.size, values, rows) : rangeBuckets(facet, values, rows);
  }
  return result;
}

/** Count desc, then value asc; a multi-valued document counts once per distinct value. */
function termBuckets(slot: number, size: number, values: DocValues, rows: Int32Array): FacetBucket[] {
  const column = values.keywords[slot];
  if (column === undefined) return [];
  const counts = new Int32Array(column.values.length);
  column.countOrdinals(rows, counts);
  const buckets: FacetBucket[] = [];
  counts.forEach((n, ordinal) => {
    if (n > 0) buckets.push({ value: column.values[ordinal] ?? '', count: n });
  });
  return buckets.sort((a, b) => b.count - a.count || compareStrings(a.value, b.value)).slice(0, size);
}

/** `from` inclusive, `to` exclusive, buckets in request order (zero counts included). */
function rangeBuckets(facet: Extract<FacetPlan, { kind: 'range' }>, values: DocValues, rows: Int32Array): FacetBucket[] {
  const column = values.numbers[facet.field.slot];
  const counts = new Int32Array(facet.ranges.length);
  if (column !== undefined) {
    // Open ends as infinities in typed arrays, so the loop over every match compares doubles only.
    const from = Float64Array.from(facet.ranges, (range) => range.from ?? Number.NEGATIVE_INFINITY);
    const to = Float64Array.from(facet.ranges, (range) => range.to ?? Number.POSITIVE_INFINITY);
    const n = counts.length;
    for (let r = 0; r < rows.length; r++) {
      const value = column.get(rows[r]!);
      // NaN (no value) fails every comparison, so it is counted nowhere.
      for (let i = 0; i < n; i++) if (value >= from[i]! && value < to[i]!) counts[i]! += 1;
    }
  }
  return facet.ranges.map((range, i) => ({ value: range.key, count: counts[i] ?? 0 }));
}
