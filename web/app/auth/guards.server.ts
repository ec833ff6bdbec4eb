import { redirect } from '@remix-run/node';
import type { User } from '@pc/proto/accounts/v1/types';
import { config } from '~/config.server';
import { parseLocale } from '~/i18n/locales';
import { currentSession, currentUser } from './current-user.server';

/** The locale of a page path ("/de-ch/…"), or the default en-ch (spec §2.1). */
export function localeOfPath(pathname: string): string {
  const first = pathname.split('/')[1] ?? '';
  return parseLocale(first) ? first : 'en-ch';
}

/** The login page with the target to come back to (spec §2.5: "a redirect query holding the target path"). */
export function loginUrl(request: Request): string {
  const url = new URL(request.url);
  const target = `${url.pathname}${url.search}`;
  return `/${localeOfPath(url.pathname)}/login?redirect=${encodeURIComponent(target)}`;
}

/** A route needing sign-in: a visitor is sent to login with a redirect back here. */
export async function requireUser(request: Request, find: typeof currentUser = currentUser): Promise<User> {
  const user = await find(request);
  if (!user) throw redirect(loginUrl(request));
  return user;
}

/** `requireUser` with the session's public id (a password change keeps this session, ends the others). */
export async function requireSession(request: Request): Promise<{ user: User; sessionId: string }> {
  const session = await currentSession(request);
  if (!session) throw redirect(loginUrl(request));
  return session;
}

/** A route needing admin: visitors go to login, signed-in non-admins go home (spec §2.5). */
export async function requireAdmin(request: Request, find: typeof currentUser = currentUser): Promise<User> {
  const user = await requireUser(request, find);
  if (!user.isAdmin) throw redirect(`/${localeOfPath(new URL(request.url).pathname)}`);
  return user;
}

/** A guest-only route (login, register): users go home, admins to the admin site (spec §2.5). */
export async function requireGuest(request: Request, find: typeof currentUser = currentUser): Promise<void> {
  const user = await find(request);
  if (!user) return;
  throw redirect(user.isAdmin ? config.ADMIN_SITE_URL : `/${localeOfPath(new URL(request.url).pathname)}`);
}
