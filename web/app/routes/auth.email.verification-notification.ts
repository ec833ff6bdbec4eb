import { resendVerificationEndpoint } from '~/api/endpoints/auth-account.server';
import { apiAction } from '~/api/http/api-action.server';

/** POST auth/email/verification-notification: a fresh verification link (spec §8). */
export const action = apiAction({ POST: resendVerificationEndpoint });
