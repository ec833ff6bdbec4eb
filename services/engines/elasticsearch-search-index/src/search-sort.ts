import type { estypes } from '@elastic/elasticsearch';
import type { SortPlan } from '@pc/kit/ports/support/search/request-validation';
import { ID, keywordPath, numberPath } from './field-layout.js';

/**
 * The sort of a search: the requested keys (missing values last both ways; a multi-valued
 * keyword by its smallest value ascending, its largest descending), else relevance with text;
 * `id` ascending always breaks ties, so pages never overlap or skip.
 */
export function sortClauses(sort: readonly SortPlan[], hasText: boolean): estypes.SortCombinations[] {
  const clauses: estypes.SortCombinations[] = sort.map((clause) => {
    const order = clause.descending ? 'desc' : 'asc';
    if (clause.field === 'id') return { [ID]: { order } };
    const path = clause.field.type === 'number' ? numberPath(clause.field.name) : keywordPath(clause.field.name);
    return { [path]: { order, missing: '_last', mode: clause.descending ? 'max' : 'min' } };
  });
  if (clauses.length === 0 && hasText) clauses.push({ _score: { order: 'desc' } });
  clauses.push({ [ID]: { order: 'asc' } });
  return clauses;
}
