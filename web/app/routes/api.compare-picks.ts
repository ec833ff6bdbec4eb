import { getComparePicks, setComparePicks } from '~/api/endpoints/compare-picks.server';
import { apiAction, privateLoader } from '~/api/http/api-action.server';

/** GET, PUT /api/compare-picks (signed-in users; at most 4, in the order picked: ADR 132). */
export const loader = privateLoader(getComparePicks);
export const action = apiAction({ PUT: setComparePicks });
