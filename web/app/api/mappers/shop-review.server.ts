import type { ShopReview } from '@pc/proto/offers/v1/shop_reviews';
import { ShopReviewStatus } from '@pc/proto/offers/v1/shop_reviews';
import type { ShopRating } from '@pc/proto/offers/v1/types';
import { isoTime, orNull } from './money.server';

/** A shop's rating over its published reviews (ADR 119): one decimal, the count, five counts 5★ first, how many verified. */
export interface ShopRatingJson {
  readonly value: number;
  readonly count: number;
  readonly distribution: readonly number[];
  readonly verified_count: number;
}

/** The rating as an offer's shop and a shop card show it: stars and how many reviews. */
export interface ShopRatingRefJson {
  readonly value: number;
  readonly count: number;
}

/** The whole rating, null while the shop has no published review. */
export function shopRatingJson(rating: ShopRating | undefined): ShopRatingJson | null {
  if (!rating || rating.count <= 0) return null;
  return {
    value: rating.value,
    count: rating.count,
    distribution: [...rating.distribution],
    verified_count: rating.verifiedCount,
  };
}

/** Stars and count only (offer rows, shop lists), null while the shop has no published review. */
export function shopRatingRefJson(rating: ShopRating | undefined): ShopRatingRefJson | null {
  if (!rating || rating.count <= 0) return null;
  return { value: rating.value, count: rating.count };
}

/**
 * A visitor's review of a shop. `author` is null once the author's account was deleted (the site
 * says "former user" in the page's language); `verified` says the author had followed one of the
 * shop's offers from the site before writing; `reply` is the shop owner's public answer.
 */
export function shopReviewJson(review: ShopReview) {
  return {
    id: review.id,
    shop_id: review.shopId,
    author: orNull(review.author),
    published_at: isoTime(review.publishedAt),
    rating: { value: review.rating },
    title: orNull(review.title),
    body: review.body,
    language: review.language,
    verified: review.verifiedClick,
    reply: review.reply?.body ? { body: review.reply.body, replied_at: isoTime(review.reply.repliedAt) } : null,
  };
}

export type ShopReviewJson = ReturnType<typeof shopReviewJson>;

/** The signed-in author's own review (the review form): as published, and whether staff hid it. */
export function ownShopReviewJson(review: ShopReview) {
  return { ...shopReviewJson(review), hidden: review.status === ShopReviewStatus.SHOP_REVIEW_STATUS_HIDDEN };
}

export type OwnShopReviewJson = ReturnType<typeof ownShopReviewJson>;
