/** Texts per ISO 639-1 language; reads fall back to English, then to any language (spec §9). */
export type Localized<T> = Readonly<Record<string, T>>;

export const FALLBACK_LANGUAGE = 'en';

export function resolveLanguage<T>(texts: Localized<T>, language: string): T | undefined {
  return texts[language] ?? texts[FALLBACK_LANGUAGE] ?? Object.values(texts)[0];
}
