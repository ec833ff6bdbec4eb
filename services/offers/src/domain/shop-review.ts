import { ShopReviewStatus, type ShopReview } from '@pc/proto/offers/v1/shop_reviews';

/** The shop owner's public answer. */
export interface ShopReviewReplyRecord {
  readonly body: string;
  readonly repliedAt: string;
}

/** A visitor's review of a shop, as offers stores it (collection `shop_reviews`, ADR 119). */
export interface ShopReviewRecord {
  readonly _id: string;
  readonly shopId: string;
  /** The author; '' once their account was deleted. */
  readonly authorUserId: string;
  /**
   * One review per user and shop (unique with `shopId`): the author's id, or `former:<review id>`
   * once the account was deleted, so anonymised reviews never collide.
   */
  readonly authorKey: string;
  /** The author's display name when they wrote it; FORMER_USER_AUTHOR once the account was deleted. */
  readonly author: string;
  /** 1 … 5. */
  readonly rating: number;
  readonly title: string;
  readonly body: string;
  /** ISO 639-1, one of the site's interface languages. */
  readonly language: string;
  readonly publishedAt: string;
  /** The author had followed a link to the shop from this site, signed in, before writing. */
  readonly verifiedClick: boolean;
  /** PUBLISHED or HIDDEN (ShopReviewStatus). */
  readonly status: ShopReviewStatus;
  /** Why staff hid it; '' while published. */
  readonly hiddenReason: string;
  readonly reply: ShopReviewReplyRecord | null;
  readonly updatedAt: string;
}

/**
 * The author name of a review whose author deleted their account: empty, which no account's name
 * is (accounts requires one), so every reader tells it apart and the site says "former user" in
 * its own language (ADR 119).
 */
export const FORMER_USER_AUTHOR = '';

export const isPublished = (review: ShopReviewRecord): boolean =>
  review.status === ShopReviewStatus.SHOP_REVIEW_STATUS_PUBLISHED;

/** What a reader may see of a review: `actorUserId` marks their own, `staff` sees why it was hidden. */
export interface ShopReviewView {
  readonly actorUserId: string;
  readonly staff: boolean;
}

export function toShopReviewMessage(review: ShopReviewRecord, view: ShopReviewView): ShopReview {
  return {
    id: review._id,
    shopId: review.shopId,
    author: review.author,
    rating: review.rating,
    title: review.title,
    body: review.body,
    language: review.language,
    publishedAt: new Date(review.publishedAt),
    verifiedClick: review.verifiedClick,
    status: review.status,
    hiddenReason: view.staff ? review.hiddenReason : '',
    reply: review.reply ? { body: review.reply.body, repliedAt: new Date(review.reply.repliedAt) } : undefined,
    own: view.actorUserId !== '' && review.authorUserId === view.actorUserId,
  };
}
