// Shops misspell words ("Heriress" / "Heiress", "Backpac" / "Backpack", "SSigma" / "Sigma"). A
// word of five letters or more that the other title lacks, one edit away from a word the other
// title has that this one lacks, is found in it.
import { boundedEditDistance } from '@pc/text-analysis/edit-distance';
import type { TitleProfile } from './title-profile.js';

/** Shorter words are too often two different words one edit apart ("case" / "cast"). */
const MIN_MISSPELLED_LENGTH = 5;

/** Whether two different words are one insertion, deletion, substitution or swap of two
 *  neighbouring letters apart (the search index's typo distance). */
export const oneEditApart = (x: string, y: string): boolean => boundedEditDistance(x, y, 1) === 1;

/** Words of `profile` that may be misspellings of the other title's: long enough, and not in it. */
function candidates(profile: TitleProfile, other: TitleProfile, nameOnly: boolean): string[] {
  const words: string[] = [];
  for (const token of profile.tokens.values()) {
    if (token.kind !== 'word' || token.text.length < MIN_MISSPELLED_LENGTH || other.tokens.has(token.text)) continue;
    if (!nameOnly || !token.afterName) words.push(token.text);
  }
  return words;
}

/** Words of `a`'s name and of `b` one edit apart, each lacking from the other title: added to
 *  the words found on each side. */
export function misspelledWordsFound(a: TitleProfile, b: TitleProfile, foundA: Set<string>, foundB: Set<string>): void {
  const wordsA = candidates(a, b, true);
  if (wordsA.length === 0) return;
  const wordsB = candidates(b, a, false);
  for (const wordA of wordsA) {
    for (const wordB of wordsB) {
      if (!oneEditApart(wordA, wordB)) continue;
      foundA.add(wordA);
      foundB.add(wordB);
    }
  }
}
