import { sessionBoot } from '~/api/endpoints/auth-session.server';
import { apiAction } from '~/api/http/api-action.server';

/** POST auth/user (spec §7 session boot): the user or an empty 204. Reads only, so no CSRF token is needed. */
export const action = apiAction({ POST: sessionBoot }, { csrf: false });
