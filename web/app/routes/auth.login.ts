import { loginEndpoint } from '~/api/endpoints/auth-session.server';
import { apiAction } from '~/api/http/api-action.server';

/** POST auth/login (spec §7): JSON {email, password, remember}. */
export const action = apiAction({ POST: loginEndpoint });
