import { config } from '~/config.server';
import { SIGNED_IN_COOKIE } from '~/site/signed-in-marker';

/** The session cookie: the bearer token of accounts' session. httpOnly, so client JS never sees it. */
export const SESSION_COOKIE = 'pc_session';
/** Spec §3: a remembered session lasts 30 days (accounts ends it server-side either way). */
const REMEMBER_SECONDS = 30 * 24 * 3600;

/**
 * Whether this request came over HTTPS: the request URL's scheme, which the site's edge takes
 * from the connection, or from X-Forwarded-Proto only when a trusted proxy sent it (TRUSTED_PROXIES).
 */
export function isSecure(request: Request): boolean {
  if (config.COOKIE_SECURE !== 'auto') return config.COOKIE_SECURE === 'always';
  return new URL(request.url).protocol === 'https:';
}

/** The value of one cookie of the request, if any. */
export function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** A Set-Cookie value; SameSite=Lax keeps the cookie off cross-site POSTs (first CSRF line). */
export function serializeCookie(
  name: string,
  value: string,
  options: { httpOnly: boolean; secure: boolean; maxAge?: number },
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax'];
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  return parts.join('; ');
}

export const sessionToken = (request: Request): string | null => readCookie(request, SESSION_COOKIE);

/** Sets the session: a browser-session cookie, or 30 days with remember-me. */
export const sessionCookie = (request: Request, token: string, remember: boolean): string =>
  serializeCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    secure: isSecure(request),
    ...(remember ? { maxAge: REMEMBER_SECONDS } : {}),
  });

export const clearedSessionCookie = (request: Request): string =>
  serializeCookie(SESSION_COOKIE, '', { httpOnly: true, secure: isSecure(request), maxAge: 0 });

/**
 * Beside the session, for the page's scripts: "a session was started here", so that a page served
 * to everyone from the shared cache (ADR 083) fetches the user's chrome. It proves nothing; the
 * session cookie does.
 */
export const signedInMarkerCookie = (request: Request, remember: boolean): string =>
  serializeCookie(SIGNED_IN_COOKIE, '1', {
    httpOnly: false,
    secure: isSecure(request),
    ...(remember ? { maxAge: REMEMBER_SECONDS } : {}),
  });

export const clearedSignedInMarkerCookie = (request: Request): string =>
  serializeCookie(SIGNED_IN_COOKIE, '', { httpOnly: false, secure: isSecure(request), maxAge: 0 });
