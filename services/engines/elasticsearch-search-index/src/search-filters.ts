import type { estypes } from '@elastic/elasticsearch';
import type { FilterPlan } from '@pc/kit/ports/support/search/request-filters';
import { ID, keywordPath, numberPath } from './field-layout.js';

type Query = estypes.QueryDslQueryContainer;

/** Filter clauses (AND, no scoring), with the embedded adapter's meaning of each value. */
export function filterClauses(filters: readonly FilterPlan[]): Query[] {
  return filters.map((filter): Query => {
    if (filter.kind === 'range') {
      return {
        range: {
          [numberPath(filter.field.name)]: {
            ...(filter.gte === undefined ? {} : { gte: filter.gte }),
            ...(filter.lt === undefined ? {} : { lt: filter.lt }),
          },
        },
      };
    }
    if (filter.field === 'id') return anyOf(ID, filter.values.map(String));
    if (filter.field.type === 'number')
      return anyOf(numberPath(filter.field.name), filter.values.map(Number).filter(Number.isFinite));
    // Keywords are stored as String(value), so `true` finds "true" as it does in the embedded adapter.
    return anyOf(keywordPath(filter.field.name), filter.values.map(String));
  });
}

/** An empty list matches nothing (not everything). */
function anyOf(path: string, values: readonly (string | number)[]): Query {
  return values.length === 0 ? { match_none: {} } : { terms: { [path]: [...values] } };
}
