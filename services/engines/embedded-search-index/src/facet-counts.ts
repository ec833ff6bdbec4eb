import type { FacetBucket } from '@pc/kit/ports/search-index';
import type { DocValues } from './doc-values.js';
import { compareStrings } from './keyword-column.js';
import { countSlots, type MatchNumbers } from './match-numbers.js';
import type { FacetPlan } from '@pc/kit/ports/support/search/request-facets';
import type { ValueField } from '@pc/kit/ports/support/search/schema-plan';

/** Facet buckets over the whole matching set: one pass over its rowids per facet. */
export function facetCounts(
  facets: readonly FacetPlan[],
  values: DocValues,
  numbers: MatchNumbers,
): Record<string, FacetBucket[]> {
  const result: Record<string, FacetBucket[]> = {};
  for (const facet of facets) {
    result[facet.field.name] =
      facet.kind === 'terms' ? termBuckets(facet.field.slot, facet, values, numbers) : rangeBuckets(facet, numbers);
  }
  return result;
}

/** How many distinct values of each keyword field the matching rows hold. */
export function distinctCounts(fields: readonly ValueField[], numbers: MatchNumbers): Record<string, number> {
  const result: Record<string, number> = {};
  for (const field of fields) result[field.name] = countNonZero(numbers.counts(field.slot));
  return result;
}

function countNonZero(counts: Int32Array): number {
  let distinct = 0;
  for (let i = 0; i < counts.length; i++) if (counts[i] !== 0) distinct++;
  return distinct;
}

/**
 * Count desc, then value asc; a multi-valued document counts once per distinct value. With a
 * prefix, only the values that start with it.
 */
function termBuckets(
  slot: number,
  { size, prefix }: Extract<FacetPlan, { kind: 'terms' }>,
  values: DocValues,
  numbers: MatchNumbers,
): FacetBucket[] {
  const column = values.keywords[slot];
  if (column === undefined) return [];
  const counts = numbers.counts(slot);
  const buckets: FacetBucket[] = [];
  counts.forEach((n, ordinal) => {
    const value = column.values[ordinal] ?? '';
    if (n > 0 && value.startsWith(prefix)) buckets.push({ value, count: n });
  });
  return buckets.sort((a, b) => b.count - a.count || compareStrings(a.value, b.value)).slice(0, size);
}

/**
 * `from` inclusive, `to` exclusive, buckets in request order (zero counts included). The ranges'
 * bounds cut the number line into slots, and every range is a run of consecutive slots: one
 * binary search per row finds its slot, instead of testing the row against every range.
 */
function rangeBuckets(facet: Extract<FacetPlan, { kind: 'range' }>, numbers: MatchNumbers): FacetBucket[] {
  const bounds = facet.ranges
    .flatMap((range) => [range.from, range.to])
    .filter((bound): bound is number => bound !== undefined);
  const points = Float64Array.from(new Set(bounds)).sort();
  const slots = new Int32Array(points.length + 1);
  countSlots(numbers.of(facet.field.slot), points, slots);
  // Slot j holds the values with j points at or below them: [from, to) is slots (from's) + 1 … (to's).
  const slotAfter = (bound: number): number => points.indexOf(bound) + 1;
  return facet.ranges.map((range) => {
    const first = range.from === undefined ? 0 : slotAfter(range.from);
    const last = range.to === undefined ? points.length : slotAfter(range.to) - 1;
    let count = 0;
    for (let j = first; j <= last; j++) count += slots[j] ?? 0;
    return { value: range.key, count };
  });
}
