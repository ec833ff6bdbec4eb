import { categorySearch } from '~/api/endpoints/entity-search.server';
import { LIST_FIELDS } from '~/api/endpoints/list-query.server';
import { apiLoader } from '~/api/http/respond.server';

/** GET /api/categories (spec §7 list endpoint, 24 per page). */
export const loader = apiLoader(categorySearch, LIST_FIELDS);
