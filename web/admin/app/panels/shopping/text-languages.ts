/** The languages products carry texts in (catalog's languages); English is the fallback. */
export const TEXT_LANGUAGES = ['en', 'de', 'fr', 'it', 'es', 'pt'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];
export const isTextLanguage = (value: string): value is TextLanguage =>
  (TEXT_LANGUAGES as readonly string[]).includes(value);
