import { randomUUID } from 'node:crypto';
import {
  AlreadyExistsError,
  InvalidArgumentError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitedError,
} from '@pc/kit/errors/domain-errors';
import {
  ShopReviewStatus,
  type AddShopReviewRequest,
  type AddShopReviewResponse,
  type DeleteShopReviewRequest,
  type DeleteShopReviewResponse,
  type ReplyToShopReviewRequest,
  type ReplyToShopReviewResponse,
  type SetShopReviewHiddenRequest,
  type SetShopReviewHiddenResponse,
} from '@pc/proto/offers/v1/shop_reviews';
import {
  MAX_REVIEWS_PER_WINDOW,
  readReplyBody,
  readShopReviewInput,
  REVIEW_LIMIT_WINDOW_MS,
  SHOP_REVIEW_LIMITS,
} from '../domain/shop-review-input.js';
import { isDeleted, isListed } from '../domain/shop-record.js';
import { isPublished, toShopReviewMessage, type ShopReviewRecord } from '../domain/shop-review.js';
import type { StoredShopReview } from '../store/shop-review-repository.js';
import type { ShopReviewsDependencies } from './dependencies.js';
import { RequestChecks } from './request-fields.js';
import { requireReviewStaff, REVIEWS_PANEL } from './shop-review-reads.js';

function reviewIdOf(value: string): string {
  const checks = new RequestChecks();
  const id = checks.id('review_id', value);
  checks.done();
  return id;
}

async function existingReview(deps: ShopReviewsDependencies, reviewId: string): Promise<StoredShopReview> {
  const review = await deps.reviews.get(reviewId);
  if (!review) throw new NotFoundError('shop review', reviewId);
  return review;
}

/**
 * AddShopReview: a signed-in user's one review of a listed shop that is not their own, at most
 * MAX_REVIEWS_PER_WINDOW a day; verified when they had followed a link to the shop before. The
 * shop's rating is written after it (ShopChanged `rating`).
 */
export async function addShopReview(
  request: AddShopReviewRequest,
  deps: ShopReviewsDependencies,
): Promise<AddShopReviewResponse> {
  const { input, violations } = readShopReviewInput(request);
  const shopId = request.shopId.trim();
  if (!shopId) violations.unshift({ field: 'shop_id', reason: 'is required', rule: 'required' });
  if (violations.length > 0) throw new InvalidArgumentError(violations);
  const actorUserId = request.actorUserId.trim();
  const user = await deps.actors.requireUser(actorUserId, 'writing a shop review');
  const shop = await deps.shops.get(shopId);
  if (!shop || !isListed(shop)) throw new NotFoundError('shop', shopId);
  if (shop.ownerUserId === actorUserId)
    throw new PermissionDeniedError('a shop’s owner cannot review their own shop', { reason: 'OWN_SHOP' });
  if (await deps.reviews.ofUser(actorUserId, shopId))
    throw new AlreadyExistsError('you have reviewed this shop already', { reason: 'ALREADY_REVIEWED' });
  const now = deps.clock();
  await requireBelowDailyLimit(deps, actorUserId, now);
  const publishedAt = now.toISOString();
  const review: ShopReviewRecord = {
    _id: `sr_${randomUUID().replaceAll('-', '')}`,
    shopId,
    authorUserId: actorUserId,
    authorKey: actorUserId,
    author: user.name,
    ...input,
    publishedAt,
    verifiedClick: await deps.verification.clickedBy(actorUserId, shopId, publishedAt),
    status: ShopReviewStatus.SHOP_REVIEW_STATUS_PUBLISHED,
    hiddenReason: '',
    reply: null,
    updatedAt: now.toISOString(),
  };
  // A click stored while this one was written is looked for once more (the verification's rule).
  const stored = await deps.ratings.around(shopId, async () =>
    deps.verification.afterWrite(await deps.reviews.insert(review)),
  );
  return { review: toShopReviewMessage(stored, { actorUserId, staff: false }) };
}

/** RESOURCE_EXHAUSTED once the user wrote MAX_REVIEWS_PER_WINDOW reviews in the last 24 hours. */
async function requireBelowDailyLimit(deps: ShopReviewsDependencies, userId: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - REVIEW_LIMIT_WINDOW_MS).toISOString();
  if ((await deps.reviews.countByUserSince(userId, since)) < MAX_REVIEWS_PER_WINDOW) return;
  const oldest = await deps.reviews.oldestByUserSince(userId, since);
  const freedAt = oldest ? Date.parse(oldest.publishedAt) + REVIEW_LIMIT_WINDOW_MS : now.getTime();
  throw new RateLimitedError(
    `at most ${MAX_REVIEWS_PER_WINDOW} shop reviews a day`,
    Math.max(1_000, freedAt - now.getTime()),
    { reason: 'REVIEW_LIMIT_REACHED', metadata: { limit: String(MAX_REVIEWS_PER_WINDOW) } },
  );
}

/** DeleteShopReview: its author, or staff (staff:shopping, audited); the rating follows. */
export async function deleteShopReview(
  request: DeleteShopReviewRequest,
  deps: ShopReviewsDependencies,
): Promise<DeleteShopReviewResponse> {
  const reviewId = reviewIdOf(request.reviewId);
  const actorUserId = request.actorUserId.trim();
  await deps.actors.requireUser(actorUserId, 'deleting a shop review');
  const review = await existingReview(deps, reviewId);
  const moderated = review.authorUserId !== actorUserId;
  if (moderated) await requireReviewStaff(deps, actorUserId, "deleting another user's shop review");
  const remove = () => deps.reviews.delete(reviewId);
  const write = () => (isPublished(review) ? deps.ratings.around(review.shopId, remove) : remove());
  // Moderation is a staff write (ADR 042a); an author removing their own review is not.
  if (moderated)
    await deps.audit.around(
      {
        actorUserId,
        panel: REVIEWS_PANEL,
        action: 'shop_review.delete',
        entityType: 'shop_review',
        entityId: reviewId,
        before: review,
      },
      write,
      () => null,
    );
  else await write();
  return {};
}

/**
 * ReplyToShopReview: the shop owner's public answer; an empty body removes it. A change of a
 * published review's reply is announced (ShopChanged `reviews`): the rating stays as it is.
 */
export async function replyToShopReview(
  request: ReplyToShopReviewRequest,
  deps: ShopReviewsDependencies,
): Promise<ReplyToShopReviewResponse> {
  const reviewId = request.reviewId.trim();
  const reply = readReplyBody(request.body);
  const violations = [
    ...(reviewId ? [] : [{ field: 'review_id', reason: 'is required', rule: 'required' }]),
    ...reply.violations,
  ];
  if (violations.length > 0) throw new InvalidArgumentError(violations);
  const actorUserId = request.actorUserId.trim();
  await deps.actors.requireUser(actorUserId, 'answering a shop review');
  const review = await existingReview(deps, reviewId);
  const shop = await deps.shops.get(review.shopId);
  if (!shop || isDeleted(shop)) throw new NotFoundError('shop review', reviewId);
  if (shop.ownerUserId === '' || shop.ownerUserId !== actorUserId)
    throw new PermissionDeniedError('only the shop’s owner may answer its reviews', { reason: 'NOT_SHOP_OWNER' });
  const now = deps.clock().toISOString();
  let changed = false;
  const written = await deps.reviews.collection.update(reviewId, (current) => {
    changed = false;
    if (!current || (current.reply?.body ?? '') === reply.body) return null;
    changed = true;
    return { ...current, reply: reply.body ? { body: reply.body, repliedAt: now } : null, updatedAt: now };
  });
  if (!written) throw new NotFoundError('shop review', reviewId);
  // The shop's page shows a published review's reply: its cached copies are rendered again.
  if (changed && isPublished(written)) await deps.announcer.reviewsChanged(written.shopId);
  return { review: toShopReviewMessage(written, { actorUserId, staff: false }) };
}

/**
 * SetShopReviewHidden: staff (staff:shopping) hide a review with a reason, or show it again;
 * audited when it changed something. A hidden review stops counting in the rating.
 */
export async function setShopReviewHidden(
  request: SetShopReviewHiddenRequest,
  deps: ShopReviewsDependencies,
): Promise<SetShopReviewHiddenResponse> {
  const checks = new RequestChecks();
  const reviewId = checks.id('review_id', request.reviewId);
  const reason = request.hidden ? request.reason.trim() : '';
  if (request.hidden && !reason) checks.add('reason', 'is required', 'required');
  if ([...reason].length > SHOP_REVIEW_LIMITS.reason)
    checks.add('reason', `at most ${SHOP_REVIEW_LIMITS.reason} characters`, 'max');
  checks.done();
  const actorUserId = request.actorUserId.trim();
  await requireReviewStaff(deps, actorUserId, request.hidden ? 'hiding a shop review' : 'showing a shop review again');
  const before = await existingReview(deps, reviewId);
  const status = request.hidden
    ? ShopReviewStatus.SHOP_REVIEW_STATUS_HIDDEN
    : ShopReviewStatus.SHOP_REVIEW_STATUS_PUBLISHED;
  const view = { actorUserId, staff: true };
  if (before.status === status && before.hiddenReason === reason) return { review: toShopReviewMessage(before, view) };
  const now = deps.clock().toISOString();
  const write = async () => {
    const written = await deps.reviews.collection.update(reviewId, (current) =>
      current ? { ...current, status, hiddenReason: reason, updatedAt: now } : null,
    );
    if (!written) throw new NotFoundError('shop review', reviewId);
    return written;
  };
  const countsChange = isPublished(before) !== (status === ShopReviewStatus.SHOP_REVIEW_STATUS_PUBLISHED);
  const after = await deps.audit.around(
    {
      actorUserId,
      panel: REVIEWS_PANEL,
      action: request.hidden ? 'shop_review.hide' : 'shop_review.show',
      entityType: 'shop_review',
      entityId: reviewId,
      before,
    },
    () => (countsChange ? deps.ratings.around(before.shopId, write) : write()),
    (review) => review,
  );
  return { review: toShopReviewMessage(after, view) };
}
