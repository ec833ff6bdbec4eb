import { newStemmer, type SnowballStemmer } from 'snowball-stemmers';
import type { SearchLanguage } from './languages.js';

const ALGORITHMS: Readonly<Record<SearchLanguage, string>> = {
  de: 'german',
  en: 'english',
  fr: 'french',
  it: 'italian',
  pt: 'portuguese',
  es: 'spanish',
};

/** Words repeat heavily across product texts, and each is stemmed for six languages. */
const MEMO_LIMIT = 50_000;

interface Stemmer {
  readonly snowball: SnowballStemmer;
  readonly memo: Map<string, string>;
}

const stemmers = new Map<SearchLanguage, Stemmer>();
const HAS_DIGIT = /\p{N}/u;

/**
 * Snowball stem of a folded token. Tokens with digits are model numbers, sizes or codes
 * ('s24', '55x80k', '4002515996144'): stemming would mangle them, so they stay as they are.
 */
export function stem(token: string, language: SearchLanguage): string {
  if (token.length < 3 || HAS_DIGIT.test(token)) return token;
  const stemmer = stemmerFor(language);
  let stemmed = stemmer.memo.get(token);
  if (stemmed === undefined) {
    stemmed = stemmer.snowball.stem(token);
    if (stemmer.memo.size >= MEMO_LIMIT) stemmer.memo.clear();
    stemmer.memo.set(token, stemmed);
  }
  return stemmed;
}

function stemmerFor(language: SearchLanguage): Stemmer {
  let stemmer = stemmers.get(language);
  if (stemmer === undefined) {
    stemmer = { snowball: newStemmer(ALGORITHMS[language]), memo: new Map() };
    stemmers.set(language, stemmer);
  }
  return stemmer;
}
