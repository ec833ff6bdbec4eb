import type { FieldViolation } from '../../../errors/domain-errors.js';
import type { FacetRequest } from '../../search-index.js';
import type { SchemaPlan, ValueField } from './schema-plan.js';

export const DEFAULT_FACET_SIZE = 10;
const MAX_FACET_SIZE = 1000;

export interface RangeBucketPlan {
  readonly key: string;
  readonly from: number | undefined;
  readonly to: number | undefined;
}

export type FacetPlan =
  | { readonly kind: 'terms'; readonly field: ValueField; readonly size: number; readonly prefix: string }
  | { readonly kind: 'range'; readonly field: ValueField; readonly ranges: readonly RangeBucketPlan[] };

/** Terms facets on keyword fields (optionally of one prefix), range facets on number fields, one facet per field. */
export function validateFacets(
  plan: SchemaPlan,
  facets: readonly FacetRequest[],
  violations: FieldViolation[],
): FacetPlan[] {
  const valid: FacetPlan[] = [];
  const seen = new Set<string>();
  facets.forEach((facet, i) => {
    const at = `facets[${i}]`;
    const field = plan.valueFieldsByName.get(facet.field);
    const wanted = facet.type === 'terms' ? 'keyword' : 'number';
    if (field?.type !== wanted) {
      violations.push({
        field: `${at}.field`,
        reason: `${facet.type} facets need a ${wanted} field, ${facet.field} is not one`,
      });
    } else if (seen.has(facet.field)) {
      violations.push({ field: `${at}.field`, reason: `${facet.field} has a facet already` });
    } else if (facet.type === 'terms') {
      const size = facet.size ?? DEFAULT_FACET_SIZE;
      const prefix = facet.prefix ?? '';
      if (!Number.isInteger(size) || size < 1 || size > MAX_FACET_SIZE)
        violations.push({ field: `${at}.size`, reason: `must be an integer from 1 to ${MAX_FACET_SIZE}` });
      else if (typeof prefix !== 'string') violations.push({ field: `${at}.prefix`, reason: 'must be a string' });
      else valid.push({ kind: 'terms', field, size, prefix });
    } else if (facet.type === 'range' && Array.isArray(facet.ranges)) {
      valid.push({ kind: 'range', field, ranges: facet.ranges.map(({ key, from, to }) => ({ key, from, to })) });
    } else {
      violations.push({ field: `${at}.ranges`, reason: 'must be a list' });
    }
    seen.add(facet.field);
  });
  return valid;
}
