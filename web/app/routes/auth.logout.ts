import { logoutEndpoint } from '~/api/endpoints/auth-session.server';
import { apiAction } from '~/api/http/api-action.server';

/** POST auth/logout (spec §7). */
export const action = apiAction({ POST: logoutEndpoint });
