import { subscribe } from '~/api/endpoints/push.server';
import { apiAction } from '~/api/http/api-action.server';

/** POST /api/subscribe (spec §7): the push subscription (endpoint and keys). */
export const action = apiAction({ POST: subscribe });
