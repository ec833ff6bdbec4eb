import { NotFoundError, UnauthenticatedError } from '@pc/kit/errors/domain-errors';
import type { Filter } from '@pc/kit/ports/document-store';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import {
  ShopReviewOrder,
  ShopReviewStatus,
  type GetOwnShopReviewRequest,
  type GetOwnShopReviewResponse,
  type ListOwnShopReviewsRequest,
  type ListOwnShopReviewsResponse,
  type ListShopReviewQueueRequest,
  type ListShopReviewQueueResponse,
  type ListShopReviewsRequest,
  type ListShopReviewsResponse,
} from '@pc/proto/offers/v1/shop_reviews';
import { toShopRatingMessage } from '../domain/shop-rating.js';
import { isDeleted, isListed } from '../domain/shop-record.js';
import { toShopReviewMessage } from '../domain/shop-review.js';
import type { ShopReviewOrderName } from '../store/shop-review-repository.js';
import type { ShopReviewsDependencies } from './dependencies.js';
import { enumValues, RequestChecks } from './request-fields.js';

/** A shop page's reviews: 10 by default, at most 50 (shop_reviews.proto). */
const REVIEWS_PAGE = { defaultSize: 10, maxSize: 50 };
/** The actor's own reviews: the copy of their data reads 100 a page (ADR 148). */
const OWN_REVIEWS_PAGE = { defaultSize: 10, maxSize: 100 };
/** The staff queue: a moderation table, not an export. */
const QUEUE_PAGE = { defaultSize: 20, maxSize: 100 };

/** Shop reviews are moderated in the shopping panel, as offers are (ADR 060). */
export const REVIEWS_PANEL = 'shopping';

const ORDERS = new Map<number, ShopReviewOrderName>([
  [ShopReviewOrder.SHOP_REVIEW_ORDER_UNSPECIFIED, 'newest'],
  [ShopReviewOrder.SHOP_REVIEW_ORDER_NEWEST, 'newest'],
  [ShopReviewOrder.SHOP_REVIEW_ORDER_HIGHEST, 'highest'],
  [ShopReviewOrder.SHOP_REVIEW_ORDER_LOWEST, 'lowest'],
]);

/** A signed-in holder of staff:shopping (the staff rule of SetOfferHidden); UNAUTHENTICATED without a user. */
export async function requireReviewStaff(
  deps: Pick<ShopReviewsDependencies, 'actors'>,
  actorUserId: string,
  action: string,
): Promise<void> {
  if (!actorUserId) throw new UnauthenticatedError(`${action} needs a signed-in user (actor_user_id)`);
  await deps.actors.requireStaff(actorUserId, action, REVIEWS_PANEL);
}

/**
 * ListShopReviews: a listed shop's published reviews with its rating (repaired first when a
 * change of it was abandoned); staff with include_hidden see every review, with why it was hidden,
 * and staff see shops outside the directory.
 */
export async function listShopReviews(
  request: ListShopReviewsRequest,
  deps: ShopReviewsDependencies,
): Promise<ListShopReviewsResponse> {
  const checks = new RequestChecks();
  const shopId = checks.id('shop_id', request.shopId);
  const order = ORDERS.get(request.order);
  if (!order) checks.add('order', `must be one of ${[...ORDERS.keys()].join(', ')}`, 'in');
  checks.done();
  const page = resolvePage(request.page, REVIEWS_PAGE);
  const actorUserId = request.actorUserId.trim();
  const staffView = request.includeHidden;
  if (staffView) await requireReviewStaff(deps, actorUserId, "listing a shop's hidden reviews");
  const shop = await deps.shops.get(shopId);
  if (!shop || isDeleted(shop)) throw new NotFoundError('shop', shopId);
  if (!isListed(shop) && !staffView && !(await deps.actors.isStaff(actorUserId, REVIEWS_PANEL)))
    throw new NotFoundError('shop', shopId);
  const rating = await deps.ratings.current(shop);
  const filter: Filter = staffView ? { shopId } : { shopId, status: ShopReviewStatus.SHOP_REVIEW_STATUS_PUBLISHED };
  const { items, total } = await deps.reviews.page(filter, order ?? 'newest', page);
  return {
    reviews: items.map((review) => toShopReviewMessage(review, { actorUserId, staff: staffView })),
    page: pageResponse(page, total),
    rating: toShopRatingMessage(rating),
  };
}

/** GetOwnShopReview: the actor's review of the shop, whatever its status (the review form). */
export async function getOwnShopReview(
  request: GetOwnShopReviewRequest,
  deps: ShopReviewsDependencies,
): Promise<GetOwnShopReviewResponse> {
  const checks = new RequestChecks();
  const shopId = checks.id('shop_id', request.shopId);
  checks.done();
  const actorUserId = request.actorUserId.trim();
  await deps.actors.requireUser(actorUserId, 'reading your shop review');
  const review = await deps.reviews.ofUser(actorUserId, shopId);
  if (!review) throw new NotFoundError('shop review of', shopId);
  return { review: toShopReviewMessage(review, { actorUserId, staff: false }) };
}

/** ListOwnShopReviews: every review the actor wrote, whatever its status, newest first, with its shop's name. */
export async function listOwnShopReviews(
  request: ListOwnShopReviewsRequest,
  deps: ShopReviewsDependencies,
): Promise<ListOwnShopReviewsResponse> {
  const actorUserId = request.actorUserId.trim();
  await deps.actors.requireUser(actorUserId, 'listing your shop reviews');
  const page = resolvePage(request.page, OWN_REVIEWS_PAGE);
  const { items, total } = await deps.reviews.ofAuthor(actorUserId, page);
  const shops = items.length === 0 ? [] : await deps.shops.getMany(items.map((review) => review.shopId));
  const names = new Map(shops.map((shop) => [shop._id, shop.name]));
  return {
    reviews: items.map((review) => ({
      review: toShopReviewMessage(review, { actorUserId, staff: false }),
      shopName: names.get(review.shopId) ?? '',
    })),
    page: pageResponse(page, total),
  };
}

/** ListShopReviewQueue: every shop's reviews (or one shop's) for staff, newest first, by status. */
export async function listShopReviewQueue(
  request: ListShopReviewQueueRequest,
  deps: ShopReviewsDependencies,
): Promise<ListShopReviewQueueResponse> {
  const checks = new RequestChecks();
  const status = checks.oneOf('status', request.status, enumValues(ShopReviewStatus));
  const shopId = request.shopId.trim();
  if (shopId) checks.id('shop_id', shopId);
  const reviewId = request.reviewId.trim();
  if (reviewId) checks.id('review_id', reviewId);
  checks.done();
  const page = resolvePage(request.page, QUEUE_PAGE);
  const actorUserId = request.actorUserId.trim();
  await requireReviewStaff(deps, actorUserId, 'listing shop reviews for moderation');
  const filter: Record<string, Filter[string]> = {};
  if (status !== ShopReviewStatus.SHOP_REVIEW_STATUS_UNSPECIFIED) filter.status = status;
  if (shopId) filter.shopId = shopId;
  if (reviewId) filter._id = reviewId;
  const { items, total } = await deps.reviews.page(filter, 'newest', page);
  return {
    reviews: items.map((review) => toShopReviewMessage(review, { actorUserId, staff: true })),
    page: pageResponse(page, total),
  };
}
