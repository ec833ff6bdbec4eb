import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { config } from '~/config.server';
import { isSecure, readCookie, serializeCookie } from './session-cookie.server';

/** Spec §7: the client reads this cookie and sends it back in the X-XSRF-TOKEN header. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';

const secret = config.CSRF_SECRET ?? randomBytes(32).toString('base64url');
const sign = (nonce: string): string => createHmac('sha256', secret).update(nonce).digest('base64url');

/** A new token: a random nonce and its HMAC (a signed double-submit cookie). */
export function newCsrfToken(): string {
  const nonce = randomBytes(24).toString('base64url');
  return `${nonce}.${sign(nonce)}`;
}

/** The XSRF-TOKEN cookie: readable by the site's scripts (not httpOnly), same-site only. */
export const csrfCookie = (request: Request, token: string): string => serializeCookie(CSRF_COOKIE, token, { httpOnly: false, secure: isSecure(request), maxAge: 2 * 3600 });

const equal = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Whether a state-changing request carries the CSRF proof: the X-XSRF-TOKEN header equals the
 * XSRF-TOKEN cookie (another site can neither read our cookie nor set our header) and the token
 * is one we signed (a cookie planted by a sibling host fails).
 */
export function hasValidCsrfToken(request: Request): boolean {
  const header = request.headers.get(CSRF_HEADER) ?? '';
  const cookie = readCookie(request, CSRF_COOKIE) ?? '';
  const [nonce = '', signature = ''] = header.split('.');
  return header !== '' && equal(header, cookie) && nonce !== '' && equal(signature, sign(nonce));
}

/** Spec §8 status page "page expired": 419, as the client of the spec expects for a CSRF failure. */
export function csrfFailure(): Response {
  return Response.json({ message: 'page expired: refresh and retry', error: 'page expired: refresh and retry' }, { status: 419, headers: { 'Cache-Control': 'no-store' } });
}
