import { z } from 'zod';
import { ShopReviewOrder } from '@pc/proto/offers/v1/shop_reviews';
import { listShopReviews } from '~/services/shop-reviews.server';
import { SHOP_REVIEW_SORTS, type ShopReviewSort } from '~/shop-reviews/review-query';
import { CachePolicy } from '../http/cache-policy.server';
import { intParam, localeParam, pageParam, sortParam } from '../http/params.server';
import { parseOrThrow, queryValues } from '../http/query.server';
import { jsonResponse, type ApiCall } from '../http/respond.server';
import { pagingMeta, type ListMeta } from '../mappers/list-meta.server';
import {
  shopRatingJson,
  shopReviewJson,
  type ShopRatingJson,
  type ShopReviewJson,
} from '../mappers/shop-review.server';
import { shopReviewSorts } from '../mappers/sort-keys.server';
import { entityIdOf } from './path-ids.server';

/** Reviews a page: 10 by default, at most 50 (ListShopReviews). */
export const SHOP_REVIEWS_DEFAULT_PAGE = 10;
export const SHOP_REVIEWS_MAX_PAGE = 50;

const query = z.object({
  // Reviews are shown in every language; the locale is accepted like on every GET (spec §7).
  locale: localeParam,
  page: pageParam,
  hitsPerPage: intParam(1, SHOP_REVIEWS_MAX_PAGE).default(SHOP_REVIEWS_DEFAULT_PAGE),
  sort: sortParam(shopReviewSorts.keys),
});

/** The list's meta: paging and sorts as every list answers them, and the shop's rating. */
export type ShopReviewListMeta = ListMeta & { readonly rating: ShopRatingJson | null };

export interface ShopReviewsAsked {
  readonly page: number;
  readonly hitsPerPage: number;
  readonly sort: ShopReviewSort;
}

/**
 * A page of a listed shop's published reviews as the API answers it (`data` and `meta`), for the
 * endpoint and, in process, for the shop's page. NOT_FOUND for an unknown, deleted or unlisted shop.
 */
export async function shopReviewsBody(
  shopId: string,
  asked: ShopReviewsAsked,
): Promise<{ data: ShopReviewJson[]; meta: ShopReviewListMeta }> {
  const order = shopReviewSorts.valueOf(asked.sort, ShopReviewOrder.SHOP_REVIEW_ORDER_NEWEST);
  const response = await listShopReviews({ shopId, order, page: asked.page, hitsPerPage: asked.hitsPerPage });
  const meta: ShopReviewListMeta = {
    ...pagingMeta(response.page, asked),
    facets: {},
    suggestions: [],
    suggest: {},
    sortOptions: SHOP_REVIEW_SORTS.map((key) => ({ key, selected: key === asked.sort })),
    defaultSort: 'newest',
    sort: asked.sort,
    aggregations: { metrics: {} },
    rating: shopRatingJson(response.rating),
  };
  return { data: response.reviews.map(shopReviewJson), meta };
}

/**
 * GET /api/shops/{id}/reviews: a listed shop's published reviews (`sort=newest|highest|lowest`),
 * with its rating in `meta.rating`, as /api/products/{id}/reviews answers a product's.
 */
export async function shopReviewsList({ url, params }: ApiCall): Promise<Response> {
  const shopId = entityIdOf(params.id);
  const input = parseOrThrow(query, queryValues(url));
  const body = await shopReviewsBody(shopId, {
    page: input.page,
    hitsPerPage: input.hitsPerPage,
    sort: input.sort ?? 'newest',
  });
  return jsonResponse(body, CachePolicy.catalog);
}
