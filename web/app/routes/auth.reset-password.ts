import { resetPasswordEndpoint } from '~/api/endpoints/auth-account.server';
import { apiAction } from '~/api/http/api-action.server';

/** POST auth/reset-password: {token, email, password, password_confirmation} → signed in. */
export const action = apiAction({ POST: resetPasswordEndpoint });
