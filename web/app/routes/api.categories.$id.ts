import { categoryDetail } from '~/api/endpoints/entity-details.server';
import { apiLoader } from '~/api/http/respond.server';

/** GET /api/categories/{id} (spec §7): the category in `data`. */
export const loader = apiLoader(categoryDetail, { category_id: 'id' });
