import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { config } from '~/config.server';
import { CSRF_FIELD } from './page-forms';
import { isSecure, readCookie, serializeCookie, sessionToken } from './session-cookie.server';

/** Spec §7: the client reads this cookie and sends it back in the X-XSRF-TOKEN header. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';

/** Unset, one for this process alone; several site processes get one from their primary (ADR 092). */
const secret = config.CSRF_SECRET ?? randomBytes(32).toString('base64url');
/**
 * The token's signature covers the session it belongs to (the httpOnly session cookie, which
 * no other site can read or set): a token taken from one visitor, or planted before a sign-in,
 * proves nothing for another session (issue 43). No session signs as the empty string.
 */
const sign = (nonce: string, session: string | null): string =>
  createHmac('sha256', secret)
    .update(`${nonce}\n${session ?? ''}`)
    .digest('base64url');

/** A new token for a session (or none): a random nonce and its HMAC (a signed double-submit cookie, bound to the session). */
export function newCsrfToken(session: string | null): string {
  const nonce = randomBytes(24).toString('base64url');
  return `${nonce}.${sign(nonce, session)}`;
}

/** The XSRF-TOKEN cookie: readable by the site's scripts (not httpOnly), same-site only. */
export const csrfCookie = (request: Request, token: string): string =>
  serializeCookie(CSRF_COOKIE, token, { httpOnly: false, secure: isSecure(request), maxAge: 2 * 3600 });

const equal = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Whether a token is one we signed for the request's session (a cookie planted by a sibling host, or one of another session, is not). */
function isOurs(token: string, request: Request): boolean {
  const [nonce = '', signature = ''] = token.split('.');
  return nonce !== '' && equal(signature, sign(nonce, sessionToken(request)));
}

/** The proof matches the XSRF-TOKEN cookie (another site can neither read it nor set our header or field) and is ours for this session. */
const proves = (request: Request, proof: string): boolean =>
  proof !== '' && equal(proof, readCookie(request, CSRF_COOKIE) ?? '') && isOurs(proof, request);

/**
 * Whether a state-changing request carries the CSRF proof: the X-XSRF-TOKEN header equals the
 * XSRF-TOKEN cookie and the token is one we signed (a signed double-submit cookie).
 */
export function hasValidCsrfToken(request: Request): boolean {
  return proves(request, request.headers.get(CSRF_HEADER) ?? '');
}

/**
 * A page with forms: the token its forms carry (the visitor's XSRF-TOKEN if it is ours for this
 * session, else a new one) and the Set-Cookie that keeps the cookie alive as long as the page is open.
 */
export function pageCsrf(request: Request): { token: string; setCookie: string } {
  const current = readCookie(request, CSRF_COOKIE) ?? '';
  const token = isOurs(current, request) ? current : newCsrfToken(sessionToken(request));
  return { token, setCookie: csrfCookie(request, token) };
}

/** A page form's post: the hidden field (or, from a script, the header) proves it as the header does. */
export function hasValidFormCsrf(request: Request, form: FormData): boolean {
  const field = form.get(CSRF_FIELD);
  return proves(request, typeof field === 'string' && field !== '' ? field : (request.headers.get(CSRF_HEADER) ?? ''));
}

/** Spec §8 status page "page expired": 419, as the client of the spec expects for a CSRF failure. */
export function csrfFailure(): Response {
  return Response.json(
    { message: 'page expired: refresh and retry', error: 'page expired: refresh and retry' },
    { status: 419, headers: { 'Cache-Control': 'no-store' } },
  );
}
