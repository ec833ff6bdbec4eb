import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import type { User } from '@pc/proto/accounts/v1/types';
import { shopReviewsBody } from '~/api/endpoints/shop-reviews-list.server';
import { sitePaths } from '~/api/mappers/site-paths.server';
import {
  ownShopReviewJson,
  shopRatingJson,
  shopReviewJson,
  type OwnShopReviewJson,
  type ShopRatingJson,
  type ShopReviewJson,
} from '~/api/mappers/shop-review.server';
import { getShop } from '~/services/offers.server';
import { listShopReviews, ownShopReview, ShopReviewOrder } from '~/services/shop-reviews.server';
import { REVIEWS_PER_PAGE, reviewQuery, type ShopReviewSort } from '~/shop-reviews/review-query';
import type { SiteContext } from '~/site/site-context.server';
import { required } from './load.server';

/** A page of a shop's reviews as its page and its owner's settings show them. */
export interface ShopReviewsView {
  readonly items: readonly ShopReviewJson[];
  readonly page: number;
  readonly pages: number;
  readonly total: number;
  readonly sort: ShopReviewSort;
  readonly rating: ShopRatingJson | null;
}

const warn = (what: string, error: unknown) =>
  console.warn(`${what}: shop reviews unavailable`, error instanceof Error ? error.message : error);

/**
 * The reviews on a shop's page: the page and order its URL asks for, 10 a page, with the rating
 * they add up to. Null when offers could not answer them (related data: the page shows the rest,
 * spec §8).
 */
export async function shopPageReviews(shopId: string, url: URL): Promise<ShopReviewsView | null> {
  const { page, sort } = reviewQuery(url);
  try {
    const { data, meta } = await shopReviewsBody(shopId, { page, hitsPerPage: REVIEWS_PER_PAGE, sort });
    return { items: data, page: meta.page, pages: meta.pages, total: meta.total, sort, rating: meta.rating };
  } catch (error) {
    warn('shop page', error);
    return null;
  }
}

/** The owner's view of their shop's reviews, or why there is none. */
export type OwnerReviewsView = (ShopReviewsView & { readonly listed: true }) | { readonly listed: false };

/**
 * "Reviews" of shop settings: the shop's published reviews newest first, paged, each to be
 * answered. A shop not in the directory has none to show (offers answers NOT_FOUND); null when
 * offers could not answer (the rest of the settings still work).
 */
export async function ownerShopReviews(
  actorUserId: string,
  shopId: string,
  url: URL,
): Promise<OwnerReviewsView | null> {
  const { page } = reviewQuery(url);
  try {
    const answer = await listShopReviews({
      shopId,
      actorUserId,
      order: ShopReviewOrder.SHOP_REVIEW_ORDER_NEWEST,
      page,
      hitsPerPage: REVIEWS_PER_PAGE,
    });
    return {
      listed: true,
      items: answer.reviews.map(shopReviewJson),
      page: answer.page?.page || page,
      pages: answer.page?.pages ?? 0,
      total: answer.page?.total ?? 0,
      sort: 'newest',
      rating: shopRatingJson(answer.rating),
    };
  } catch (error) {
    if (error instanceof RpcError && error.code === GrpcStatus.NOT_FOUND) return { listed: false };
    warn('shop settings', error);
    return null;
  }
}

/** The shop as the review form names and links it. */
export interface ReviewedShop {
  readonly id: string;
  readonly name: string;
  readonly route: string;
  readonly favicon: string | null;
}

/**
 * The review form of a shop for a signed-in user: the listed shop (404 otherwise), the user's
 * review of it if they wrote one, and whether it is their own shop (which they may not review).
 */
export async function shopReviewFormData(context: SiteContext, user: User, shopId: string) {
  const [shop, own] = await required(Promise.all([getShop(shopId), ownShopReview(user.id, shopId)]));
  const reviewed: ReviewedShop = {
    id: shop.id,
    name: shop.name,
    route: sitePaths.shop(context.locale.id, shop.id),
    favicon: shop.faviconUrl || null,
  };
  return {
    shop: reviewed,
    own: own ? ownShopReviewJson(own) : (null as OwnShopReviewJson | null),
    ownShop: shop.ownerUserId !== '' && shop.ownerUserId === user.id,
  };
}
