import { LOCALE_IDS, parseLocale, type Locale, type LocaleId } from './locales';

/**
 * Countries and interface languages of the region modal (spec §2.6, §3 Country, Language).
 * The locale ids of spec §2.1 cover four countries in three languages each; Italian,
 * Portuguese and Spanish are interface languages on top of a locale (ADR 011).
 */
export const INTERFACE_LANGUAGES = ['de', 'en', 'fr', 'it', 'pt', 'es'] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: InterfaceLanguage = 'en';

export const isInterfaceLanguage = (value: string | null | undefined): value is InterfaceLanguage =>
  (INTERFACE_LANGUAGES as readonly string[]).includes(value ?? '');

export interface Country {
  /** ISO 3166-1 alpha-2, lower case. */
  readonly id: string;
  readonly emoji: string;
  /** ISO 4217 currency of its offers. */
  readonly currency: string;
}

/** The countries a locale can point at, in the order of spec §2.1. */
export const COUNTRIES: readonly Country[] = [
  { id: 'ch', emoji: '🇨🇭', currency: 'CHF' },
  { id: 'de', emoji: '🇩🇪', currency: 'EUR' },
  { id: 'fr', emoji: '🇫🇷', currency: 'EUR' },
  { id: 'gb', emoji: '🇬🇧', currency: 'GBP' },
];

export const countryOf = (id: string): Country | undefined => COUNTRIES.find((c) => c.id === id);

/**
 * The locale id for a country and language: the first id of spec §2.1 that names both (so
 * "de"/"de-de" and "gb"/"en-gb" resolve to one canonical id), else the country's English one.
 */
export function localeFor(country: string, language: string): LocaleId | null {
  const all = LOCALE_IDS.map((id) => parseLocale(id) as Locale);
  const exact = all.find((l) => l.country === country && l.language === language);
  if (exact) return exact.id;
  return all.find((l) => l.country === country && l.language === 'en')?.id ?? null;
}

/** BCP 47 tag for Intl: the interface language written for the locale's country ("de-CH"). */
export const intlTag = (language: string, country: string): string => `${language}-${country.toUpperCase()}`;
