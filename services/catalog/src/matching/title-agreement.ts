// Where two titles disagree on things that must agree for one product: measures, numbers and
// versions, colours and languages, editions.
import type { TitleProfile } from './title-profile.js';
import { tokensByGroup } from './title-profile.js';
import type { TitleToken, TitleTokenKind } from './title-token.js';
import { textWeight } from './token-weights.js';

/** Relative difference under which two measures are one value written with other rounding. */
const MEASURE_TOLERANCE = 0.03;
/** From this value on, shops drop decimals ("14.7 megapixel" / "14 megapixel"); below it a
 *  decimal is the difference ("1.5 tb" / "1 tb"). */
const WHOLE_NUMBER_ROUNDING_FROM = 10;

function sameMeasure(a: number, b: number): boolean {
  if (Math.abs(a - b) <= MEASURE_TOLERANCE * Math.max(a, b)) return true;
  const [low, high] = a <= b ? [a, b] : [b, a];
  return low >= WHOLE_NUMBER_ROUNDING_FROM && Number.isInteger(low) && high - low < 1;
}

function sameValue(a: TitleToken, b: TitleToken): boolean {
  if (a.value !== undefined && b.value !== undefined) return sameMeasure(a.value, b.value);
  return a.text === b.text;
}

/** Groups of `kind` present in both titles' names with no value in common, each as the tokens
 *  of both names. The page text after a web title's name is left out: its measures and numbers
 *  are other products' sizes, prices, ratings, dates. */
export function disagreeingGroups(a: TitleProfile, b: TitleProfile, kind: TitleTokenKind): TitleToken[][] {
  const tokensB = tokensByGroup(b, kind, true);
  const disagreeing: TitleToken[][] = [];
  for (const [group, tokens] of tokensByGroup(a, kind, true)) {
    const others = tokensB.get(group);
    if (!others) continue;
    if (!tokens.some((token) => others.some((other) => sameValue(token, other))))
      disagreeing.push([...tokens, ...others]);
  }
  return disagreeing;
}

/** Bare numbers that disagree, one of them a roman numeral: a generation ("Mark III" / "Mark IV"). */
export const namesGeneration = (numbers: readonly TitleToken[]): boolean =>
  numbers.some((token) => token.numeral && token.group === '');

const NO_WORDS: ReadonlySet<string> = new Set();

const wordsOfGroup = (profile: TitleProfile, group: string): ReadonlySet<string> =>
  profile.wordsByGroup.get(group) ?? NO_WORDS;

const missingFrom = (words: ReadonlySet<string>, other: ReadonlySet<string>): number =>
  [...words].filter((word) => !other.has(word)).length;

/** The words of `words` in the title's name, not only in a web title's page text. */
const ofName = (profile: TitleProfile, words: ReadonlySet<string>): ReadonlySet<string> =>
  new Set([...words].filter((word) => profile.tokens.get(word)?.afterName !== true));

/** Words of a group ("edition": "academic", "upgrade", "mini"; "accessory": "case", "charger")
 *  that one title's name carries and the other title lacks. A page text's words are the shop's
 *  ("Sony GM Standard zoom lens for E-mount cameras at Crutchfield.com"), but they may still
 *  carry the other name's word. */
export function groupDifferences(a: TitleProfile, b: TitleProfile, group: string): number {
  const wordsA = wordsOfGroup(a, group);
  const wordsB = wordsOfGroup(b, group);
  return missingFrom(ofName(a, wordsA), wordsB) + missingFrom(ofName(b, wordsB), wordsA);
}

/** Values that agree with every value of their group: a unisex watch is sold as a men's and as a
 *  women's one. */
const AGREES_WITH_ALL: ReadonlySet<string> = new Set(['unisex']);

/** Variant groups (colour, language) where each title names a value the other lacks: "honey
 *  maple ... white" / "walnut ... white" disagree, "black" / "black and white" need not. */
export function variantConflicts(a: TitleProfile, b: TitleProfile, groups: readonly string[]): number {
  return groups.filter((group) => {
    const wordsA = wordsOfGroup(a, group);
    const wordsB = wordsOfGroup(b, group);
    if ([...wordsA, ...wordsB].some((word) => AGREES_WITH_ALL.has(word))) return false;
    if (missingFrom(wordsA, wordsB) > 0 && missingFrom(wordsB, wordsA) > 0) return true;
    return group === 'colour' && swappedColourways(a, b);
  }).length;
}

/** A name's colours in the order it gives them. Rose gold is one colour, whose words Spanish and
 *  Italian write the other way round ("oro rosa"): a rose beside gold is left out. */
function colourwayOf(profile: TitleProfile): string[] {
  const colours = [...profile.tokens.values()]
    .filter((token) => token.group === 'colour' && !token.afterName)
    .map((token) => token.text);
  return colours.filter((colour, i) => colour !== 'pink' || (colours[i - 1] !== 'gold' && colours[i + 1] !== 'gold'));
}

/** Two colourways of the same colours led by different ones: "White/Black" and "Black/White"
 *  are two variants of a shoe (its upper's colour first), in every shop's language. */
function swappedColourways(a: TitleProfile, b: TitleProfile): boolean {
  const coloursA = colourwayOf(a);
  const coloursB = colourwayOf(b);
  if (coloursA.length < 2 || coloursB.length < 2 || coloursA[0] === coloursB[0]) return false;
  return coloursA.includes(coloursB[0]!) && coloursB.includes(coloursA[0]!);
}

/** An ordinary word of a title's name (no filler, shop or variant word) that the other title
 *  lacks: not among its words, nor inside its text written together ("compactflash", a code). */
function hasOwnWord(profile: TitleProfile, other: TitleProfile): boolean {
  for (const token of profile.tokens.values()) {
    if (
      token.kind !== 'word' ||
      token.afterName ||
      token.group !== '' ||
      textWeight(token) < 1 ||
      profile.brandOnly.has(token.text)
    )
      continue;
    if (!other.tokens.has(token.text) && !other.compact.includes(token.text)) return true;
  }
  return false;
}

/** The name's own capitalised words (ordinary words the other title lacks), each by the token
 *  before it. Words from the first colour both names give on are a colourway's ("Bianco/Eclisse
 *  Totale/Lava Blast" / "Blanc/Eclipse Totale/Lave"), named in each shop's language; a colour
 *  only this name gives is part of the model's name ("Classic Lady Black Sheffield") and is
 *  passed over. */
function ownCapitalizedWordsByPrevious(profile: TitleProfile, other: TitleProfile): Map<string, string> {
  const byPrevious = new Map<string, string>();
  let previous = '';
  for (const token of profile.tokens.values()) {
    if (token.afterName || (token.group === 'colour' && other.tokens.has(token.text))) break;
    if (token.group === 'colour') continue;
    const isOrdinary = token.kind === 'word' && token.group === '' && textWeight(token) >= 1;
    const isOwn =
      isOrdinary &&
      profile.capitalized.has(token.text) &&
      !other.tokens.has(token.text) &&
      !other.compact.includes(token.text);
    if (isOwn && previous !== '') byPrevious.set(previous, token.text);
    previous = token.text;
  }
  return byPrevious;
}

/** Names in two languages differ in their words anyway, but a capitalised word of each after one
 *  word both share is a model's own name: "Classic Man Glasgow silver"@en / "Classic Man
 *  Sheffield silver"@nl, "Free Run Flyknit"@es / "Free Run Distance"@fr. */
function ownWordsInOneSlot(a: TitleProfile, b: TitleProfile): boolean {
  const ownB = ownCapitalizedWordsByPrevious(b, a);
  return [...ownCapitalizedWordsByPrevious(a, b).keys()].some((previous) => ownB.has(previous));
}

/** Each title's name carries an ordinary word the other lacks ("classic lady winchester" /
 *  "classic lady canterbury", "bucket for 5 quart mixer" / "bowl for 5 quart mixer"): two models
 *  whose names otherwise agree; across two languages only in one slot (above). `ownNames`: those
 *  words are capitalised names right after a word both share, before any colour ("Classic Lady
 *  Winchester rose gold" / "Classic Lady Canterbury rose gold"), stronger evidence than any word
 *  one title lacks. Web titles only (capitals kept). */
export function ownWordEvidence(
  a: TitleProfile,
  b: TitleProfile,
): { readonly ownWords: boolean; readonly ownNames: boolean } {
  const bothTagged = a.language !== '' && b.language !== '';
  if (a.language !== b.language) {
    const names = bothTagged && ownWordsInOneSlot(a, b);
    return { ownWords: names, ownNames: names };
  }
  const words = hasOwnWord(a, b) && hasOwnWord(b, a);
  return { ownWords: words, ownNames: words && bothTagged && ownWordsInOneSlot(a, b) };
}

/** One title is an accessory for a device ("case for iphone 12") and the other names no
 *  accessory at all: it is the device itself. */
export function accessoryAndDevice(a: TitleProfile, b: TitleProfile): boolean {
  const namesAccessory = (profile: TitleProfile): boolean => wordsOfGroup(profile, 'accessory').size > 0;
  return (a.isAccessoryFor && !namesAccessory(b)) || (b.isAccessoryFor && !namesAccessory(a));
}
