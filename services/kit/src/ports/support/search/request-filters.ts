import type { FieldViolation } from '../../../errors/domain-errors.js';
import type { SearchFilter } from '../../search-index.js';
import type { SchemaPlan, ValueField } from './schema-plan.js';

export type FilterPlan =
  | {
      readonly kind: 'anyOf';
      readonly field: ValueField | 'id';
      readonly values: readonly (string | number | boolean)[];
    }
  | {
      readonly kind: 'range';
      readonly field: ValueField;
      readonly gte: number | undefined;
      readonly lt: number | undefined;
    };

/** anyOf on `id`, keyword or number fields; ranges (gte inclusive, lt exclusive) on numbers. */
export function validateFilters(
  plan: SchemaPlan,
  filters: readonly SearchFilter[],
  violations: FieldViolation[],
): FilterPlan[] {
  const valid: FilterPlan[] = [];
  filters.forEach((filter, i) => {
    const at = `filters[${i}]`;
    const field = filter.field === 'id' ? 'id' : plan.valueFieldsByName.get(filter.field);
    if (field === undefined) {
      violations.push({ field: `${at}.field`, reason: `${filter.field} is not a keyword or number field` });
    } else if ('anyOf' in filter) {
      if (!Array.isArray(filter.anyOf)) violations.push({ field: `${at}.anyOf`, reason: 'must be a list' });
      else valid.push({ kind: 'anyOf', field, values: filter.anyOf });
    } else if (field === 'id' || field.type !== 'number') {
      violations.push({
        field: `${at}.field`,
        reason: `range filters need a number field, ${filter.field} is not one`,
      });
    } else if (!isBound(filter.gte) || !isBound(filter.lt) || (filter.gte === undefined && filter.lt === undefined)) {
      violations.push({ field: at, reason: 'a range needs gte and/or lt, as finite numbers' });
    } else {
      valid.push({ kind: 'range', field, gte: filter.gte, lt: filter.lt });
    }
  });
  return valid;
}

function isBound(value: unknown): boolean {
  return value === undefined || (typeof value === 'number' && Number.isFinite(value));
}
