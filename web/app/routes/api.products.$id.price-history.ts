import { priceHistory } from '~/api/endpoints/price-history.server';
import { apiLoader } from '~/api/http/respond.server';

/** GET /api/products/{id}/price-history (spec §7): the whole answer is the history. */
export const loader = apiLoader(priceHistory, { product_id: 'id', range: 'range', time_range: 'range' });
