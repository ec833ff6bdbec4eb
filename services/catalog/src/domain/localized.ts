/** Texts per ISO 639-1 language; reads fall back to English, then to any language (spec §9). */
export type Localized<T> = Readonly<Record<string, T>>;

export const FALLBACK_LANGUAGE = 'en';

export function resolveLanguage<T>(texts: Localized<T>, language: string): T | undefined {
  return texts[language] ?? texts[FALLBACK_LANGUAGE] ?? Object.values(texts)[0];
}

/** The language a read in `language` actually gets, with the text ('' and undefined when none). */
export function resolveLanguageEntry<T>(texts: Localized<T>, language: string): readonly [string, T | undefined] {
  for (const candidate of [language, FALLBACK_LANGUAGE]) {
    const text = texts[candidate];
    if (text !== undefined) return [candidate, text];
  }
  const [first] = Object.entries(texts);
  return first ? [first[0], first[1]] : ['', undefined];
}
