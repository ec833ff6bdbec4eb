import type { FacetBucket, FacetRequest } from '@pc/kit/ports/search-index';
import { FacetType, type Facet, type FacetStats, type FacetValue } from '@pc/proto/search/v1/types';
import { MAX_FACET_VALUES, SPEC_FACET_PREFIX } from '../domain/product-facets.js';
import { ProductFields as F } from '../domain/product-fields.js';
import { compareSpecValues, specTerm, splitSpecTerm } from '../domain/product-specs.js';
import { specScale } from '../domain/spec-numbers.js';
import type { SpecRange } from '../domain/spec-ranges.js';

/** Which specifications the result's products state, and how often (labels too). */
export const SPEC_NAMES_FACET: FacetRequest = { field: F.specNames, type: 'terms', size: 200 };
/** The values they state (the port's largest facet: every value of ten specifications fits). */
export const SPEC_VALUES_FACET: FacetRequest = { field: F.specs, type: 'terms', size: 1000 };

/**
 * One specification's names and values alone (a refined one's own search, a range's lookup):
 * every value of it, not only those among the 1,000 most stated of all specifications.
 */
export function oneSpecFacets(key: string): FacetRequest[] {
  const prefix = specTerm(key, '');
  return [
    { field: F.specNames, type: 'terms', size: 10, prefix },
    { field: F.specs, type: 'terms', size: 1000, prefix },
  ];
}

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
  /** A range-refined specification's key → the values its range selected. */
  readonly ranged: ReadonlyMap<string, readonly string[]>;
}

/** How a request refines the specifications. */
export interface SpecChoices {
  /** Key → chosen values. */
  readonly specRefinements: ReadonlyMap<string, readonly string[]>;
  /** Key → chosen range. */
  readonly specRanges: ReadonlyMap<string, SpecRange>;
}

interface Stated {
  readonly key: string;
  readonly label: string;
  readonly count: number;
}

/**
 * The specification facets of a result: those stated by at least 30 % of its products (and two),
 * unless every product states the same value, most stated first, at most ten; a refined one always, with its
 * chosen values even where no product is left with them (so they can be taken back). A
 * specification whose values are all numbers in one unit says so, with its unit, the stats of its
 * numbers and each value's number (ADR 123).
 */
export function specFacets(buckets: SpecBuckets, choices: SpecChoices): Facet[] {
  const { specRefinements: refined, specRanges: ranges } = choices;
  const isRefined = (key: string): boolean => refined.has(key) || ranges.has(key);
  const stated = statedIn(buckets.names);
  const minimum = Math.max(2, Math.ceil(buckets.total * SPEC_MIN_SHARE));
  const common = [...stated.values()]
    .filter((spec) => spec.count >= minimum && !isRefined(spec.key))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  // A refined one that no product of the result states any more is labelled as the products
  // without its refinement write it.
  const refinedFirst = [...refined.keys(), ...ranges.keys()].map((key): Stated => {
    const elsewhere = statedIn(buckets.without.get(key)?.names ?? []).get(key);
    return stated.get(key) ?? { key, label: elsewhere?.label ?? key, count: 0 };
  });
  const facets: Facet[] = [];
  for (const spec of [...refinedFirst, ...common]) {
    const without = buckets.without.get(spec.key);
    const counts = countsOf(without?.values ?? buckets.values, spec.key);
    const range = ranges.get(spec.key);
    const chosen = refined.get(spec.key) ?? [];
    // One value that every product of the result states filters nothing; a refined one stays to
    // be taken back.
    if (!isRefined(spec.key) && counts.size < 2 && spec.count >= buckets.total) continue;
    if (!isRefined(spec.key) && facets.length - refinedFirst.length >= MAX_SPEC_FACETS) break;
    const scale = specScale(counts.keys());
    const numeric = scale !== null && scale.complete ? scale : null;
    const inRange = new Set(range ? (buckets.ranged.get(spec.key) ?? []) : []);
    const selected = (value: string): boolean => chosen.includes(value) || inRange.has(value);
    facets.push({
      name: `${SPEC_FACET_PREFIX}${spec.key}`,
      type: FacetType.FACET_TYPE_TERMS,
      label: spec.label,
      count: spec.count,
      values: valuesOf(counts, chosen, selected, numeric?.numbers),
      stats: numeric
        ? statsOf(counts, numeric.numbers, without ? stateCount(without.names, spec.key) : spec.count)
        : undefined,
      numeric: numeric !== null,
      unit: numeric?.unit ?? '',
      chosenMin: range?.min,
      chosenMax: range?.max,
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

const stateCount = (names: readonly FacetBucket[], key: string): number => statedIn(names).get(key)?.count ?? 0;

/** A specification's values among buckets of `specs`. */
export const specValuesIn = (buckets: readonly FacetBucket[], key: string): string[] => [
  ...countsOf(buckets, key).keys(),
];

/** A specification's values with products (value → how many). */
function countsOf(buckets: readonly FacetBucket[], key: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const bucket of buckets) {
    const term = splitSpecTerm(bucket.value);
    if (term?.key === key && bucket.count > 0) counts.set(term.rest, bucket.count);
  }
  return counts;
}

/**
 * A specification's values in natural order (a numeric one's by number), the selected ones kept
 * among the first 50 and its chosen values kept at count 0.
 */
function valuesOf(
  counts: ReadonlyMap<string, number>,
  chosen: readonly string[],
  selected: (value: string) => boolean,
  numbers: ReadonlyMap<string, number> | undefined,
): FacetValue[] {
  const all = [...new Set([...counts.keys(), ...chosen])];
  const order = (a: string, b: string): number =>
    (numbers?.get(a) ?? Infinity) - (numbers?.get(b) ?? Infinity) || compareSpecValues(a, b);
  const ordered = all.sort(order);
  const kept = ordered.filter(selected);
  for (const value of ordered) if (kept.length < MAX_FACET_VALUES && !selected(value)) kept.push(value);
  return kept.sort(order).map((value) => ({
    value,
    label: value,
    count: counts.get(value) ?? 0,
    selected: selected(value),
    number: numbers?.get(value),
  }));
}

/** Min, max and average of a numeric specification's numbers over its products; `count` the products stating it. */
function statsOf(counts: ReadonlyMap<string, number>, numbers: ReadonlyMap<string, number>, count: number): FacetStats {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let weight = 0;
  for (const [value, n] of numbers) {
    const products = counts.get(value) ?? 0;
    min = Math.min(min, n);
    max = Math.max(max, n);
    sum += n * products;
    weight += products;
  }
  return { min, max, avg: weight > 0 ? sum / weight : 0, count };
}
