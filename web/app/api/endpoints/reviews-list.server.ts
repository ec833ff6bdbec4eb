import { z } from 'zod';
import { ReviewOrder } from '@pc/proto/catalog/v1/catalog';
import { listReviews } from '~/services/catalog.server';
import { CachePolicy } from '../http/cache-policy.server';
import { InvalidQueryError } from '../http/invalid-query.server';
import { hitsPerPageParam, localeParam, pageParam, sortParam } from '../http/params.server';
import { parseOrThrow, queryValues } from '../http/query.server';
import { readRefinements, refinementValues } from '../http/refinements.server';
import { jsonResponse, type ApiCall } from '../http/respond.server';
import { pagingMeta, type ListMeta } from '../mappers/list-meta.server';
import { ratingJson } from '../mappers/product.server';
import { reviewJson } from '../mappers/review.server';
import { reviewSorts } from '../mappers/sort-keys.server';
import { productIdOf } from './path-ids.server';

const query = z.object({
  // Reviews are shown in every language; the locale is accepted like on every GET (spec §7).
  locale: localeParam,
  page: pageParam,
  hitsPerPage: hitsPerPageParam(20),
  sort: sortParam(reviewSorts.keys),
});

/** refinements[rating]=5: only reviews with that many stars. */
function ratingFilter(values: readonly string[] | undefined): number {
  if (values === undefined) return 0;
  const [value] = values;
  if (values.length !== 1 || value === undefined || !/^[1-5]$/.test(value)) {
    throw new InvalidQueryError([
      { field: 'refinements[rating]', reason: 'must be one star rating from 1 to 5', rule: 'between' },
    ]);
  }
  return Number(value);
}

function productFilter(values: readonly string[] | undefined): string {
  if (values === undefined) {
    throw new InvalidQueryError([
      { field: 'refinements[product]', reason: 'refinements[product] is required', rule: 'required' },
    ]);
  }
  if (values.length !== 1)
    throw new InvalidQueryError([{ field: 'refinements[product]', reason: 'must be one product id', rule: 'max' }]);
  return productIdOf(values[0]);
}

/**
 * A product's reviews with its rating summary in `meta.rating` (the spec's review meta): GET
 * /api/products/{id}/reviews, or GET /api/reviews with refinements[product] (spec §7: facet
 * product). Newest first unless sorted otherwise.
 */
export async function reviewsList({ url, params }: ApiCall): Promise<Response> {
  const refinements = readRefinements(url, {
    allowedFacets: params.id === undefined ? ['product', 'rating'] : ['rating'],
  });
  const input = parseOrThrow(query, queryValues(url));
  const productId =
    params.id === undefined ? productFilter(refinementValues(refinements, 'product')) : productIdOf(params.id);
  const rating = ratingFilter(refinementValues(refinements, 'rating'));
  const order = reviewSorts.valueOf(input.sort, ReviewOrder.REVIEW_ORDER_NEWEST);
  const response = await listReviews({ productId, rating, order, page: input.page, hitsPerPage: input.hitsPerPage });
  const meta: ListMeta & { rating: ReturnType<typeof ratingJson> } = {
    ...pagingMeta(response.page, input),
    facets: {},
    suggestions: [],
    suggest: {},
    sortOptions: reviewSorts.keys.map((key) => ({ key, selected: reviewSorts.valueOf(key, order) === order })),
    defaultSort: 'new',
    sort: reviewSorts.keyOf(order),
    aggregations: { metrics: {} },
    rating: ratingJson(response.rating),
  };
  return jsonResponse({ data: response.reviews.map(reviewJson), meta }, CachePolicy.catalog);
}
