import { SEARCH_LANGUAGES, type SearchLanguage } from '@pc/kit/ports/search-index';

/** Spec §1: texts missing in the requested language fall back to English. */
export const FALLBACK_LANGUAGE: SearchLanguage = 'en';

export function searchLanguage(code: string): SearchLanguage | null {
  const lower = code.toLowerCase();
  return (SEARCH_LANGUAGES as readonly string[]).includes(lower) ? (lower as SearchLanguage) : null;
}

/** The text in `language`, else English, else any translation; '' when there is none. */
export function pickTranslation(texts: Readonly<Partial<Record<string, string>>>, language: string): string {
  return texts[language] || texts[FALLBACK_LANGUAGE] || Object.values(texts).find((text) => Boolean(text)) || '';
}

/** Language codes as keyword values, kept out of reach of typed queries (see countryToken). */
export function languageToken(language: SearchLanguage): string {
  return `lang:${language}`;
}
