import { readCookie } from './cookies';

/**
 * The browser's calls to the site's JSON API as spec §7 makes them: JSON in and out, the CSRF
 * token read from the XSRF-TOKEN cookie and sent back in X-XSRF-TOKEN (fetched first from
 * GET /auth/csrf-cookie when the browser has none), the requested-with header, credentials
 * included (the session cookie is httpOnly: scripts never see it).
 */
const CSRF_COOKIE = 'XSRF-TOKEN';
const HEADERS = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

/** An answer, its body read (a body left unread keeps the request open in the browser). */
export interface ApiAnswer<T = unknown> {
  readonly status: number;
  readonly ok: boolean;
  readonly retryAfter: string | null;
  /** The JSON body, or null (an empty 204, an HTML error page). */
  readonly body: T | null;
}

async function answerOf<T>(response: Response): Promise<ApiAnswer<T>> {
  const text = await response.text();
  let body: T | null = null;
  try {
    body = text ? (JSON.parse(text) as T) : null;
  } catch {
    body = null;
  }
  return { status: response.status, ok: response.ok, retryAfter: response.headers.get('Retry-After'), body };
}

async function csrfToken(fresh = false): Promise<string> {
  const known = fresh ? null : readCookie(document.cookie, CSRF_COOKIE);
  if (known) return known;
  await answerOf(await fetch('/auth/csrf-cookie', { credentials: 'include', headers: HEADERS }));
  return readCookie(document.cookie, CSRF_COOKIE) ?? '';
}

async function send<T>(method: string, path: string, body: unknown, token: string): Promise<ApiAnswer<T>> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: { ...HEADERS, 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return answerOf<T>(response);
}

/** A state-changing call; a 419 (the token cookie expired meanwhile) is retried once with a fresh token. */
export async function apiSend<T = unknown>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  const answer = await send<T>(method, path, body, await csrfToken());
  return answer.status === 419 ? send<T>(method, path, body, await csrfToken(true)) : answer;
}

export async function apiGet<T = unknown>(path: string): Promise<ApiAnswer<T>> {
  return answerOf<T>(await fetch(path, { credentials: 'include', headers: HEADERS }));
}
