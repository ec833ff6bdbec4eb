import { deleteList, showList, updateList } from '~/api/endpoints/favourites.server';
import { apiAction, privateLoader } from '~/api/http/api-action.server';

/** GET, PATCH, DELETE /api/favourites/{list} ({locale}/favourites/{list}; `default` is the default list). */
export const loader = privateLoader(showList);
export const action = apiAction({ PATCH: updateList, DELETE: deleteList });
