import { brandDetail } from '~/api/endpoints/entity-details.server';
import { apiLoader } from '~/api/http/respond.server';

/** GET /api/brands/{slug} (spec §7): the brand in `data`. */
export const loader = apiLoader(brandDetail, { slug: 'slug', brand_id: 'slug' });
