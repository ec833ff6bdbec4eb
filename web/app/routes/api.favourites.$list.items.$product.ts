import { removeItem } from '~/api/endpoints/favourites.server';
import { apiAction } from '~/api/http/api-action.server';

/** DELETE /api/favourites/{list}/items/{product} (`all` as the list: from every list). */
export const action = apiAction({ DELETE: removeItem });
