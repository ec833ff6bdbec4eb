import { data } from '@remix-run/node';
import { pageCsrf } from '~/auth/csrf.server';

/**
 * The loader answer of a page with forms: its data plus the CSRF token its forms carry, the
 * XSRF-TOKEN cookie that token must match, and no caching anywhere (the page is the visitor's).
 */
export function formPageData<T extends object>(request: Request, payload: T) {
  const { token, setCookie } = pageCsrf(request);
  return data(
    { ...payload, csrf: token },
    { headers: { 'Set-Cookie': setCookie, 'Cache-Control': 'private, no-store' } },
  );
}
