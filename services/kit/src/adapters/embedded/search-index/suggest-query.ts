import type { Statement } from 'better-sqlite3';
import { splitWords, tokensOf } from '../../../text/tokenize.js';
import { PHRASE, WORD } from '../../shared-search/suggest-entries.js';

export type SuggestRange = Statement<[number, string, string, number], { key: string; display: string; docs: number }>;

/** Above every character, so `[key, key + END)` holds exactly the keys starting with `key`. */
const END = '\u{10ffff}';
const LAST_WORD = /[\p{L}\p{M}\p{N}]+$/u;

interface Completion {
  readonly key: string;
  readonly display: string;
  readonly docs: number;
}

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
  const ranked = tokens.length === 1 ? [...phrases, ...words].sort(byDocs) : [...phrases, ...words];
  const seen = new Set<string>();
  const result: string[] = [];
  for (const { display } of ranked) {
    const key = tokensOf(splitWords(display)).join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(display);
    if (result.length === limit) break;
  }
  return result;
}

function byDocs(a: Completion, b: Completion): number {
  return b.docs - a.docs || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}
