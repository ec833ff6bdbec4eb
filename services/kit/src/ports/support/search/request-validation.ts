import { InvalidArgumentError, type FieldViolation } from '../../../errors/domain-errors.js';
import { SEARCH_LANGUAGES, type SearchLanguage, type SearchRequest } from '../../search-index.js';
import type { SchemaPlan, ValueField } from './schema-plan.js';
import { validateFacets, type FacetPlan } from './request-facets.js';
import { validateFilters, type FilterPlan } from './request-filters.js';

export const DEFAULT_HITS_PER_PAGE = 20;
export const MAX_HITS_PER_PAGE = 100;
/** Same bound as Elasticsearch's default `index.max_result_window`: deep pages stay cheap. */
export const MAX_RESULT_WINDOW = 10_000;
const MAX_TEXT = 512;

/** A sort key: the implicit `id` or a keyword/number field. */
export interface SortPlan {
  readonly field: ValueField | 'id';
  readonly descending: boolean;
}

/** A search request checked against the schema, with defaults filled in. */
export interface ValidRequest {
  readonly text: string;
  readonly language: SearchLanguage;
  readonly fuzzy: boolean;
  readonly filters: readonly FilterPlan[];
  readonly facets: readonly FacetPlan[];
  /** Empty: relevance with text, id ascending without. */
  readonly sort: readonly SortPlan[];
  readonly page: number;
  readonly hitsPerPage: number;
  readonly metrics: readonly ValueField[];
  readonly distinct: readonly ValueField[];
}

/** Checks every part of the request and reports all bad fields at once. */
export function validateRequest(plan: SchemaPlan, request: SearchRequest): ValidRequest {
  const violations: FieldViolation[] = [];
  const text = request.text ?? '';
  if (text.length > MAX_TEXT) violations.push({ field: 'text', reason: `must be at most ${MAX_TEXT} characters` });
  const language = request.language ?? 'en';
  if (!SEARCH_LANGUAGES.includes(language))
    violations.push({ field: 'language', reason: `must be one of ${SEARCH_LANGUAGES.join(', ')}` });
  const page = request.page ?? 1;
  if (!Number.isInteger(page) || page < 1) violations.push({ field: 'page', reason: 'must be an integer >= 1' });
  const hitsPerPage = request.hitsPerPage ?? DEFAULT_HITS_PER_PAGE;
  if (!Number.isInteger(hitsPerPage) || hitsPerPage < 0 || hitsPerPage > MAX_HITS_PER_PAGE) {
    violations.push({ field: 'hitsPerPage', reason: `must be an integer from 0 to ${MAX_HITS_PER_PAGE}` });
  } else if (page * hitsPerPage > MAX_RESULT_WINDOW) {
    violations.push({ field: 'page', reason: `page × hitsPerPage must be at most ${MAX_RESULT_WINDOW}` });
  }
  const filters = validateFilters(plan, request.filters ?? [], violations);
  const facets = validateFacets(plan, request.facets ?? [], violations);
  const sort = (request.sort ?? []).map((clause, i): SortPlan => {
    const field = clause.field === 'id' ? 'id' : plan.valueFieldsByName.get(clause.field);
    if (field === undefined)
      violations.push({ field: `sort[${i}].field`, reason: `${clause.field} is not a keyword or number field` });
    if (clause.order !== 'asc' && clause.order !== 'desc')
      violations.push({ field: `sort[${i}].order`, reason: 'must be asc or desc' });
    return { field: field ?? 'id', descending: clause.order === 'desc' };
  });
  const metrics = (request.metrics ?? []).map((name, i) => {
    const field = plan.valueFieldsByName.get(name);
    if (field?.type !== 'number') violations.push({ field: `metrics[${i}]`, reason: `${name} is not a number field` });
    return field;
  });
  const distinct = (request.distinct ?? []).map((name, i) => {
    const field = plan.valueFieldsByName.get(name);
    if (field?.type !== 'keyword')
      violations.push({ field: `distinct[${i}]`, reason: `${name} is not a keyword field` });
    return field;
  });
  if (violations.length > 0) throw new InvalidArgumentError(violations);
  return {
    text,
    language,
    fuzzy: request.fuzzy === true,
    filters,
    facets,
    sort,
    page,
    hitsPerPage,
    metrics: metrics.filter((field): field is ValueField => field !== undefined),
    distinct: distinct.filter((field): field is ValueField => field !== undefined),
  };
}

/** Suggestions a `suggest` call returns when it names no limit: a short list under a search box. */
const DEFAULT_SUGGESTIONS = 10;
/** The most a call may ask for: suggestions are for typing, not for listing an index. */
const MAX_SUGGESTIONS = 50;

/** The limit of a `suggest` call, checked alike by every adapter. */
export function suggestLimit(options?: { readonly limit?: number }): number {
  const limit = options?.limit ?? DEFAULT_SUGGESTIONS;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SUGGESTIONS) {
    throw new InvalidArgumentError([{ field: 'limit', reason: `must be an integer from 1 to ${MAX_SUGGESTIONS}` }]);
  }
  return limit;
}

const MAX_ID_PAGE = 1_000;

/** The arguments of an `idsAfter` call, checked alike by every adapter. */
export function idPage(afterId: string, limit: number): { readonly afterId: string; readonly limit: number } {
  const violations: FieldViolation[] = [];
  if (typeof afterId !== 'string') violations.push({ field: 'afterId', reason: 'must be a string' });
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_ID_PAGE)
    violations.push({ field: 'limit', reason: `must be an integer from 1 to ${MAX_ID_PAGE}` });
  if (violations.length > 0) throw new InvalidArgumentError(violations);
  return { afterId, limit };
}
