// Shops shorten words to fit a title: "prof" / "professional", "upg" / "upgrade", "dlux" /
// "deluxe", "immers" / "immersion", "schl hse" / "schoolhouse". A word of one title that the
// other lacks is found in it when it opens like one of the other title's missing words, at least
// two letters longer, and its letters stand in that word in order.
import type { TitleProfile } from './title-profile.js';

/** Two-letter words are too often something else ("ms", "pc"). */
const MIN_ABBREVIATION_LENGTH = 3;
const MIN_LETTERS_LEFT_OUT = 2;

/** Whether `short`'s letters stand in `long` in order, the first letters equal. */
export function abbreviates(short: string, long: string): boolean {
  if (
    short.length < MIN_ABBREVIATION_LENGTH ||
    long.length < short.length + MIN_LETTERS_LEFT_OUT ||
    short[0] !== long[0]
  )
    return false;
  let at = 0;
  for (const letter of short) {
    at = long.indexOf(letter, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/** Plain words of the name (no variant, edition or unit word) that the other title lacks. */
function missingWords(profile: TitleProfile, other: TitleProfile, found: ReadonlySet<string>): string[] {
  const words: string[] = [];
  for (const token of profile.tokens.values()) {
    if (token.kind !== 'word' || token.group !== '' || token.afterName || !/^[a-z]+$/.test(token.text)) continue;
    if (!other.tokens.has(token.text) && !found.has(token.text)) words.push(token.text);
  }
  return words;
}

/** Words of `a` that abbreviate a word of `b` (or the other way round), each lacking from the
 *  other title: added to the words found on each side. */
export function abbreviatedWordsFound(
  a: TitleProfile,
  b: TitleProfile,
  foundA: Set<string>,
  foundB: Set<string>,
): void {
  const wordsB = missingWords(b, a, foundB);
  if (wordsB.length === 0) return;
  for (const wordA of missingWords(a, b, foundA)) {
    for (const wordB of wordsB) {
      if (!abbreviates(wordA, wordB) && !abbreviates(wordB, wordA)) continue;
      foundA.add(wordA);
      foundB.add(wordB);
    }
  }
}
