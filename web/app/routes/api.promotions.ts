import { PROMOTION_FIELDS, promotionsList } from '~/api/endpoints/promotions-list.server';
import { apiLoader } from '~/api/http/respond.server';

/** GET /api/promotions (spec §7): the list of promotions, ending soon or newest first. */
export const loader = apiLoader(promotionsList, PROMOTION_FIELDS);
