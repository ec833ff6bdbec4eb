import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { createServiceClient } from '@pc/kit/grpc/client';
import {
  ShopReviewOrder,
  ShopReviewsServiceService,
  type ListShopReviewsResponse,
  type ShopReview,
} from '@pc/proto/offers/v1/shop_reviews';
import { config, serviceAddress } from '~/config.server';

/**
 * Gateway to offers' ShopReviewsService (ADR 119), served beside OffersService on offers' port:
 * visitors' reviews of shops, the owner's replies. Every write names the signed-in user as
 * `actorUserId`, for whom the call is signed; offers checks who may do what.
 */
const shopReviews = createServiceClient(ShopReviewsServiceService, serviceAddress('offers'), {
  deadlineMs: config.SERVICE_DEADLINE_MS,
});

/** A page of the shop reviews the user wrote, hidden ones too, newest first (ADR 148). */
export function listOwnShopReviews(actorUserId: string, page: number, hitsPerPage: number) {
  return shopReviews.listOwnShopReviews({ actorUserId, page: { page, hitsPerPage } });
}

/** A page of a listed shop's published reviews. */
export interface ShopReviewsQuery {
  readonly shopId: string;
  readonly order: ShopReviewOrder;
  readonly page: number;
  readonly hitsPerPage: number;
  /**
   * The signed-in owner reading their shop's reviews (marks nothing else); '' for the public
   * pages, which are the same for everyone and may be stored.
   */
  readonly actorUserId?: string;
}

/** A listed shop's published reviews with its rating (NOT_FOUND: unknown, deleted or unlisted shop). */
export function listShopReviews(query: ShopReviewsQuery): Promise<ListShopReviewsResponse> {
  const actorUserId = query.actorUserId ?? '';
  return shopReviews.listShopReviews(
    {
      shopId: query.shopId,
      actorUserId,
      order: query.order,
      page: { page: query.page, hitsPerPage: query.hitsPerPage },
      includeHidden: false,
    },
    actorUserId ? {} : { withoutUser: true },
  );
}

/** The user's review of a shop, whatever its status; null when they have written none. */
export async function ownShopReview(actorUserId: string, shopId: string): Promise<ShopReview | null> {
  try {
    return (await shopReviews.getOwnShopReview({ actorUserId, shopId })).review ?? null;
  } catch (error) {
    if (error instanceof RpcError && error.code === GrpcStatus.NOT_FOUND) return null;
    throw error;
  }
}

/** What a visitor writes of a shop: stars, title and text in the page's interface language. */
export interface NewShopReview {
  readonly shopId: string;
  readonly rating: number;
  readonly title: string;
  readonly body: string;
  readonly language: string;
}

/**
 * Publishes the user's review (ALREADY_REVIEWED, OWN_SHOP, REVIEW_LIMIT_REACHED, INVALID_ARGUMENT
 * naming each field); offers sets the shop's rating and emits ShopChanged.
 */
export async function addShopReview(actorUserId: string, review: NewShopReview): Promise<ShopReview> {
  const { review: added } = await shopReviews.addShopReview({ actorUserId, ...review });
  if (!added) throw new Error('offers answered without the review');
  return added;
}

/** Deletes the user's own review (offers sets the rating again). */
export async function deleteShopReview(actorUserId: string, reviewId: string): Promise<void> {
  await shopReviews.deleteShopReview({ actorUserId, reviewId });
}

/** The shop owner's public reply to a review; an empty body removes it (NOT_SHOP_OWNER for anyone else). */
export async function replyToShopReview(actorUserId: string, reviewId: string, body: string): Promise<ShopReview> {
  const { review } = await shopReviews.replyToShopReview({ actorUserId, reviewId, body });
  if (!review) throw new Error('offers answered without the review');
  return review;
}

export { ShopReviewOrder };
