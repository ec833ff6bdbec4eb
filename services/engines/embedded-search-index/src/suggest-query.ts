import type { Statement } from 'better-sqlite3';
import { splitWords, tokensOf } from '@pc/text-analysis/tokenize';
import { rankCompletions, type Completion } from '@pc/kit/ports/support/search/suggest-ranking';
import { PHRASE, WORD } from '@pc/kit/ports/support/search/suggest-entries';

export type SuggestRange = Statement<[number, string, string, number], { key: string; display: string; docs: number }>;

/** Above every character, so `[key, key + END)` holds exactly the keys starting with `key`. */
const END = '\u{10ffff}';
const LAST_WORD = /[\p{L}\p{M}\p{N}]+$/u;

/**
 * Completions of a prefix: suggest-field values starting with it, and values of the word being
 * typed (shown after the words typed before it). For a one-word prefix both are ranked together
 * by how many documents hold them; after more words, whole values come first since a single
 * word's count says little about the combination.
 */
export function suggestCompletions(range: SuggestRange, prefix: string, limit: number): string[] {
  const tokens = tokensOf(splitWords(prefix));
  const last = tokens[tokens.length - 1];
  if (last === undefined) return [];
  const typingWord = LAST_WORD.exec(prefix);
  const phraseKey = tokens.join(' ') + (typingWord === null ? ' ' : '');
  const phrases = range.all(PHRASE, phraseKey, phraseKey + END, limit);
  let words: Completion[] = [];
  if (typingWord !== null) {
    const head = prefix.slice(0, typingWord.index);
    words = range.all(WORD, last, last + END, limit).map((word) => ({ ...word, display: head + word.display }));
  }
  return rankCompletions(phrases, words, tokens.length === 1, limit);
}
