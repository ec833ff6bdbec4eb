import type { User } from '@pc/proto/accounts/v1/types';
import { currentUser } from '~/auth/current-user.server';
import { config } from '~/config.server';
import { optional } from '~/data/load.server';
import { messagesFile } from '~/i18n/messages.server';
import { DEFAULT_LOCALE, parseLocale, type Locale } from '~/i18n/locales';
import { cookieValue } from './cookies';
import { contextFor, interfaceLanguage, LANGUAGE_COOKIE } from './site-context.server';

/**
 * What every page's chrome needs (root loader): locale, interface language and the address of
 * its messages (fetched once and cached by the browser, not sent with every page: ADR 078), the
 * signed-in user's name and roles. Nothing secret: it is serialised into the page.
 */
export async function rootData(request: Request) {
  const url = new URL(request.url);
  const first = url.pathname.split('/')[1];
  const locale: Locale = parseLocale(first) ?? (parseLocale(DEFAULT_LOCALE) as Locale);
  const language = interfaceLanguage(url, request.headers.get('Cookie'), locale);
  const context = contextFor(locale, language);
  // Accounts down: the page still renders, for a visitor (spec §8: related data failing is ignored).
  const user = await optional(currentUser(request));
  const asked = url.searchParams.get('lang');
  const headers = new Headers();
  // A language link (spec §2.5) is remembered, so the following pages keep it.
  if (asked === language) headers.append('Set-Cookie', cookieValue(LANGUAGE_COOKIE, language, 365));
  return {
    data: {
      ...context,
      messagesHref: messagesFile(language).href,
      user: user ? chromeUser(user) : null,
      year: new Date().getUTCFullYear(),
    },
    headers,
  };
}

export type RootData = Awaited<ReturnType<typeof rootData>>['data'];

/** What the chrome shows of a signed-in user; the masthead's admin link goes to the staff admin app (ADMIN_SITE_URL). */
export function chromeUser(user: User) {
  return {
    name: user.name,
    isAdmin: user.isAdmin,
    isBusiness: user.isBusiness,
    adminUrl: user.isAdmin ? config.ADMIN_SITE_URL : '',
  };
}

export type ChromeUser = ReturnType<typeof chromeUser>;
