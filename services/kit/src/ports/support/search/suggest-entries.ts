import { foldCase } from '@pc/text-analysis/fold';
import { tokenize } from '@pc/text-analysis/tokenize';

export const PHRASE = 0;
export const WORD = 1;

/** A completion candidate: `key` is folded for matching, `display` is what the user sees. */
export interface SuggestEntry {
  readonly kind: typeof PHRASE | typeof WORD;
  readonly key: string;
  readonly display: string;
}

const MAX_PHRASE = 200;
const WORD_CHARS = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * The whole value as a phrase and each distinct word of it. Words keep their diacritics for
 * display ('kühlschrank'), keyed by their folded form so 'kuhl' completes them.
 */
export function suggestEntries(value: string): SuggestEntry[] {
  const key = tokenize(value).join(' ');
  if (key === '') return [];
  const display = value.replace(/\s+/gu, ' ').trim().slice(0, MAX_PHRASE);
  const entries: SuggestEntry[] = [{ kind: PHRASE, key: key.slice(0, MAX_PHRASE), display }];
  const seen = new Set<string>();
  for (const match of value.toLowerCase().normalize('NFC').matchAll(WORD_CHARS)) {
    const word = match[0];
    const folded = foldCase(word);
    if (folded.length < 2 || seen.has(folded) || !/^[\p{L}\p{N}]+$/u.test(folded)) continue;
    seen.add(folded);
    entries.push({ kind: WORD, key: folded, display: word });
  }
  return entries;
}
