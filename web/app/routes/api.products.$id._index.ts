import { productDetail } from '~/api/endpoints/product-detail.server';
import { apiLoader } from '~/api/http/respond.server';

/** GET /api/products/{id} (spec §7): the product in `data`; an id may carry a "-p" marker. */
export const loader = apiLoader(productDetail, { product_id: 'id' });
