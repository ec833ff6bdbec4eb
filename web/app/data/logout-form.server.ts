import { redirect } from '@remix-run/node';
import { logoutForm } from '~/account/forms';
import { cookieHeaders, signedOutCookies } from '~/auth/session-change.server';
import { sessionToken } from '~/auth/session-cookie.server';
import { logout } from '~/services/accounts.server';
import { siteContext } from '~/site/site-context.server';
import { pageForm } from './form-action.server';

/**
 * The logout button of the account pages (a POST with the CSRF field, intent "logout"): ends
 * the session in accounts, clears the cookie and goes home (spec §4: "logout clears the user and
 * goes home").
 */
export const logoutPageForm = pageForm({
  schema: logoutForm,
  run: async ({ request }) => {
    const token = sessionToken(request);
    if (token) await logout(token);
    return redirect(`/${siteContext(request, undefined).locale.id}`, {
      headers: cookieHeaders(signedOutCookies(request)),
    });
  },
});
