import { DEFAULT_LOCALE, parseLocale, type Locale } from '~/i18n/locales';
import { countryOf, intlTag, isInterfaceLanguage, type InterfaceLanguage } from '~/i18n/regions';
import { readCookie } from './cookies';

/** The interface language chosen in the region modal when it is not the locale's own (ADR 011). */
export const LANGUAGE_COOKIE = 'lang';

/** Who a page is for: the locale of its path and the interface language. */
export interface SiteContext {
  readonly locale: Locale;
  readonly language: InterfaceLanguage;
  /** BCP 47 tag for Intl ("de-CH"). */
  readonly tag: string;
  /** ISO 4217 currency of the locale's country. */
  readonly currency: string;
}

/**
 * The interface language: `?lang=` (a link that switches language, spec §2.5), else the
 * cookie, else the locale's own language.
 */
export function interfaceLanguage(url: URL, cookieHeader: string | null, locale: Locale): InterfaceLanguage {
  const asked = url.searchParams.get('lang');
  if (isInterfaceLanguage(asked)) return asked;
  const kept = readCookie(cookieHeader, LANGUAGE_COOKIE);
  if (isInterfaceLanguage(kept)) return kept;
  return isInterfaceLanguage(locale.language) ? locale.language : 'en';
}

export function contextFor(locale: Locale, language: InterfaceLanguage): SiteContext {
  const currency = countryOf(locale.country)?.currency ?? 'EUR';
  return { locale, language, tag: intlTag(language, locale.country), currency };
}

/**
 * The context of a request under a locale prefix. An unknown first segment is not found (spec
 * §2.1); routes without a prefix (account, goto) use the default locale.
 */
export function siteContext(request: Request, localeParam: string | undefined): SiteContext {
  const locale = localeParam === undefined ? parseLocale(DEFAULT_LOCALE) : parseLocale(localeParam);
  if (!locale) throw new Response('Not found', { status: 404 });
  return contextFor(locale, interfaceLanguage(new URL(request.url), request.headers.get('Cookie'), locale));
}
