import { z } from 'zod';
import { csrfCookie, newCsrfToken } from '~/auth/csrf.server';
import { forgotPasswordForm, loginForm } from '~/auth/forms';
import { cookieHeaders, signedOutCookies } from '~/auth/session-change.server';
import { sessionToken } from '~/auth/session-cookie.server';
import { signIn } from '~/auth/sign-in.server';
import { clientInfo, logout, requestPasswordReset, sessionUser } from '~/services/accounts.server';
import { jsonBody, privateJson, type ActionCall } from '../http/api-action.server';
import { userJson } from '../mappers/account.server';
import { twoStepRequired } from './auth-two-step.server';

/** GET auth/csrf-cookie (spec §7, before login): sets XSRF-TOKEN, bound to the visitor's session (if any); 204. */
export async function csrfCookieEndpoint({ request }: ActionCall): Promise<Response> {
  return new Response(null, {
    status: 204,
    headers: { 'Set-Cookie': csrfCookie(request, newCsrfToken(sessionToken(request))), 'Cache-Control': 'no-store' },
  });
}

/** POST auth/user (session boot): the user, or an empty 204 for a visitor (spec §7). */
export async function sessionBoot({ request }: ActionCall): Promise<Response> {
  const token = sessionToken(request);
  const session = token ? await sessionUser(token) : null;
  if (!session?.user) return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  return privateJson(userJson(session.user));
}

/** POST auth/login's body: the login form and, optionally, the page to return to after a second step. */
const loginBody = loginForm.extend({ redirect: z.string().max(2000).optional() });

/**
 * POST auth/login: JSON {email, password, remember, redirect?}. Success answers the user and sets
 * the httpOnly session cookie (the token never reaches scripts) and a new XSRF-TOKEN bound to it;
 * the guest's recently viewed list is merged into the account. An account with two-step sign-in
 * on answers 202 {two_step_required, path}: the browser goes to the code page (ADR 153).
 * Failure has an `error` field (401 credentials, 429 throttled).
 */
export async function loginEndpoint({ request, context }: ActionCall): Promise<Response> {
  const form = await jsonBody(request, loginBody);
  const signedIn = await signIn(request, context, form);
  if (signedIn.secondStep) return twoStepRequired(form.redirect, signedIn.setCookies);
  return privateJson(userJson(signedIn.user), 200, cookieHeaders(signedIn.setCookies));
}

/** POST auth/logout: ends the session server-side, clears the cookie and issues a CSRF token of no session; 204 (also without a session). */
export async function logoutEndpoint({ request }: ActionCall): Promise<Response> {
  const token = sessionToken(request);
  if (token) await logout(token);
  return new Response(null, {
    status: 204,
    headers: cookieHeaders(signedOutCookies(request), { 'Cache-Control': 'no-store' }),
  });
}

/** POST auth/forgot-password: e-mails a reset link; the same answer for every address. */
export async function forgotPasswordEndpoint({ request, context }: ActionCall): Promise<Response> {
  const form = await jsonBody(request, forgotPasswordForm);
  const { expiresInMinutes } = await requestPasswordReset(form.email, form.language, clientInfo(request, context));
  return privateJson({ message: 'reset link emailed', expires_in_minutes: expiresInMinutes });
}
