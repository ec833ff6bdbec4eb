/**
 * The locales of spec §2.1. The first path segment is a locale id; it fixes the interface
 * language and the country whose offers are shown.
 */
export const LOCALE_IDS = [
  'de-ch',
  'fr-ch',
  'en-ch',
  'de',
  'fr-de',
  'en-de',
  'de-fr',
  'fr',
  'en-fr',
  'de-gb',
  'fr-gb',
  'gb',
  'de-de',
  'fr-fr',
  'en-gb',
] as const;

export type LocaleId = (typeof LOCALE_IDS)[number];

export const DEFAULT_LOCALE: LocaleId = 'en-ch';

export interface Locale {
  readonly id: LocaleId;
  /** ISO 639-1 interface language. */
  readonly language: string;
  /** ISO 3166-1 alpha-2 country, lower case. */
  readonly country: string;
}

/** A single-segment id names a country with its main language ('de' = German in Germany). */
const SINGLE: Record<string, { language: string; country: string }> = {
  de: { language: 'de', country: 'de' },
  fr: { language: 'fr', country: 'fr' },
  gb: { language: 'en', country: 'gb' },
};

export function parseLocale(id: string | undefined): Locale | null {
  if (!id || !(LOCALE_IDS as readonly string[]).includes(id)) return null;
  const single = SINGLE[id];
  if (single) return { id: id as LocaleId, ...single };
  const [language, country] = id.split('-') as [string, string];
  return { id: id as LocaleId, language, country };
}
