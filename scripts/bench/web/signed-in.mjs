// A signed-in visitor for bench:web: registers and signs in through the site's own endpoints, as
// a browser does (the CSRF cookie first, then the token in X-XSRF-TOKEN), and returns the Cookie
// header a signed-in browser sends (the session, its marker, the CSRF token).
import { randomUUID } from 'node:crypto';

/** The cookies of a Set-Cookie list, as name → value. */
const cookiesOf = (answer, into = new Map()) => {
  for (const line of answer.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    if (at > 0) into.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return into;
};
const header = (cookies) => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

export async function signedInCookie(site) {
  const cookies = cookiesOf(await fetch(`${site}/auth/csrf-cookie`));
  const post = async (path, body) => {
    const answer = await fetch(`${site}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        cookie: header(cookies),
        'x-xsrf-token': decodeURIComponent(cookies.get('XSRF-TOKEN') ?? ''),
      },
      body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`bench: ${path} answered ${answer.status}: ${await answer.text()}`);
    cookiesOf(answer, cookies);
  };
  const email = `bench-${randomUUID()}@example.test`;
  const password = 'correct horse battery';
  await post('/auth/register', {
    name: 'Bench Visitor',
    email,
    password,
    password_confirmation: password,
    terms: true,
  });
  await post('/auth/login', { email, password, remember: true });
  if (!cookies.get('pc_session')) throw new Error('bench: signing in set no session cookie');
  return header(cookies);
}
