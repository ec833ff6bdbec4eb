import { forgotPasswordEndpoint } from '~/api/endpoints/auth-session.server';
import { apiAction } from '~/api/http/api-action.server';

/** POST auth/forgot-password: {email} → "reset link emailed" (the same for every address). */
export const action = apiAction({ POST: forgotPasswordEndpoint });
