import { ProductSort } from '@pc/proto/common/v1/sort';
import {
  SearchProductsRequest,
  type ListPopularProductsRequest,
  type ListPopularProductsResponse,
  type ListTrendingQueriesRequest,
  type ListTrendingQueriesResponse,
} from '@pc/proto/search/v1/search';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import { utcDay } from '../domain/tracked-query.js';
import { productResponse } from '../queries/product-response.js';
import { searchProducts } from '../queries/product-search.js';
import type { QueryCounts } from '../store/query-counts.js';
import type { SearchIndices } from '../store/search-indices.js';
import * as fields from './common-fields.js';
import { parseProductQuery } from './product-request.js';
import { Violations } from './violations.js';

const DAY_MS = 86_400_000;
const MAX_DAYS = 30;
const MAX_LIMIT = 50;

function boundedInt(violations: Violations, field: string, value: number, fallback: number, max: number): number {
  if (value === 0) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max)
    violations.add(field, `must be between 1 and ${max} (0 for ${fallback})`, 'between', {
      min: '1',
      max: String(max),
    });
  return value;
}

/** ListTrendingQueries: the queries searched most in a country and language over the last days. */
export async function listTrendingQueries(
  counts: QueryCounts,
  request: ListTrendingQueriesRequest,
  now: Date,
): Promise<ListTrendingQueriesResponse> {
  const violations = new Violations();
  const country = fields.country(violations, 'country', request.country);
  const language = fields.language(violations, request.language);
  const days = boundedInt(violations, 'days', request.days, 7, MAX_DAYS);
  const limit = boundedInt(violations, 'limit', request.limit, 10, MAX_LIMIT);
  violations.throwIfAny();
  const window = Array.from({ length: days }, (_, i) => utcDay(new Date(now.getTime() - i * DAY_MS)));
  return { queries: await counts.top(country ?? '', language, window, limit) };
}

/**
 * ListPopularProducts: the products of a country (optionally a category, its subcategories
 * included) with offers there, by the rank sort — offers in the country plus ten per counted
 * click, then ratings. `days` is checked but not yet applied: clicks are counted without a
 * window until the affiliates service records them by day.
 */
export async function listPopularProducts(
  indices: SearchIndices,
  request: ListPopularProductsRequest,
): Promise<ListPopularProductsResponse> {
  const violations = new Violations();
  boundedInt(violations, 'days', request.days, 7, MAX_DAYS);
  const limit = boundedInt(violations, 'limit', request.limit, 12, MAX_LIMIT);
  violations.throwIfAny();
  const query = parseProductQuery(
    SearchProductsRequest.fromPartial({
      country: request.country,
      language: request.language,
      displayCurrency: request.displayCurrency,
      sort: ProductSort.PRODUCT_SORT_RANK,
      page: { page: 1, hitsPerPage: limit },
      filter: { categoryId: request.categoryId, withOffersOnly: true },
    }),
  );
  if (query.filter.categoryId && !(await indices.categories.get(query.filter.categoryId)))
    throw new NotFoundError('category', query.filter.categoryId);
  const response = await productResponse(indices, query, await searchProducts(indices, query), performance.now());
  return { hits: response.hits };
}
