import type { FieldError } from '~/services/grpc-errors.server';
import {
  isSpecFacet,
  MAX_SPEC_REFINEMENTS,
  MAX_SPEC_VALUE_LENGTH,
  splitRefinementValues,
} from '~/search/refinement-values';
import { InvalidQueryError } from './invalid-query.server';
import { isRefinementKey } from './query.server';

/** Facet values the visitor selected: OR within a facet, AND across facets (search.proto). */
export interface TermRefinement {
  readonly facet: string;
  readonly values: readonly string[];
}

/** A numeric range of a range facet (price in minor units, rating); an absent bound is open. */
export interface RangeRefinement {
  readonly facet: string;
  readonly min?: number;
  readonly max?: number;
}

export interface Refinements {
  readonly terms: readonly TermRefinement[];
  readonly ranges: readonly RangeRefinement[];
}

export interface RefinementRules {
  /** Facets whose value is a range `min..max` instead of a list of values. */
  readonly rangeFacets?: readonly string[];
  /** When given, the only facets the endpoint can refine on. */
  readonly allowedFacets?: readonly string[];
  /** Whether the endpoint refines on specifications, `spec:<key>` (products only). */
  readonly specFacets?: boolean;
}

const KEY = /^refinements\[([^\]]*)\]$/;
const FACET = /^[a-z][a-z0-9_]{0,39}$/;
const RANGE = /^(-?\d+(?:\.\d+)?)?\.\.(-?\d+(?:\.\d+)?)?$/;
const MAX_FACETS = 20;
const MAX_VALUES = 100;
const MAX_VALUE_LENGTH = 200;

function parseRange(facet: string, raw: string): RangeRefinement | FieldError {
  const field = `refinements[${facet}]`;
  const match = RANGE.exec(raw);
  if (!match || (match[1] === undefined && match[2] === undefined)) {
    return { field, reason: 'must be a range min..max (either bound may be left out)', rule: 'regex' };
  }
  const min = match[1] === undefined ? undefined : Number(match[1]);
  const max = match[2] === undefined ? undefined : Number(match[2]);
  if (min !== undefined && max !== undefined && min > max)
    return { field, reason: 'min must not exceed max', rule: 'lte' };
  return { facet, ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
}

/** The values of every occurrence of a name, each once (`\,` is a comma inside a value). */
const splitValues = (raw: readonly string[]): string[] => [...new Set(raw.flatMap(splitRefinementValues))];

/**
 * Reads `refinements[facet]=v1,v2` (repeating the name adds values). A facet whose values are
 * all empty is left out (spec §5: refinements with empty values are not sent). Range facets take
 * `refinements[price]=1000..5000`; where the rules allow them, specifications take
 * `refinements[spec:<key>]=value,value` (each specification a facet of its own).
 */
export function readRefinements(url: URL, rules: RefinementRules = {}): Refinements {
  const errors: FieldError[] = [];
  const terms: TermRefinement[] = [];
  const ranges: RangeRefinement[] = [];
  const names = [...new Set(url.searchParams.keys())].filter(isRefinementKey);
  for (const name of names) {
    const facet = KEY.exec(name)?.[1];
    if (facet === undefined) {
      errors.push({ field: 'refinements', reason: 'must be written refinements[facet]=value,value', rule: 'regex' });
      continue;
    }
    const field = `refinements[${facet}]`;
    const spec = facet.startsWith('spec:');
    if (spec ? !isSpecFacet(facet) : !FACET.test(facet)) {
      errors.push({
        field,
        reason: spec
          ? 'a specification is spec: and its key (lower case letters, digits and -, at most 64)'
          : 'the facet name must be lower case letters, digits and _',
        rule: 'regex',
      });
      continue;
    }
    if (spec && !rules.specFacets) {
      errors.push({ field, reason: 'specifications refine products only', rule: 'in' });
      continue;
    }
    if (rules.allowedFacets && !rules.allowedFacets.includes(facet)) {
      errors.push({
        field,
        reason: `must be one of ${rules.allowedFacets.map((f) => `refinements[${f}]`).join(', ')}`,
        rule: 'in',
      });
      continue;
    }
    const values = splitValues(url.searchParams.getAll(name));
    if (values.length === 0) continue;
    if (rules.rangeFacets?.includes(facet)) {
      if (values.length > 1) {
        errors.push({ field, reason: 'takes one range min..max', rule: 'max' });
        continue;
      }
      const range = parseRange(facet, values[0] ?? '');
      if ('field' in range) errors.push(range);
      else ranges.push(range);
      continue;
    }
    const maxLength = spec ? MAX_SPEC_VALUE_LENGTH : MAX_VALUE_LENGTH;
    if (values.length > MAX_VALUES)
      errors.push({ field, reason: `must list at most ${MAX_VALUES} values`, rule: 'max' });
    else if (values.some((value) => value.length > maxLength)) {
      errors.push({ field, reason: `values must be at most ${maxLength} characters`, rule: 'max' });
    } else terms.push({ facet, values });
  }
  const specs = terms.filter((term) => isSpecFacet(term.facet)).length;
  if (terms.length - specs + ranges.length > MAX_FACETS) {
    errors.push({ field: 'refinements', reason: `must refine at most ${MAX_FACETS} facets`, rule: 'max' });
  }
  if (specs > MAX_SPEC_REFINEMENTS) {
    errors.push({
      field: 'refinements',
      reason: `must refine at most ${MAX_SPEC_REFINEMENTS} specifications`,
      rule: 'max',
    });
  }
  if (errors.length > 0) throw new InvalidQueryError(errors);
  return { terms, ranges };
}

/** The values of one term facet, when the caller refined on it. */
export function refinementValues(refinements: Refinements, facet: string): readonly string[] | undefined {
  return refinements.terms.find((r) => r.facet === facet)?.values;
}
