import type { SearchLanguage } from './languages.js';
import { analyzeToken } from './analyze.js';
import { normalizeGerman } from './german-normalize.js';
import { isStopword } from './stopwords.js';
import { tokenize } from './tokenize.js';

export interface QueryTerm {
  /** Folded form as typed: matches the language-neutral (unstemmed) index terms and prefixes. */
  readonly surface: string;
  /** Folded form after language normalisation (German 'ue' → 'u'), before stemming. */
  readonly normalized: string;
  /** The index term for the query language (what `analyze` gives for the word). */
  readonly stem: string;
}

export interface AnalyzedQuery {
  readonly terms: readonly QueryTerm[];
  /** Whether the text ends inside a word (no trailing space): the last term may be a prefix. */
  readonly lastIsPartial: boolean;
}

const TRAILING_WORD_CHAR = /[\p{L}\p{N}]$/u;

/**
 * Query text → the terms to match, all of which must be found (AND). Stop words are dropped
 * unless the query has nothing else (the band "The The"), so "Hülle für iPhone" finds "iPhone Hülle".
 */
export function analyzeQuery(text: string, language: SearchLanguage): AnalyzedQuery {
  const all = tokenize(text, language).map((surface) => {
    const normalized = language === 'de' ? normalizeGerman(surface) : surface;
    return { surface, normalized, stem: analyzeToken(surface, language), stopword: isStopword(surface, language) };
  });
  const meaningful = all.filter((term) => !term.stopword);
  const kept = meaningful.length > 0 ? meaningful : all;
  const lastKept = kept[kept.length - 1];
  const lastTyped = all[all.length - 1];
  return {
    terms: kept.map(({ surface, normalized, stem }) => ({ surface, normalized, stem })),
    // A stop word typed last is dropped, so the kept last term was completed by the user.
    lastIsPartial: lastKept !== undefined && lastKept === lastTyped && TRAILING_WORD_CHAR.test(text),
  };
}
