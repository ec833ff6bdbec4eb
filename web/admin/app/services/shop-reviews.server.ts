import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { ShopReviewStatus, ShopReviewsServiceService, type ShopReview } from '@pc/proto/offers/v1/shop_reviews';
import { config } from '../config.server';
import { isShopReviewStatus, type ShopReviewStatusName } from '../panels/shopping/shop-review-view';
import type { TablePage, TableQuery } from '../tables/table-query';
import { client } from './grpc.server';
import { emptyTablePage, pageRequest, tablePage } from '../tables/table-page';

const reviews = client(ShopReviewsServiceService, config.OFFERS_GRPC_ADDR);
const offers = client(OffersServiceService, config.OFFERS_GRPC_ADDR);

/** A visitor's review of a shop as the shopping panel moderates it. */
export interface ShopReviewRow {
  readonly id: string;
  readonly shopId: string;
  /** The shop's name in offers; '' when offers no longer answers it (a deleted shop). */
  readonly shopName: string;
  readonly author: string;
  readonly rating: number;
  readonly title: string;
  readonly body: string;
  readonly language: string;
  readonly publishedAt: string;
  /** Its author had followed one of the shop's offers first. */
  readonly verified: boolean;
  readonly status: ShopReviewStatusName;
  readonly hiddenReason: string;
  /** The shop owner's public answer. */
  readonly reply: { readonly body: string; readonly repliedAt: string } | null;
}

const STATUS_ENUM: Readonly<Record<ShopReviewStatusName, ShopReviewStatus>> = {
  published: ShopReviewStatus.SHOP_REVIEW_STATUS_PUBLISHED,
  hidden: ShopReviewStatus.SHOP_REVIEW_STATUS_HIDDEN,
};

const reviewRow = (review: ShopReview, names: Readonly<Record<string, string>>): ShopReviewRow => ({
  id: review.id,
  shopId: review.shopId,
  shopName: names[review.shopId] ?? '',
  author: review.author,
  rating: review.rating,
  title: review.title,
  body: review.body,
  language: review.language,
  publishedAt: review.publishedAt?.toISOString() ?? '',
  verified: review.verifiedClick,
  status: review.status === ShopReviewStatus.SHOP_REVIEW_STATUS_HIDDEN ? 'hidden' : 'published',
  hiddenReason: review.hiddenReason,
  reply: review.reply?.body
    ? { body: review.reply.body, repliedAt: review.reply.repliedAt?.toISOString() ?? '' }
    : null,
});

const isRpc = (error: unknown, ...codes: GrpcStatus[]): error is RpcError =>
  error instanceof RpcError && codes.includes(error.code);

/**
 * The names of these shops, read from offers in one batch (GetShop each, side by side: offers
 * reads shops by id only one at a time); a shop offers does not answer (deleted) has none.
 */
export async function shopNames(actorUserId: string, shopIds: readonly string[]): Promise<Record<string, string>> {
  const ids = [...new Set(shopIds.filter(Boolean))];
  const names = await Promise.all(
    ids.map(async (shopId) => {
      try {
        const { shop } = await offers.getShop({ shopId, actorUserId });
        return [shopId, shop?.name ?? ''] as const;
      } catch (error) {
        if (isRpc(error, GrpcStatus.NOT_FOUND, GrpcStatus.INVALID_ARGUMENT)) return [shopId, ''] as const;
        throw error;
      }
    }),
  );
  return Object.fromEntries(names);
}

/** One page of the queue; `refused` names the filters offers did not take (shown beside them, over an empty table). */
export interface ShopReviewTable {
  readonly page: TablePage<ShopReviewRow>;
  readonly refused: readonly string[];
}

/**
 * The shop reviews table: every shop's reviews newest first (ListShopReviewQueue, which checks
 * staff:shopping), by status and shop, paged by offers, each with its shop's name.
 */
export async function shopReviewTable(actorUserId: string, query: TableQuery): Promise<ShopReviewTable> {
  const status = query.filters.status ?? '';
  try {
    const answer = await reviews.listShopReviewQueue({
      actorUserId,
      status: isShopReviewStatus(status) ? STATUS_ENUM[status] : ShopReviewStatus.SHOP_REVIEW_STATUS_UNSPECIFIED,
      shopId: (query.filters.shop ?? '').trim(),
      reviewId: '',
      page: pageRequest(query),
    });
    const names = await shopNames(
      actorUserId,
      answer.reviews.map((review) => review.shopId),
    );
    return {
      page: tablePage(
        answer.reviews.map((review) => reviewRow(review, names)),
        answer.page,
        query,
      ),
      refused: [],
    };
  } catch (error) {
    if (isRpc(error, GrpcStatus.INVALID_ARGUMENT) && error.violations.some((v) => v.field.startsWith('shop_id')))
      return { page: emptyTablePage<ShopReviewRow>(query), refused: ['shop'] };
    throw error;
  }
}

/** One review of a shop, whatever its status, as the queue lists it; null when offers has none of this id there. */
export async function shopReviewOf(
  actorUserId: string,
  shopId: string,
  reviewId: string,
): Promise<ShopReviewRow | null> {
  const answer = await reviews.listShopReviewQueue({
    actorUserId,
    status: ShopReviewStatus.SHOP_REVIEW_STATUS_UNSPECIFIED,
    shopId,
    reviewId,
    page: { page: 1, hitsPerPage: 1 },
  });
  const review = answer.reviews[0];
  return review ? reviewRow(review, await shopNames(actorUserId, [shopId])) : null;
}

/** What a moderation write found: done, or the review already gone (NOT_FOUND). */
export type ShopReviewWriteOutcome = 'done' | 'gone';

async function outcomeOf(call: Promise<unknown>): Promise<ShopReviewWriteOutcome> {
  try {
    await call;
    return 'done';
  } catch (error) {
    if (isRpc(error, GrpcStatus.NOT_FOUND)) return 'gone';
    throw error;
  }
}

/** SetShopReviewHidden: hides a review with a reason, or shows it again; offers checks staff:shopping, recomputes the shop's rating and audits it. */
export function setShopReviewHidden(
  actorUserId: string,
  reviewId: string,
  hidden: boolean,
  reason: string,
): Promise<ShopReviewWriteOutcome> {
  return outcomeOf(reviews.setShopReviewHidden({ actorUserId, reviewId, hidden, reason: hidden ? reason : '' }));
}

/** DeleteShopReview by staff: offers checks staff:shopping, recomputes the shop's rating and audits it. */
export function deleteShopReview(actorUserId: string, reviewId: string): Promise<ShopReviewWriteOutcome> {
  return outcomeOf(reviews.deleteShopReview({ actorUserId, reviewId }));
}
