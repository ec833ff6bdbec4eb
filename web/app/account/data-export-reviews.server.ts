import type { Review } from '@pc/proto/catalog/v1/types';
import type { OwnShopReview } from '@pc/proto/offers/v1/shop_reviews';
import { reviewJson } from '~/api/mappers/review.server';
import { ownShopReviewJson } from '~/api/mappers/shop-review.server';
import { nameOf, type ProductNames } from './product-names';

/** A product review the user wrote, as the API answers reviews, with the product's name (ADR 148). */
export function productReviewExportJson(review: Review, names: ProductNames) {
  return { ...reviewJson(review), product_name: nameOf(names, review.productId) };
}

/** A shop review the user wrote, as their own review reads (hidden or not, the reply), with the shop's name. */
export function shopReviewExportJson({ review, shopName }: OwnShopReview) {
  return review ? { ...ownShopReviewJson(review), shop_name: shopName || null } : null;
}
