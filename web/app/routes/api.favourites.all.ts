import { listAll } from '~/api/endpoints/favourites.server';
import { privateLoader } from '~/api/http/api-action.server';

/** GET /api/favourites/all ({locale}/favourites/all). */
export const loader = privateLoader(listAll);
