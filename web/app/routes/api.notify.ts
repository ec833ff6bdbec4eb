import { notify } from '~/api/endpoints/push.server';
import { apiAction } from '~/api/http/api-action.server';

/** POST /api/notify (spec §7: the test widget): {username, message}. */
export const action = apiAction({ POST: notify });
