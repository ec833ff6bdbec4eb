import { SEARCH_LANGUAGES, type SearchLanguage } from './languages.js';
import { analyzeToken } from './analyze.js';
import { splitWords, tokensOf } from './tokenize.js';

export interface IndexTerms {
  /** Folded, unstemmed tokens: exact codes, prefixes (as-you-type) and fuzzy correction. */
  readonly surface: readonly string[];
  /**
   * Per language, the stemmed terms that are not already surface tokens. A query term for a
   * language is looked up in the surface and that language's terms together, so storing the
   * shared terms once keeps the index near the size of one analysis instead of six or seven.
   */
  readonly extra: Readonly<Record<SearchLanguage, readonly string[]>>;
}

/** Analyses a document's text once for every search language (a document has no language). */
export function analyzeForIndex(text: string): IndexTerms {
  const words = splitWords(text);
  const surface = tokensOf(words);
  const present = new Set(surface);
  const extra = {} as Record<SearchLanguage, string[]>;
  for (const language of SEARCH_LANGUAGES) {
    extra[language] = tokensOf(words, language)
      .map((token) => analyzeToken(token, language))
      .filter((term) => !present.has(term));
  }
  return { surface, extra };
}
