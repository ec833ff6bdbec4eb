import { isSecure, readCookie, serializeCookie } from './session-cookie.server';

/**
 * The sign-in waiting for its second step (ADR 153): the challenge token of Login or
 * ResetPassword, kept between the password and the app's code. httpOnly like the session (the
 * token is a bearer credential for the second step: it is never in a page or a JSON body).
 */
export const TWO_STEP_COOKIE = 'pc_two_step';
/** Accounts ends a challenge after five minutes; the cookie never outlives it. */
const MAX_SECONDS = 5 * 60;

/** Seconds the cookie lives: until the challenge expires, at most five minutes, at least one. */
export function challengeCookieSeconds(expiresAt: Date | undefined, now: Date): number {
  const left = expiresAt ? Math.floor((expiresAt.getTime() - now.getTime()) / 1000) : MAX_SECONDS;
  return Math.max(1, Math.min(MAX_SECONDS, left));
}

export const challengeCookie = (request: Request, token: string, expiresAt: Date | undefined, now = new Date()) =>
  serializeCookie(TWO_STEP_COOKIE, token, {
    httpOnly: true,
    secure: isSecure(request),
    maxAge: challengeCookieSeconds(expiresAt, now),
  });

export const clearedChallengeCookie = (request: Request): string =>
  serializeCookie(TWO_STEP_COOKIE, '', { httpOnly: true, secure: isSecure(request), maxAge: 0 });

/** The challenge token of the request, or null (none, or expired and dropped by the browser). */
export const challengeToken = (request: Request): string | null => readCookie(request, TWO_STEP_COOKIE) || null;
