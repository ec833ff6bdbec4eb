import { status } from '~/api/endpoints/favourites.server';
import { privateLoader } from '~/api/http/api-action.server';

/** GET /api/favourites/status?ids=… (favourite button state). */
export const loader = privateLoader(status);
