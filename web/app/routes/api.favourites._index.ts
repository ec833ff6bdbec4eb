import { createList, listLists } from '~/api/endpoints/favourites.server';
import { apiAction, privateLoader } from '~/api/http/api-action.server';

/** GET /api/favourites (the user's lists), POST /api/favourites (a new list). */
export const loader = privateLoader(listLists);
export const action = apiAction({ POST: createList });
