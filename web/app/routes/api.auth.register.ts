import { registerEndpoint } from '~/api/endpoints/auth-account.server';
import { apiAction } from '~/api/http/api-action.server';

/** POST /api/auth/register (spec §7: the same registration, as also seen under /api). */
export const action = apiAction({ POST: registerEndpoint });
