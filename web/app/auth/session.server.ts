import { redirect } from '@remix-run/node';
import type { LocaleId } from '~/i18n/locales';

/**
 * The guards of spec §2.5. The accounts service and its session cookie are built on another
 * branch; until they are wired here, nobody is signed in: `currentUser` answers null, so
 * sign-in-only pages send visitors to login and guest-only pages stay open. Routes call only
 * these functions, so wiring sessions changes this file alone.
 */
export interface SessionUser {
  readonly id: string;
  readonly name: string;
  readonly isAdmin: boolean;
}

export async function currentUser(_request: Request): Promise<SessionUser | null> {
  return null;
}

/** Sign-in required: a visitor goes to login with the target path in `redirect`. */
export async function requireUser(request: Request, locale: LocaleId): Promise<SessionUser> {
  const user = await currentUser(request);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/${locale}/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Guest only: a signed-in user goes home, an admin to the admin site (spec §2.5). */
export async function requireGuest(request: Request, locale: LocaleId): Promise<void> {
  const user = await currentUser(request);
  if (!user) return;
  throw redirect(user.isAdmin ? '/admin' : `/${locale}`);
}

/** A safe redirect target after login: a path of this site, never another origin. */
export function safeRedirectTarget(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  return value;
}
