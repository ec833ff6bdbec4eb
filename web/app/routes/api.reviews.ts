import { reviewsList } from '~/api/endpoints/reviews-list.server';
import { apiLoader } from '~/api/http/respond.server';

/** GET /api/reviews (spec §7): reviews of refinements[product]. */
export const loader = apiLoader(reviewsList, {
  product_id: 'refinements[product]',
  rating: 'refinements[rating]',
  order: 'sort',
});
