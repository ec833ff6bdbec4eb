import type { FacetBucket, FacetRequest } from '@pc/kit/ports/search-index';
import { FacetType, type Facet, type FacetValue } from '@pc/proto/search/v1/types';
import { MAX_FACET_VALUES, SPEC_FACET_PREFIX } from '../domain/product-facets.js';
import { ProductFields as F } from '../domain/product-fields.js';
import { compareSpecValues, splitSpecTerm } from '../domain/product-specs.js';

/** Which specifications the result's products state, and how often (labels too). */
export const SPEC_NAMES_FACET: FacetRequest = { field: F.specNames, type: 'terms', size: 200 };
/** The values they state (the port's largest facet: every value of ten specifications fits). */
export const SPEC_VALUES_FACET: FacetRequest = { field: F.specs, type: 'terms', size: 1000 };

/** A specification is offered as a filter when at least this share of the result states it. */
export const SPEC_MIN_SHARE = 0.3;
/** At most this many specifications are offered (the refined ones besides). */
export const MAX_SPEC_FACETS = 10;

/** The buckets a product search gathered for the specification facets. */
export interface SpecBuckets {
  /** Products in the result. */
  readonly total: number;
  /** Buckets of `spec_names` over the result. */
  readonly names: readonly FacetBucket[];
  /** Buckets of `specs` over the result. */
  readonly values: readonly FacetBucket[];
  /** A refined specification's key → buckets of both fields over the result without its refinement. */
  readonly without: ReadonlyMap<
    string,
    { readonly names: readonly FacetBucket[]; readonly values: readonly FacetBucket[] }
  >;
}

interface Stated {
  readonly key: string;
  readonly label: string;
  readonly count: number;
}

/**
 * The specification facets of a result: those stated by at least 30 % of its products (and two),
 * unless every product states the same value, most stated first, at most ten; a refined one always, with its
 * chosen values even where no product is left with them (so they can be taken back).
 */
export function specFacets(buckets: SpecBuckets, refined: ReadonlyMap<string, readonly string[]>): Facet[] {
  const stated = statedIn(buckets.names);
  const minimum = Math.max(2, Math.ceil(buckets.total * SPEC_MIN_SHARE));
  const common = [...stated.values()]
    .filter((spec) => spec.count >= minimum && !refined.has(spec.key))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  // A refined one that no product of the result states any more is labelled as the products
  // without its refinement write it.
  const refinedFirst = [...refined.keys()].map((key): Stated => {
    const elsewhere = statedIn(buckets.without.get(key)?.names ?? []).get(key);
    return stated.get(key) ?? { key, label: elsewhere?.label ?? key, count: 0 };
  });
  const facets: Facet[] = [];
  for (const spec of [...refinedFirst, ...common]) {
    const chosen = refined.get(spec.key) ?? [];
    const values = valuesOf(buckets.without.get(spec.key)?.values ?? buckets.values, spec.key, chosen);
    // One value that every product of the result states filters nothing; a refined one stays to
    // be taken back.
    if (chosen.length === 0 && values.length < 2 && spec.count >= buckets.total) continue;
    if (chosen.length === 0 && facets.length - refinedFirst.length >= MAX_SPEC_FACETS) break;
    facets.push({
      name: `${SPEC_FACET_PREFIX}${spec.key}`,
      type: FacetType.FACET_TYPE_TERMS,
      label: spec.label,
      count: spec.count,
      values,
      stats: undefined,
    });
  }
  return facets;
}

function statedIn(names: readonly FacetBucket[]): Map<string, Stated> {
  const stated = new Map<string, Stated>();
  for (const bucket of names) {
    const term = splitSpecTerm(bucket.value);
    if (term && !stated.has(term.key)) stated.set(term.key, { key: term.key, label: term.rest, count: bucket.count });
  }
  return stated;
}

/** A specification's values in natural order, its chosen ones marked (and kept at count 0). */
function valuesOf(buckets: readonly FacetBucket[], key: string, chosen: readonly string[]): FacetValue[] {
  const counts = new Map<string, number>();
  for (const bucket of buckets) {
    const term = splitSpecTerm(bucket.value);
    if (term?.key === key && bucket.count > 0) counts.set(term.rest, bucket.count);
  }
  for (const value of chosen) if (!counts.has(value)) counts.set(value, 0);
  const ordered = [...counts.keys()].sort(compareSpecValues);
  const kept = ordered.filter((value) => chosen.includes(value));
  for (const value of ordered) if (kept.length < MAX_FACET_VALUES && !kept.includes(value)) kept.push(value);
  return kept
    .sort(compareSpecValues)
    .map((value) => ({ value, label: value, count: counts.get(value) ?? 0, selected: chosen.includes(value) }));
}
