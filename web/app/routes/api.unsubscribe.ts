import { unsubscribe } from '~/api/endpoints/push.server';
import { apiAction } from '~/api/http/api-action.server';

/** POST /api/unsubscribe (spec §7): {endpoint}. */
export const action = apiAction({ POST: unsubscribe });
