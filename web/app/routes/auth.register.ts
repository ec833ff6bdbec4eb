import { registerEndpoint } from '~/api/endpoints/auth-account.server';
import { apiAction } from '~/api/http/api-action.server';

/** POST auth/register (spec §7). */
export const action = apiAction({ POST: registerEndpoint });
