import type { SearchLanguage } from './languages.js';
import { foldCase } from './fold.js';

/** A run of letters and digits, possibly joined by apostrophes ("l'ordinateur", "men's"). */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
const APOSTROPHE = /['’]/u;

/** Articles and prepositions elided before a vowel (Lucene's French and Italian elision sets). */
const ELISIONS: Partial<Record<SearchLanguage, ReadonlySet<string>>> = {
  fr: new Set(['l', 'm', 't', 'qu', 'n', 's', 'j', 'd', 'c', 'jusqu', 'quoiqu', 'lorsqu', 'puisqu']),
  it: new Set([
    'c',
    'l',
    'all',
    'dall',
    'dell',
    'nell',
    'sull',
    'coll',
    'pell',
    'gl',
    'agl',
    'dagl',
    'degl',
    'negl',
    'sugl',
    'un',
    'm',
    't',
    's',
    'v',
    'd',
  ]),
};

/** Folded words, each split at its apostrophes: "L'ordinateur" → [['l', 'ordinateur']]. */
export function splitWords(text: string): string[][] {
  return Array.from(foldCase(text).matchAll(WORD), (match) => match[0].split(APOSTROPHE));
}

/**
 * Tokens of split words. Without a language every apostrophe splits; with one, elided articles
 * (fr/it "l'", "dell'") and the English possessive "'s" are dropped.
 */
export function tokensOf(words: readonly (readonly string[])[], language?: SearchLanguage): string[] {
  const tokens: string[] = [];
  for (const parts of words) {
    let start = 0;
    let end = parts.length;
    if (end > 1 && language !== undefined) {
      if (ELISIONS[language]?.has(parts[0] ?? '')) start = 1;
      if (language === 'en' && parts[end - 1] === 's') end -= 1;
    }
    for (let i = start; i < end; i++) tokens.push(parts[i] ?? '');
  }
  return tokens;
}

/** Splits text into folded tokens (see `foldCase`, `tokensOf`). */
export function tokenize(text: string, language?: SearchLanguage): string[] {
  return tokensOf(splitWords(text), language);
}
