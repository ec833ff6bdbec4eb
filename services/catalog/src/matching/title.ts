// Title similarity: weighted token overlap, then corrected by what must agree. Shared words are
// weak evidence (the benchmark negatives share most of their words: "adobe dreamweaver cs3" /
// "adobe dreamweaver cs4"); a shared model code is strong evidence, and codes, measures or
// versions that differ are evidence against. The comparison is kept apart from its scoring so
// that the knobs can be tuned over many pairs without re-tokenising.
import { DEFAULT_TOKEN_WEIGHTS, type TokenWeights } from './token-weights.js';
import { abbreviatedWordsFound } from './abbreviations.js';
import { misspelledWordsFound } from './misspellings.js';
import { codeEvidence, type CodeEvidence } from './code-evidence.js';
import {
  disagreeingGroups,
  groupDifferences,
  accessoryAndDevice,
  namesGeneration,
  ownWordEvidence,
  variantConflicts,
} from './title-agreement.js';
import { modelNameEvidence, type ModelNameEvidence } from './model-names.js';
import { profileTitle, type TitleProfile } from './title-profile.js';
import { TITLE_SCORING, type TitleScoring } from './title-scoring.js';
import type { TitleToken } from './title-token.js';

/** One title's side of the overlap. */
export interface SideOverlap {
  /** Weight of the title's tokens, and of those found in the other title. */
  readonly total: number;
  readonly shared: number;
  /** The weight of the heaviest word the other title lacks: one rare word of its own
   *  ("championship" / "shuffle master") says more than several common ones. */
  readonly heaviestUnmatchedWord: number;
  /** Keys (`unmatchedKey`) of the tokens the other title lacks, each once. */
  readonly unmatchedKeys: readonly string[];
}

/** What two titles have in common and where they disagree. */
export interface TitleComparison extends ModelNameEvidence {
  /** Weighted Dice coefficient of the token sets. */
  readonly dice: number;
  /** Weighted share of the lighter title's tokens found in the other. */
  readonly containment: number;
  /** Weight of the lighter title's tokens. */
  readonly lighterWeight: number;
  /** The lighter title's side of the overlap, and the heavier one's. */
  readonly lighter: SideOverlap;
  readonly heavier: SideOverlap;
  readonly codes: CodeEvidence;
  /** Units present in both titles with no value in common ("16gb" / "32gb"). */
  readonly measureConflicts: number;
  /** Number groups (bare numbers, a version's letters) present in both with no value in common. */
  readonly numberConflicts: number;
  /** Colours, languages or operating systems where each title names one the other lacks; and
   *  generations written as roman numerals that disagree. */
  readonly variantConflicts: number;
  /** Edition words ("pro", "mini", "elite") found in one title only. */
  readonly editionDifferences: number;
  /** Licence and condition words ("academic", "upgrade", "compatible") found in one title only. */
  readonly conditionDifferences: number;
  /** Either title is a web title: a language-tagged name literal or one followed by page text. */
  readonly webTitles: boolean;
  /** Compared under weights learned from document frequencies (`TokenWeights.learned`). */
  readonly learnedWeights: boolean;
  /** Each title's name carries an ordinary word the other lacks (two models of one line). */
  readonly ownWords: boolean;
  /** ... and those words are capitalised names in one place of both names (a model's name). */
  readonly ownNames: boolean;
  /** One title is an accessory for a device ("case for iphone 12"), the other the device. */
  readonly accessoryAndDevice: boolean;
}

/** Words of `from` found in `other` as two neighbouring words ("compactflash" / "compact flash"),
 *  and the words of `other` that form them. */
function splitWordsFound(from: TitleProfile, other: TitleProfile, found: Set<string>, formers: Set<string>): void {
  for (const [joined, [first, second]] of other.wordPairs) {
    if (!from.tokens.has(joined) || other.tokens.has(joined)) continue;
    found.add(joined);
    formers.add(first);
    formers.add(second);
  }
}

/** Key of a token that one title has and the other lacks, as the learned model reads it
 *  (`match-features.ts`): a word by its text; codes, numbers and measures by their kind and group,
 *  since their values name one product and say nothing about the next pair. */
function unmatchedKey(token: TitleToken): string {
  if (token.kind === 'word') return token.text;
  return token.kind === 'code' ? '#code' : `#${token.kind}:${token.group}`;
}

/** Weight of a title's tokens, of those found in the other title, and what is left unfound. */
function sideOverlap(
  profile: TitleProfile,
  other: TitleProfile,
  alsoFound: ReadonlySet<string>,
  weights: TokenWeights,
): SideOverlap {
  let total = 0;
  let shared = 0;
  let heaviestUnmatchedWord = 0;
  const unmatchedKeys = new Set<string>();
  for (const token of profile.tokens.values()) {
    const weight = weights.weightOf(token);
    const found = other.tokens.has(token.text) || alsoFound.has(token.text);
    // A brand field's own wording ("tech" of "edge tech") is no text the other record misses.
    if (!found && profile.brandOnly.has(token.text)) continue;
    total += weight;
    if (found) shared += weight;
    else if (weight > 0) {
      unmatchedKeys.add(unmatchedKey(token));
      if (token.kind === 'word') heaviestUnmatchedWord = Math.max(heaviestUnmatchedWord, weight);
    }
  }
  return { total, shared, heaviestUnmatchedWord, unmatchedKeys: [...unmatchedKeys] };
}

const NO_SIDE: SideOverlap = { total: 0, shared: 0, heaviestUnmatchedWord: 0, unmatchedKeys: [] };

type Overlap = Pick<TitleComparison, 'dice' | 'containment' | 'lighterWeight' | 'lighter' | 'heavier'>;

/** Words of each title that the other writes another way: split, misspelt or shortened. */
function writtenOtherwise(a: TitleProfile, b: TitleProfile): [Set<string>, Set<string>] {
  const alsoFoundA = new Set<string>();
  const alsoFoundB = new Set<string>();
  splitWordsFound(a, b, alsoFoundA, alsoFoundB);
  splitWordsFound(b, a, alsoFoundB, alsoFoundA);
  misspelledWordsFound(a, b, alsoFoundA, alsoFoundB);
  misspelledWordsFound(b, a, alsoFoundB, alsoFoundA);
  abbreviatedWordsFound(a, b, alsoFoundA, alsoFoundB);
  return [alsoFoundA, alsoFoundB];
}

function overlap(
  a: TitleProfile,
  b: TitleProfile,
  [alsoFoundA, alsoFoundB]: readonly [ReadonlySet<string>, ReadonlySet<string>],
  weights: TokenWeights,
): Overlap {
  const sideA = sideOverlap(a, b, alsoFoundA, weights);
  const sideB = sideOverlap(b, a, alsoFoundB, weights);
  if (sideA.total === 0 || sideB.total === 0)
    return { dice: 0, containment: 0, lighterWeight: 0, lighter: NO_SIDE, heavier: NO_SIDE };
  const [lighter, heavier] = sideA.total <= sideB.total ? [sideA, sideB] : [sideB, sideA];
  return {
    dice: (sideA.shared + sideB.shared) / (sideA.total + sideB.total),
    containment: lighter.shared / lighter.total,
    lighterWeight: lighter.total,
    lighter,
    heavier,
  };
}

export function compareTitleProfiles(
  a: TitleProfile,
  b: TitleProfile,
  weights: TokenWeights = DEFAULT_TOKEN_WEIGHTS,
): TitleComparison {
  const numbers = disagreeingGroups(a, b, 'number');
  const found = writtenOtherwise(a, b);
  return {
    ...overlap(a, b, found, weights),
    ...modelNameEvidence(a, b, ...found),
    codes: codeEvidence(a, b),
    measureConflicts: disagreeingGroups(a, b, 'measure').length,
    numberConflicts: numbers.length,
    // A generation written as a roman numeral disagrees as a colour does: "Mark III" / "Mark IV"
    // are two cameras even where a line code ("eos-1d") is shared.
    variantConflicts:
      variantConflicts(a, b, ['colour', 'language', 'os', 'target', 'surface', 'size']) +
      (numbers.some(namesGeneration) ? 1 : 0),
    editionDifferences: groupDifferences(a, b, 'edition'),
    conditionDifferences: groupDifferences(a, b, 'condition'),
    webTitles: isWebTitle(a) || isWebTitle(b),
    learnedWeights: weights.learned,
    ...ownWordEvidence(a, b),
    accessoryAndDevice: accessoryAndDevice(a, b),
  };
}

const isWebTitle = (profile: TitleProfile): boolean => profile.hasPageText || profile.language !== '';

const lift = (score: number, floor: number): number => floor + (1 - floor) * score;

/** The comparison as one similarity in [0, 1]. */
export function scoreTitleComparison(comparison: TitleComparison, scoring: TitleScoring = TITLE_SCORING): number {
  let score = scoring.diceShare * comparison.dice + (1 - scoring.diceShare) * comparison.containment;
  const contained = comparison.containment > 0.999 && comparison.lighterWeight >= scoring.containedTitleMinWeight;
  if (contained && comparison.codes !== 'conflict' && comparison.codes !== 'sibling')
    score = Math.max(score, scoring.containedTitleFloor);
  if (comparison.codes === 'same') score = lift(score, scoring.sameCodeFloor);
  else if (comparison.codes === 'suffixed') score = lift(score, scoring.suffixedCodeFloor);
  else if (comparison.codes === 'sibling') score *= scoring.siblingCodeFactor;
  else if (comparison.codes === 'conflict') score *= scoring.codeConflictFactor;
  else if (comparison.codes === 'one-sided') score *= scoring.oneSidedCodeFactor;
  score *= scoring.measureConflictFactor ** Math.min(comparison.measureConflicts, 2);
  score *= scoring.numberConflictFactor ** Math.min(comparison.numberConflicts, 2);
  score *= scoring.variantConflictFactor ** Math.min(comparison.variantConflicts, 2);
  // A shared maker's code says the words are two shops' descriptions of one model.
  if (comparison.ownWords && comparison.codes !== 'same')
    score *= comparison.ownNames ? scoring.ownNamesFactor : scoring.ownWordsFactor;
  // A shared maker's code names the edition; it does not say who refilled the cartridge.
  score *=
    scoring.editionDifferenceFactor ** Math.min(comparison.codes === 'same' ? 0 : comparison.editionDifferences, 2);
  const conditionFactor =
    comparison.codes === 'same' ? scoring.editionDifferenceFactor : scoring.conditionDifferenceFactor;
  score *= conditionFactor ** Math.min(comparison.conditionDifferences, 2);
  // A shared own code outweighs the missing accessory word ("toughskin case for iphone 3g
  // iph3gblkts" / "iphone black toughskin iph3g-blk-ts").
  if (comparison.accessoryAndDevice && comparison.codes !== 'same') score *= scoring.accessoryFactor;
  if (comparison.webTitles)
    score *= comparison.learnedWeights ? scoring.learnedWeightsWebTitleFactor : scoring.webTitleFactor;
  return Math.min(1, Math.max(0, score));
}

/** Similarity of two product titles in [0, 1]; symmetric. */
export function titleSimilarity(a: string, b: string): number {
  return scoreTitleComparison(compareTitleProfiles(profileTitle(a), profileTitle(b)));
}

export { partNumberKeys, titleBlockingKeys } from './title-blocking.js';
