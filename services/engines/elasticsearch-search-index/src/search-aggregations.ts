import type { estypes } from '@elastic/elasticsearch';
import type { FacetBucket, SearchResult } from '@pc/kit/ports/search-index';
import type { FacetPlan } from '@pc/kit/ports/support/search/request-facets';
import type { ValueField } from '@pc/kit/ports/support/search/schema-plan';
import { keywordPath, numberPath } from './field-layout.js';
import { startingWith } from './lucene-regex.js';

type Aggregations = Record<string, estypes.AggregationsAggregationContainer>;
type Metrics = SearchResult<never>['metrics'];

/** Elasticsearch's most precise `cardinality`: counts up to it are exact (or very nearly), larger ones estimated. */
const CARDINALITY_PRECISION = 40_000;

/**
 * Facets, metrics and distinct counts as aggregations over the whole matching set. Names are
 * positional (`f0`, `m0`, `d0`) so no field name can clash with another; terms count desc then
 * key asc (exact on one shard; `shard_size` keeps them close on several), a prefix as an `include`
 * pattern; ranges get keys of ours so buckets come back in request order whatever the bounds.
 */
export function aggregations(
  facets: readonly FacetPlan[],
  metrics: readonly ValueField[],
  distinct: readonly ValueField[],
): Aggregations {
  const aggs: Aggregations = {};
  facets.forEach((facet, i) => {
    if (facet.kind === 'terms') {
      const order = [{ _count: 'desc' as const }, { _key: 'asc' as const }];
      aggs[`f${i}`] = {
        terms: {
          field: keywordPath(facet.field.name),
          size: facet.size,
          shard_size: Math.max(100, facet.size * 2),
          order,
          ...(facet.prefix === '' ? {} : { include: startingWith(facet.prefix) }),
        },
      };
    } else {
      const ranges = facet.ranges.map((range, j) => ({
        key: `r${j}`,
        ...(range.from === undefined ? {} : { from: range.from }),
        ...(range.to === undefined ? {} : { to: range.to }),
      }));
      aggs[`f${i}`] = { range: { field: numberPath(facet.field.name), keyed: true, ranges } };
    }
  });
  metrics.forEach((field, i) => {
    aggs[`m${i}`] = { stats: { field: numberPath(field.name) } };
  });
  distinct.forEach((field, i) => {
    aggs[`d${i}`] = { cardinality: { field: keywordPath(field.name), precision_threshold: CARDINALITY_PRECISION } };
  });
  return aggs;
}

export function distinctResults(
  distinct: readonly ValueField[],
  aggs: Record<string, unknown> | undefined,
): Record<string, number> {
  const result: Record<string, number> = {};
  distinct.forEach((field, i) => {
    result[field.name] = (aggs?.[`d${i}`] as { value?: number } | undefined)?.value ?? 0;
  });
  return result;
}

export function facetResults(
  facets: readonly FacetPlan[],
  aggs: Record<string, unknown> | undefined,
): Record<string, FacetBucket[]> {
  const result: Record<string, FacetBucket[]> = {};
  facets.forEach((facet, i) => {
    const agg = aggs?.[`f${i}`] as { buckets?: unknown } | undefined;
    if (facet.kind === 'terms') {
      const buckets = (agg?.buckets ?? []) as { key: string | number; doc_count: number }[];
      result[facet.field.name] = buckets.map((bucket) => ({ value: String(bucket.key), count: bucket.doc_count }));
    } else {
      const keyed = (agg?.buckets ?? {}) as Record<string, { doc_count: number }>;
      result[facet.field.name] = facet.ranges.map((range, j) => ({
        value: range.key,
        count: keyed[`r${j}`]?.doc_count ?? 0,
      }));
    }
  });
  return result;
}

export function metricResults(metrics: readonly ValueField[], aggs: Record<string, unknown> | undefined): Metrics {
  const result: Record<string, Metrics[string]> = {};
  metrics.forEach((field, i) => {
    const stats = aggs?.[`m${i}`] as
      { count?: number; min?: number | null; max?: number | null; avg?: number | null } | undefined;
    const none = stats === undefined || !stats.count;
    result[field.name] = none
      ? { min: null, max: null, avg: null }
      : { min: stats.min ?? null, max: stats.max ?? null, avg: stats.avg ?? null };
  });
  return result;
}
