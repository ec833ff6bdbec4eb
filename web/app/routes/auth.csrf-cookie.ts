import { csrfCookieEndpoint } from '~/api/endpoints/auth-session.server';
import { privateLoader } from '~/api/http/api-action.server';

/** GET auth/csrf-cookie (spec §7): sets the XSRF-TOKEN cookie before login. */
export const loader = privateLoader(csrfCookieEndpoint);
