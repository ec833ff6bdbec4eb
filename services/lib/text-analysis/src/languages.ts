/** The languages the analysis knows: the platform's six (de, en, fr, it, pt, es). */
export const SEARCH_LANGUAGES = ['de', 'en', 'fr', 'it', 'pt', 'es'] as const;
export type SearchLanguage = (typeof SEARCH_LANGUAGES)[number];
