import { brandSearch } from '~/api/endpoints/entity-search.server';
import { LIST_FIELDS } from '~/api/endpoints/list-query.server';
import { apiLoader } from '~/api/http/respond.server';

/** GET /api/brands (spec §7 list endpoint). */
export const loader = apiLoader(brandSearch, LIST_FIELDS);
