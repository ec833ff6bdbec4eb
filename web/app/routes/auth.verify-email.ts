import { verifyEmailLink } from '~/api/endpoints/auth-account.server';
import { privateLoader } from '~/api/http/api-action.server';

/** GET auth/verify-email?user=…&token=… (the e-mailed link) → /account?verified=1|0. */
export const loader = privateLoader(verifyEmailLink);
