import { ProductSort } from '@pc/proto/common/v1/sort';
import {
  SearchProductsRequest,
  type ListPopularProductsRequest,
  type ListPopularProductsResponse,
  type ListTrendingQueriesRequest,
  type ListTrendingQueriesResponse,
} from '@pc/proto/search/v1/search';
import type { ProductHit } from '@pc/proto/search/v1/types';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import { CLICK_DAYS_KEPT } from '../domain/click-record.js';
import { utcDay } from '../domain/tracked-query.js';
import { productResponse } from '../queries/product-response.js';
import { searchProducts } from '../queries/product-search.js';
import type { ProductClickCounts } from '../store/product-click-counts.js';
import type { QueryCounts } from '../store/query-counts.js';
import type { SearchIndices } from '../store/search-indices.js';
import * as fields from './common-fields.js';
import { parseProductQuery } from './product-request.js';
import { Violations } from './violations.js';

const DAY_MS = 86_400_000;
const MAX_DAYS = 30;
const MAX_LIMIT = 50;
/** The most ids a product search filters by (SearchProducts' limit). */
const IDS_PER_SEARCH = 100;
/**
 * The most clicked products of a window that a list is drawn from: the first hundred (one search)
 * fill a country's list; a category's may take a few searches more.
 */
const CLICKED_CANDIDATES = 500;

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
  return { queries: await counts.top(country ?? '', language, windowOf(now, days), limit) };
}

/**
 * ListPopularProducts: the products of a country (optionally a category, its subcategories
 * included) with offers there. First those with the most counted click-outs in the country over
 * the last `days` UTC days (today included), most first, equal counts in the rank sort's order;
 * then, when fewer than `limit` were clicked in the window, the others by the rank sort (offers in
 * the country plus ten per counted click of all time, then ratings). The clicked ones are found
 * among the window's CLICKED_CANDIDATES most clicked products of the country, by the same search
 * with their ids as a filter, so the category and "offered there" hold for them too.
 */
export async function listPopularProducts(
  indices: SearchIndices,
  clickCounts: ProductClickCounts,
  request: ListPopularProductsRequest,
  now: Date,
): Promise<ListPopularProductsResponse> {
  const violations = new Violations();
  const days = boundedInt(violations, 'days', request.days, 7, CLICK_DAYS_KEPT);
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
  const search = async (hitsPerPage: number, productIds: string[], excludeIds: string[]): Promise<ProductHit[]> => {
    const paged = {
      ...query,
      page: { page: 1, hitsPerPage, skip: 0 },
      filter: { ...query.filter, productIds, excludeIds },
    };
    return (await productResponse(indices, paged, await searchProducts(indices, paged), performance.now())).hits;
  };

  const top = await clickCounts.top(query.country, windowOf(now, days), CLICKED_CANDIDATES);
  const clicks = new Map(top.map(({ productId, count }) => [productId, count]));
  const clicked: ProductHit[] = [];
  // The candidates come most clicked first, a search at a time: each search's hits are in the
  // rank sort's order, which the stable sort by clicks keeps among equal counts (equal counts
  // split across two searches keep the candidates' order, by id, between them).
  for (let i = 0; i < top.length && clicked.length < limit; i += IDS_PER_SEARCH) {
    const ids = top.slice(i, i + IDS_PER_SEARCH).map(({ productId }) => productId);
    const hits = await search(ids.length, ids, []);
    clicked.push(...hits.sort((a, b) => (clicks.get(b.productId) ?? 0) - (clicks.get(a.productId) ?? 0)));
  }
  const hits = clicked.slice(0, limit);
  if (hits.length === limit) return { hits };
  const rest = await search(
    limit - hits.length,
    [],
    hits.map((hit) => hit.productId),
  );
  return { hits: [...hits, ...rest] };
}

/** The last `days` UTC days, today first. */
function windowOf(now: Date, days: number): string[] {
  return Array.from({ length: days }, (_, i) => utcDay(new Date(now.getTime() - i * DAY_MS)));
}
