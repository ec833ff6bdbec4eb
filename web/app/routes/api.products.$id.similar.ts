import { similarProducts } from '~/api/endpoints/similar-products.server';
import { apiLoader } from '~/api/http/respond.server';

/** GET /api/products/{id}/similar (spec §7): similar products in `data`. */
export const loader = apiLoader(similarProducts, { product_id: 'id' });
