import { shopDetail } from '~/api/endpoints/entity-details.server';
import { apiLoader } from '~/api/http/respond.server';

/** GET /api/shops/{id} (spec §7): the shop in `data`, with its visitors’ rating. */
export const loader = apiLoader(shopDetail, { shop_id: 'id' });
