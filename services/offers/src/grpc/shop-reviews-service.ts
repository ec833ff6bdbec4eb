import { ShopReviewsServiceService } from '@pc/proto/offers/v1/shop_reviews';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import type { ShopReviewsDependencies } from './dependencies.js';
import { getOwnShopReview, listOwnShopReviews, listShopReviewQueue, listShopReviews } from './shop-review-reads.js';
import { addShopReview, deleteShopReview, replyToShopReview, setShopReviewHidden } from './shop-review-writes.js';

/** Visitors' reviews of shops (proto/offers/v1/shop_reviews.proto, ADR 119), served beside OffersService. */
export function shopReviewsService(deps: ShopReviewsDependencies): ServiceRegistration {
  return serviceRegistration('pricecompare.offers.v1.ShopReviewsService', ShopReviewsServiceService, {
    listShopReviews: (request) => listShopReviews(request, deps),
    getOwnShopReview: (request) => getOwnShopReview(request, deps),
    listOwnShopReviews: (request) => listOwnShopReviews(request, deps),
    addShopReview: (request) => addShopReview(request, deps),
    deleteShopReview: (request) => deleteShopReview(request, deps),
    replyToShopReview: (request) => replyToShopReview(request, deps),
    setShopReviewHidden: (request) => setShopReviewHidden(request, deps),
    listShopReviewQueue: (request) => listShopReviewQueue(request, deps),
  });
}
