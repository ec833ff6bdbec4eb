import { z } from 'zod';
import { csrfCookie, newCsrfToken } from '~/auth/csrf.server';
import { forgotPasswordForm, loginForm } from '~/auth/forms';
import { clearedSessionCookie, readCookie, sessionCookie, sessionToken } from '~/auth/session-cookie.server';
import { clientInfo, login, logout, mergeRecentlyViewed, requestPasswordReset, sessionUser } from '~/services/accounts.server';
import { jsonBody, privateJson, type ActionCall } from '../http/api-action.server';
import { userJson } from '../mappers/account.server';

/** Spec §3: the guest's recently viewed products, a JSON list of ids in a cookie. */
export const RECENTLY_VIEWED_COOKIE = 'recently_viewed_products';

/** GET auth/csrf-cookie (spec §7, before login): sets XSRF-TOKEN; 204. */
export async function csrfCookieEndpoint({ request }: ActionCall): Promise<Response> {
  return new Response(null, { status: 204, headers: { 'Set-Cookie': csrfCookie(request, newCsrfToken()), 'Cache-Control': 'no-store' } });
}

/** POST auth/user (session boot): the user, or an empty 204 for a visitor (spec §7). */
export async function sessionBoot({ request }: ActionCall): Promise<Response> {
  const token = sessionToken(request);
  const session = token ? await sessionUser(token) : null;
  if (!session?.user) return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  return privateJson(userJson(session.user));
}

/** The guest's cookie list of recently viewed product ids (ignored when malformed). */
function guestRecentlyViewed(request: Request): string[] {
  const parsed = z.array(z.string().min(1).max(200)).max(50).safeParse((() => {
    try {
      return JSON.parse(readCookie(request, RECENTLY_VIEWED_COOKIE) ?? '[]');
    } catch {
      return [];
    }
  })());
  return parsed.success ? parsed.data : [];
}

/**
 * POST auth/login: JSON {email, password, remember}. Success answers the user and sets the
 * httpOnly session cookie (the token never reaches scripts); the guest's recently viewed list is
 * merged into the account. Failure has an `error` field (401 credentials, 429 throttled).
 */
export async function loginEndpoint({ request, context }: ActionCall): Promise<Response> {
  const form = await jsonBody(request, loginForm);
  const { user, session } = await login(form.email, form.password, form.remember, clientInfo(request, context));
  if (!user || !session) throw new Error('accounts answered Login without user or session');
  await mergeRecentlyViewed(user.id, guestRecentlyViewed(request)).catch((error: unknown) => console.warn('recently viewed not merged at sign-in', error));
  return privateJson(userJson(user), 200, { 'Set-Cookie': sessionCookie(request, session.token, form.remember) });
}

/** POST auth/logout: ends the session server-side and clears the cookie; 204 (also without a session). */
export async function logoutEndpoint({ request }: ActionCall): Promise<Response> {
  const token = sessionToken(request);
  if (token) await logout(token);
  return new Response(null, { status: 204, headers: { 'Set-Cookie': clearedSessionCookie(request), 'Cache-Control': 'no-store' } });
}

/** POST auth/forgot-password: e-mails a reset link; the same answer for every address. */
export async function forgotPasswordEndpoint({ request, context }: ActionCall): Promise<Response> {
  const form = await jsonBody(request, forgotPasswordForm);
  const { expiresInMinutes } = await requestPasswordReset(form.email, form.language, clientInfo(request, context));
  return privateJson({ message: 'reset link emailed', expires_in_minutes: expiresInMinutes });
}
