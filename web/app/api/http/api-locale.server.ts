import { DEFAULT_LOCALE, parseLocale, type LocaleId } from '~/i18n/locales';

/** What a `locale` parameter fixes for the services: texts, offers and prices. */
export interface ApiLocale {
  readonly id: LocaleId;
  /** ISO 639-1, lower case: the language of texts. */
  readonly language: string;
  /** ISO 3166-1 alpha-2, upper case as the protos want it: whose offers are shown. */
  readonly country: string;
  /** ISO 4217: the country's currency, which prices are shown in. */
  readonly currency: string;
}

/** The currencies of the countries the locales of spec §2.1 serve. */
const CURRENCY_BY_COUNTRY: Readonly<Record<string, string>> = { CH: 'CHF', DE: 'EUR', FR: 'EUR', GB: 'GBP' };

/** The locale of an API call; the id has been validated against LOCALE_IDS already. */
export function apiLocale(id: LocaleId = DEFAULT_LOCALE): ApiLocale {
  const locale = parseLocale(id);
  if (!locale) throw new Error(`not a locale id: ${id}`);
  const country = locale.country.toUpperCase();
  const currency = CURRENCY_BY_COUNTRY[country];
  if (!currency) throw new Error(`no currency for country ${country}`);
  return { id: locale.id, language: locale.language, country, currency };
}

/** The same locale with another text language (a page's interface language, ADR 011). */
export function withLanguage(locale: ApiLocale, language: string | undefined): ApiLocale {
  return language && language !== locale.language ? { ...locale, language } : locale;
}
