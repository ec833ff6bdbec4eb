import { addItem } from '~/api/endpoints/favourites.server';
import { apiAction } from '~/api/http/api-action.server';

/** POST /api/favourites/{list}/items: {product_id, note}. */
export const action = apiAction({ POST: addItem });
