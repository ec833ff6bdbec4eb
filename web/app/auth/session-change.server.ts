import { csrfCookie, newCsrfToken } from './csrf.server';
import {
  clearedSessionCookie,
  clearedSignedInMarkerCookie,
  sessionCookie,
  signedInMarkerCookie,
} from './session-cookie.server';

/**
 * The cookies of a sign-in: the session, its marker for the page's scripts, and a CSRF token bound
 * to it — the token the visitor held before signing in stops working (rotated at sign-in, issue 43).
 */
export const signedInCookies = (request: Request, token: string, remember: boolean): string[] => [
  sessionCookie(request, token, remember),
  signedInMarkerCookie(request, remember),
  csrfCookie(request, newCsrfToken(token)),
];

/** The cookies of a sign-out: the session and its marker cleared, and a CSRF token of no session. */
export const signedOutCookies = (request: Request): string[] => [
  clearedSessionCookie(request),
  clearedSignedInMarkerCookie(request),
  csrfCookie(request, newCsrfToken(null)),
];

/** Headers with several Set-Cookie lines, and any others. */
export const cookieHeaders = (
  lines: readonly string[],
  other: Readonly<Record<string, string>> = {},
): [string, string][] => [...Object.entries(other), ...lines.map((line): [string, string] => ['Set-Cookie', line])];
