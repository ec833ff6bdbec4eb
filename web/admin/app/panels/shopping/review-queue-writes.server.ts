import { data } from '@remix-run/node';
import { z } from 'zod';
import { panelPath } from '../../panels/panels';
import { productReviews } from '../../services/catalog.server';
import { deleteReviewWithReason } from '../../services/catalog-moderation.server';
import { intent } from '../../writes/staff-write.server';

/** Reviews a product page's moderation reads to find the one a queue row deletes. */
const REVIEWS_READ = 100;

/** The review queue's deletion: with a reason, which catalog keeps in its audit entry. */
export function reviewQueueWrites(backTo: string) {
  return {
    deleteReview: intent({
      schema: z.object({
        reviewId: z.string().trim().min(1, 'field.required').max(200, 'field.tooLong'),
        productId: z.string().trim().min(1, 'field.required').max(100, 'field.tooLong'),
        reason: z.string().trim().min(1, 'field.required').max(500, 'field.tooLong'),
      }),
      destructive: true,
      summary: async ({ reviewId, productId, reason }, _context, t) => {
        const review = (await productReviews(productId, REVIEWS_READ)).find((row) => row.id === reviewId);
        if (!review) throw data({ notFound: true }, { status: 404 });
        return {
          title: t('reviews.summary.delete', { author: review.author || t('reviews.anonymous') }),
          changes: [
            {
              label: t('reviews.review'),
              before: `${review.rating}/5 ${review.title} ${review.body}`.trim(),
              after: '',
            },
            { label: t('reviews.reason'), before: '', after: reason },
          ],
        };
      },
      perform: async ({ reviewId, reason }, context) => {
        await deleteReviewWithReason(context.user.id, reviewId, reason);
        return backTo.startsWith(panelPath('shopping')) ? backTo : panelPath('shopping', 'reviews');
      },
    }),
  };
}
