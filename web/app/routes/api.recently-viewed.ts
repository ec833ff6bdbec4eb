import { listRecentlyViewed, recordRecentlyViewed } from '~/api/endpoints/recently-viewed.server';
import { apiAction, privateLoader } from '~/api/http/api-action.server';

/** GET, POST /api/recently-viewed (signed-in users; at most 10, newest first). */
export const loader = privateLoader(listRecentlyViewed);
export const action = apiAction({ POST: recordRecentlyViewed });
