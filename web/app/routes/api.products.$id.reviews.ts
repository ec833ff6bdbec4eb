import { reviewsList } from '~/api/endpoints/reviews-list.server';
import { apiLoader } from '~/api/http/respond.server';

/** GET /api/products/{id}/reviews (spec §7): the product's reviews, its rating summary in `meta.rating`. */
export const loader = apiLoader(reviewsList, { product_id: 'id', rating: 'refinements[rating]', order: 'sort' });
