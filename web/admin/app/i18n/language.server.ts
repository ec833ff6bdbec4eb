import { createCookie } from '@remix-run/node';
import { isLanguage, type Language } from './languages';

/** The staff member's language choice, for every panel (path /admin). */
const languageCookie = createCookie('pc_admin_lang', {
  path: '/admin',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 365 * 24 * 3600,
});

/**
 * The page's language: `?lang=` (remembered in a cookie), else the cookie, else the browser's
 * Accept-Language, else English.
 */
export async function pickLanguage(request: Request): Promise<{ language: Language; setCookie?: string }> {
  const asked = new URL(request.url).searchParams.get('lang');
  if (isLanguage(asked)) return { language: asked, setCookie: await languageCookie.serialize(asked) };
  const stored: unknown = await languageCookie.parse(request.headers.get('cookie'));
  if (typeof stored === 'string' && isLanguage(stored)) return { language: stored };
  const accepted = (request.headers.get('accept-language') ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim().slice(0, 2).toLowerCase())
    .find(isLanguage);
  return { language: accepted ?? 'en' };
}
