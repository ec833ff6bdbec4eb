import { sameSiteTarget } from '~/auth/redirect-target';
import type { LocaleId } from '~/i18n/locales';
import { isInterfaceLanguage, localeFor, type InterfaceLanguage } from '~/i18n/regions';
import { withLocale } from '~/routing/route-path';

export interface RegionChoice {
  /** Where to send the browser: a path on this host, or a URL on the country's host. */
  readonly location: string;
  readonly locale: LocaleId;
  /** The interface language to remember, or null when it is the locale's own. */
  readonly language: InterfaceLanguage | null;
}

/**
 * The region modal's Ok (spec §2.6, §4): the locale of the country and language, the same page
 * (path and query) under it, on the country's host when one is configured and differs.
 */
export function regionChoice(
  input: { country: string | null; language: string | null; back: string | null },
  hosts: Readonly<Record<string, string>>,
  currentHost: string,
): RegionChoice | null {
  const language = isInterfaceLanguage(input.language) ? input.language : 'en';
  const locale = input.country ? localeFor(input.country, language) : null;
  if (!locale) return null;
  const back = sameSiteTarget(input.back, `/${locale}`);
  const path = /^\/[a-z]{2}(-[a-z]{2})?(\/|\?|$)/.test(back) ? withLocale(back, locale) : back;
  const ownLanguage =
    locale.startsWith(`${language}-`) || locale === language || (locale === 'gb' && language === 'en');
  const host = input.country ? hosts[input.country] : undefined;
  return {
    location: host && host !== currentHost ? `https://${host}${path}` : path,
    locale,
    language: ownLanguage ? null : language,
  };
}
