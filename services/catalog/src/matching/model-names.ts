// Words that name a model or a line ("Aster Artisan Quartz", "Winchester", "m310", "12.1mp")
// rather than what the product is ("kitchen stand mixer"). When both titles' names carry such
// words of their own, they are most likely two models of one line, however much else they share:
// a shop's noise adds words to one title, rarely a second model's name to each (ADR 071).
import type { TitleProfile } from './title-profile.js';
import type { TitleToken } from './title-token.js';
import { isPackagingWord } from './packaging-words.js';
import { textWeight } from './token-weights.js';

/** Counted up to this: a fourth word of its own on each side says no more than three. */
const MAX_COUNTED = 3;

export interface ModelNameEvidence {
  /** The fewer of the two names' model-name words that the other title lacks, up to three. */
  readonly modelWordsApart: number;
  /** Each name has such a word after the same token both give, or both at their start
   *  ("Domestia Aster …" / "Domestia Gorse …", "Classic Lady Winchester" / "Classic Lady
   *  Canterbury"): two names in one slot. */
  readonly modelNamesInOneSlot: boolean;
}

/** Counts of what a licence or package holds ("3 user", "5 pack"): they disagree as measures
 *  where both titles give one, but say nothing of the model where only one does. */
const COUNT_UNITS: ReadonlySet<string> = new Set(['user', 'pack']);

/** A token of the name that can name a model: a code of its own (not a piece of a longer code,
 *  not the device an accessory fits), a number with a unit (not a count of users or packs: how
 *  it is sold), or an ordinary word (no filler, variant, edition, product-type or packaging word,
 *  `packaging-words.ts`) written with a capital where the title mixes case. A title in one case
 *  throughout says nothing by its capitals, so each ordinary word counts. */
function namesModel(token: TitleToken, profile: TitleProfile): boolean {
  if (token.afterName || profile.brandOnly.has(token.text)) return false;
  if (token.kind === 'code') return !token.isCodePart && !token.fitsDevice;
  if (token.kind === 'measure') return !COUNT_UNITS.has(token.group);
  if (token.kind !== 'word' || token.group !== '' || textWeight(token) < 1 || isPackagingWord(token.text)) return false;
  return profile.capitalized.size === 0 || profile.capitalized.has(token.text);
}

interface OwnModelWords {
  readonly count: number;
  /** The last token both titles give before each own model-name word ('' at the start). */
  readonly after: ReadonlySet<string>;
}

/** The name's model-name words the other title lacks: not among its tokens, not written inside
 *  its text ("compactflash"), nor found by the overlap some other way (`alsoFound`: split,
 *  misspelt or shortened words). */
function ownModelWords(profile: TitleProfile, other: TitleProfile, alsoFound: ReadonlySet<string>): OwnModelWords {
  let count = 0;
  const after = new Set<string>();
  let lastShared = '';
  for (const token of profile.tokens.values()) {
    if (token.afterName) break;
    if (other.tokens.has(token.text)) lastShared = token.text;
    else if (!alsoFound.has(token.text) && !other.compact.includes(token.text) && namesModel(token, profile)) {
      count += 1;
      after.add(lastShared);
    }
  }
  return { count, after };
}

/** Whether the two names carry model names of their own, and whether in one slot. */
export function modelNameEvidence(
  a: TitleProfile,
  b: TitleProfile,
  alsoFoundA: ReadonlySet<string>,
  alsoFoundB: ReadonlySet<string>,
): ModelNameEvidence {
  const ownA = ownModelWords(a, b, alsoFoundA);
  const ownB = ownModelWords(b, a, alsoFoundB);
  return {
    modelWordsApart: Math.min(ownA.count, ownB.count, MAX_COUNTED),
    modelNamesInOneSlot: [...ownA.after].some((previous) => ownB.after.has(previous)),
  };
}
