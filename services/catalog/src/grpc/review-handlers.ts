import { NotFoundError, UnauthenticatedError } from '@pc/kit/errors/domain-errors';
import { FieldChecks } from '@pc/kit/errors/field-checks';
import type { ServiceHandlers } from '@pc/kit/grpc/service-types';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import { ReviewOrder, type CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import { productIdFromSegment } from '../domain/ids.js';
import { toRatingMessage } from '../domain/product-message.js';
import { toReviewMessage } from '../domain/review.js';
import { readReview } from '../reviews/review-input.js';
import type { ReviewWriter } from '../reviews/review-writer.js';
import type { ProductRepository } from '../store/product-repository.js';
import type { ReviewOrderName, ReviewRepository } from '../store/review-repository.js';
import { enumField, intInRange, languageOf, MAX_REASON, requireField } from './request-fields.js';

type Handlers = ServiceHandlers<typeof CatalogServiceService>;

const REVIEW_PAGE = { defaultSize: 10, maxSize: 100 };

const ORDERS = new Map<ReviewOrder, ReviewOrderName>([
  [ReviewOrder.REVIEW_ORDER_UNSPECIFIED, 'newest'],
  [ReviewOrder.REVIEW_ORDER_NEWEST, 'newest'],
  [ReviewOrder.REVIEW_ORDER_HIGHEST_RATING, 'highest'],
  [ReviewOrder.REVIEW_ORDER_LOWEST_RATING, 'lowest'],
]);

export function reviewHandlers(
  products: ProductRepository,
  reviews: ReviewRepository,
  writer: ReviewWriter,
): Pick<Handlers, 'listReviews' | 'addReview' | 'deleteReview' | 'listOwnReviews'> {
  return {
    listReviews: async (request) => {
      const productId = productIdFromSegment(requireField('product_id', request.productId));
      const page = resolvePage(request.page, REVIEW_PAGE);
      const order = enumField('order', request.order, ORDERS);
      const rating = intInRange('rating', request.rating, 0, 5);
      // Empty means every language here, not the English fallback of other reads.
      const language = request.language ? languageOf(request.language) : '';
      const product = await products.get(productId);
      if (!product || product.status === 'hidden') throw new NotFoundError('product', productId);
      const { items, total } = await reviews.list({ productId, language, rating }, order, page);
      return {
        reviews: items.map(toReviewMessage),
        page: pageResponse(page, total),
        rating: toRatingMessage(product.rating),
      };
    },

    addReview: async (request) => {
      const now = new Date();
      const { review, rating } = await writer.add(readReview(request, now), now);
      return { review: toReviewMessage(review), rating: toRatingMessage(rating) };
    },

    // The kit has checked actor_user_id against the call's user token (ADR 052): it is the
    // verified user, so the reviews listed are theirs whatever product they are on.
    listOwnReviews: async (request) => {
      const actorUserId = request.actorUserId.trim();
      if (!actorUserId) throw new UnauthenticatedError('listing your reviews needs a signed-in user (actor_user_id)');
      const page = resolvePage(request.page, REVIEW_PAGE);
      const { items, total } = await reviews.ofAuthor(actorUserId, page);
      return { reviews: items.map(toReviewMessage), page: pageResponse(page, total) };
    },

    deleteReview: async (request) => {
      const reviewId = requireField('review_id', request.reviewId);
      const checks = new FieldChecks();
      const reason = checks.text('reason', request.reason, { max: MAX_REASON });
      checks.done();
      const rating = await writer.delete(reviewId, request.actorUserId.trim(), reason);
      return { rating: toRatingMessage(rating) };
    },
  };
}
