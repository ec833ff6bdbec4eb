import { status as GrpcStatus } from '@grpc/grpc-js';
import { data } from '@remix-run/node';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { z } from 'zod';
import type { StaffContext } from '../../auth/staff-session.server';
import type { Translate } from '../../i18n/languages';
import {
  deleteShopReview,
  setShopReviewHidden,
  shopReviewOf,
  shopReviewTable,
  type ShopReviewRow,
  type ShopReviewTable,
  type ShopReviewWriteOutcome,
} from '../../services/shop-reviews.server';
import type { TableQuery } from '../../tables/table-query';
import { intent } from '../../writes/staff-write.server';
import { cutText, shopReviewsBack } from './shop-review-view';

/**
 * Offers' refusal (PERMISSION_DENIED: the role revoked since the sign-in) as the panel's 403, offers
 * not answering as a 503: a page's answer, never an error of the app.
 */
function pageRefusal(error: unknown): never {
  if (error instanceof RpcError && error.code === GrpcStatus.PERMISSION_DENIED)
    throw data({ forbidden: 'shopping' }, { status: 403 });
  if (error instanceof RpcError && [GrpcStatus.UNAVAILABLE, GrpcStatus.DEADLINE_EXCEEDED].includes(error.code))
    throw data({ unavailable: true }, { status: 503 });
  throw error;
}

/** The shop reviews page's table (its refusals as pageRefusal). */
export const shopReviewPage = (context: StaffContext, query: TableQuery): Promise<ShopReviewTable> =>
  shopReviewTable(context.user.id, query).catch(pageRefusal);

/** A review as offers has it now, or null (its refusals as pageRefusal). */
const currentReview = (context: StaffContext, shopId: string, reviewId: string): Promise<ShopReviewRow | null> =>
  shopReviewOf(context.user.id, shopId, reviewId).catch(pageRefusal);

const idField = z.string().trim().min(1, 'field.required').max(200, 'field.tooLong');
const reasonField = z.string().trim().min(1, 'field.required').max(500, 'field.tooLong');
/** Every write names the review and its shop (the confirm step reads the review in its shop's queue). */
const reviewFields = { reviewId: idField, shopId: idField };

/** The review a write acts on, as offers has it now; 404 when it went between the check and the confirm step. */
async function knownReview(context: StaffContext, shopId: string, reviewId: string): Promise<ShopReviewRow> {
  const review = await currentReview(context, shopId, reviewId);
  if (!review) throw data({ notFound: true }, { status: 404 });
  return review;
}

/** Before the confirm step: a review that is gone already is said on the page, nothing asked. */
const stillThere = async (
  { shopId, reviewId }: { shopId: string; reviewId: string },
  context: StaffContext,
  t: Translate,
): Promise<Record<string, string> | null> =>
  (await currentReview(context, shopId, reviewId)) ? null : { _form: t('shopReviews.gone') };

/** What the confirm step shows of the review: its shop, author and text. */
const factsOf = (review: ShopReviewRow, t: Translate) => [
  { label: t('shopReviews.shop'), value: review.shopName ? `${review.shopName} (${review.shopId})` : review.shopId },
  { label: t('shopReviews.author'), value: review.author || t('reviews.anonymous') },
  {
    label: t('reviews.review'),
    value: `${review.rating}/5 ${review.title} ${cutText(review.body, 500).short}`.replace(/\s+/g, ' ').trim(),
  },
];

const statusLabel = (t: Translate, status: string) => t(`shopReviews.status.${status}`);

/**
 * The shop reviews page's writes, each confirmed first: hide a review with a reason, show it
 * again, delete it (for good). Offers checks staff:shopping, recomputes the shop's rating and
 * audits each; a review that is gone meanwhile is said on the page (`gone`), never an error page.
 * `search`: the page's query, kept when the write goes back to it.
 */
export function shopReviewWrites(search: string) {
  const back = (outcome: ShopReviewWriteOutcome) => shopReviewsBack(search, outcome);
  return {
    hide: intent({
      schema: z.object({ ...reviewFields, reason: reasonField }),
      check: stillThere,
      summary: async ({ shopId, reviewId, reason }, context, t) => {
        const review = await knownReview(context, shopId, reviewId);
        return {
          title: t('shopReviews.summary.hide', { author: review.author || t('reviews.anonymous') }),
          facts: factsOf(review, t),
          changes: [
            { label: t('shopReviews.status'), before: statusLabel(t, review.status), after: statusLabel(t, 'hidden') },
            { label: t('shopReviews.hiddenReason'), before: review.hiddenReason, after: reason },
          ],
        };
      },
      perform: async ({ reviewId, reason }, context) =>
        back(await setShopReviewHidden(context.user.id, reviewId, true, reason)),
    }),
    show: intent({
      schema: z.object(reviewFields),
      check: stillThere,
      summary: async ({ shopId, reviewId }, context, t) => {
        const review = await knownReview(context, shopId, reviewId);
        return {
          title: t('shopReviews.summary.show', { author: review.author || t('reviews.anonymous') }),
          facts: factsOf(review, t),
          changes: [
            {
              label: t('shopReviews.status'),
              before: statusLabel(t, review.status),
              after: statusLabel(t, 'published'),
            },
            { label: t('shopReviews.hiddenReason'), before: review.hiddenReason, after: '' },
          ],
        };
      },
      perform: async ({ reviewId }, context) => back(await setShopReviewHidden(context.user.id, reviewId, false, '')),
    }),
    delete: intent({
      schema: z.object(reviewFields),
      // Gone for good: the password again when the sign-in is old.
      destructive: true,
      check: stillThere,
      summary: async ({ shopId, reviewId }, context, t) => {
        const review = await knownReview(context, shopId, reviewId);
        return {
          title: t('shopReviews.summary.delete', { author: review.author || t('reviews.anonymous') }),
          facts: factsOf(review, t),
          changes: [
            {
              label: t('shopReviews.status'),
              before: statusLabel(t, review.status),
              after: t('shopReviews.deleted'),
            },
          ],
        };
      },
      perform: async ({ reviewId }, context) => back(await deleteShopReview(context.user.id, reviewId)),
    }),
  };
}
