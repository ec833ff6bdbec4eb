// A signed-in user for the load mixes and bench:web, made the way the site's own scripts do it:
// GET /auth/csrf-cookie, POST /auth/register, POST /auth/login, each state-changing call with the
// XSRF-TOKEN cookie echoed in X-XSRF-TOKEN (a signed double submit).
import { randomBytes } from 'node:crypto';

/** The cookies of a response as name → value (Set-Cookie lines; attributes dropped). */
function cookiesOf(response) {
  return Object.fromEntries(response.headers.getSetCookie().map((line) => line.split(';', 1)[0].split('=', 2)));
}

const cookieHeader = (jar) =>
  Object.entries(jar)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

/**
 * Registers a fresh account (a business one with `business`) and signs it in; returns the Cookie
 * header of its session (the session, its marker, the CSRF token).
 */
export async function signInUser(site, { business = false } = {}) {
  const jar = cookiesOf(await fetch(`${site}/auth/csrf-cookie`));
  const post = async (path, body) => {
    const response = await fetch(`${site}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        cookie: cookieHeader(jar),
        'x-xsrf-token': decodeURIComponent(jar['XSRF-TOKEN'] ?? ''),
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
    Object.assign(jar, cookiesOf(response));
  };
  const email = `load-${randomBytes(6).toString('hex')}@example.test`;
  const password = randomBytes(18).toString('base64url');
  await post('/auth/register', {
    name: 'Load Test',
    email,
    password,
    password_confirmation: password,
    terms: true,
    ...(business ? { account_type: 'business', company: 'Load Test AG' } : {}),
  });
  await post('/auth/login', { email, password, remember: false });
  if (!jar.pc_session) throw new Error('POST /auth/login set no session cookie');
  return cookieHeader(jar);
}

/** A signed-in business user for the business mix. */
export const signInBusinessUser = (site) => signInUser(site, { business: true });
