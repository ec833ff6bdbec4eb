import { Events } from '@pc/proto/event-catalog';
import type { PendingEvent } from '@pc/kit/events/publisher';
import {
  ProductOrigin,
  type ProductChanged,
  type ProductCreated,
  type ReviewAdded,
} from '@pc/proto/catalog/events/v1/events';
import { FALLBACK_LANGUAGE } from '../domain/localized.js';
import type { ProductRecord, RatingRecord } from '../domain/product.js';
import { productTexts, toProductMessage, toRatingMessage, type ProductRelations } from '../domain/product-message.js';
import { toReviewMessage, type ReviewRecord } from '../domain/review.js';
import { modelKeyOf } from '../variants/model-key.js';

// Payloads carry the full state (texts in the fallback language plus every translation), so
// consumers never call back. `version` is the product's stored version after the write that
// stages the event: the outbox stores the event in that same write. The model key is derived here
// as the repository will store it (the event is built before that write).

export function productCreatedEvent(
  product: ProductRecord,
  version: number,
  relations: ProductRelations,
): PendingEvent<ProductCreated> {
  return {
    type: Events.productCreated,
    key: product._id,
    payload: {
      productId: product._id,
      product: toProductMessage({ ...product, _version: version }, FALLBACK_LANGUAGE, relations),
      texts: productTexts(product),
      origin:
        product.origin.kind === 'staff_split'
          ? ProductOrigin.PRODUCT_ORIGIN_ADMIN
          : ProductOrigin.PRODUCT_ORIGIN_OFFER_MATCH,
      shopId: product.origin.shopId,
      shopOfferId: product.origin.shopOfferId,
      createdAt: new Date(product.createdAt),
      modelKey: modelKeyOf(product),
    },
  };
}

export function productChangedEvent(
  product: ProductRecord,
  version: number,
  relations: ProductRelations,
  changedFields: readonly string[],
  previous?: Pick<ProductRecord, 'brandId' | 'texts'>,
): PendingEvent<ProductChanged> {
  const modelKey = modelKeyOf(product);
  const previousModelKey = previous ? modelKeyOf(previous) : modelKey;
  return {
    type: Events.productChanged,
    key: product._id,
    payload: {
      productId: product._id,
      version,
      product: toProductMessage({ ...product, _version: version }, FALLBACK_LANGUAGE, relations),
      texts: productTexts(product),
      categoryPathIds: [...product.categoryPathIds],
      changedFields: [...changedFields],
      changedAt: new Date(product.updatedAt),
      modelKey,
      previousModelKey: previousModelKey === modelKey ? '' : previousModelKey,
    },
  };
}

/** Keyed by the product: the rating aggregate the review changes, so one product's reviews stay in order. */
export function reviewAddedEvent(
  review: ReviewRecord,
  rating: RatingRecord | null,
  addedAt: string,
): PendingEvent<ReviewAdded> {
  return {
    type: Events.reviewAdded,
    key: review.productId,
    payload: {
      reviewId: review._id,
      productId: review.productId,
      review: toReviewMessage(review),
      rating: toRatingMessage(rating),
      addedAt: new Date(addedAt),
    },
  };
}
