import type { SearchLanguage } from './languages.js';
import { normalizeGerman } from './german-normalize.js';
import { stem } from './stem.js';
import { tokenize } from './tokenize.js';

/**
 * The index form of one folded token for a language: German transliterated umlauts normalised,
 * then the Snowball stem. Indexing and querying both go through here, so they always agree.
 */
export function analyzeToken(token: string, language: SearchLanguage): string {
  return stem(language === 'de' ? normalizeGerman(token) : token, language);
}

/**
 * Text → index terms for a language: unicode-aware split, lower case, diacritics folded,
 * elisions dropped, stemmed. 'Kühlschränke' and 'kuhlschrank' both give ['kuhlschrank'] in German.
 */
export function analyze(text: string, language: SearchLanguage): string[] {
  return tokenize(text, language).map((token) => analyzeToken(token, language));
}
