import { shopReviewsList } from '~/api/endpoints/shop-reviews-list.server';
import { apiLoader } from '~/api/http/respond.server';

/** GET /api/shops/{id}/reviews: a shop's published reviews, its rating in `meta.rating` (ADR 119). */
export const loader = apiLoader(shopReviewsList, { shop_id: 'id', order: 'sort' });
