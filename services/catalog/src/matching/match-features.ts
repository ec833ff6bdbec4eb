// What the learned match model reads of a record comparison (ADR 050): a few numbers (the rule
// score, the overlap, each kind of disagreement) and sparse keys (the tokens that one title has
// and the other lacks, the bands of the scores). Cheap: the comparison has computed it all.
import type { RecordComparison } from './record-similarity.js';
import { scoreRecordComparison } from './record-similarity.js';
import type { CodeEvidence } from './code-evidence.js';

/** The numeric features, in the order `numericFeatures` returns them. */
export const NUMERIC_FEATURES = [
  'ruleScore',
  'dice',
  'containment',
  'logLighterWeight',
  'logHeavierWeight',
  'unmatchedLighter',
  'unmatchedHeavier',
  'heaviestUnmatchedWord',
  'lightestUnmatchedWord',
  'codesSame',
  'codesSuffixed',
  'codesSibling',
  'codesConflict',
  'codesOneSided',
  'measureConflicts',
  'numberConflicts',
  'variantConflicts',
  'editionDifferences',
  'conditionDifferences',
  'ownWords',
  'ownNames',
  'accessoryAndDevice',
  'webTitles',
  'brandsAgree',
  'brandsConflict',
] as const;

export type NumericFeature = (typeof NUMERIC_FEATURES)[number];

/** Disagreements are counted up to two, as the rule score counts them. */
const MAX_COUNTED = 2;
const counted = (count: number): number => Math.min(count, MAX_COUNTED);
const flag = (value: boolean): number => (value ? 1 : 0);
const codesAre = (codes: CodeEvidence, evidence: CodeEvidence): number => flag(codes === evidence);

export function numericFeatures(comparison: RecordComparison): number[] {
  const { title, brand } = comparison;
  const { lighter, heavier } = title;
  return [
    scoreRecordComparison(comparison),
    title.dice,
    title.containment,
    Math.log1p(lighter.total),
    Math.log1p(heavier.total),
    lighter.total - lighter.shared,
    heavier.total - heavier.shared,
    Math.max(lighter.heaviestUnmatchedWord, heavier.heaviestUnmatchedWord),
    Math.min(lighter.heaviestUnmatchedWord, heavier.heaviestUnmatchedWord),
    codesAre(title.codes, 'same'),
    codesAre(title.codes, 'suffixed'),
    codesAre(title.codes, 'sibling'),
    codesAre(title.codes, 'conflict'),
    codesAre(title.codes, 'one-sided'),
    counted(title.measureConflicts),
    counted(title.numberConflicts),
    counted(title.variantConflicts),
    counted(title.editionDifferences),
    counted(title.conditionDifferences),
    flag(title.ownWords),
    flag(title.ownNames),
    flag(title.accessoryAndDevice),
    flag(title.webTitles),
    flag(brand === 'agree'),
    flag(brand === 'conflict'),
  ];
}

/** The tokens one title has and the other lacks, each once, whichever title has it. */
export function unmatchedTokens(comparison: RecordComparison): string[] {
  const { lighter, heavier } = comparison.title;
  return [...new Set([...lighter.unmatchedKeys, ...heavier.unmatchedKeys])];
}

/** A score read in tenths as well as linearly: the log-odds need not rise evenly with it (a
 *  title found whole scores 0.8 whatever else holds). */
const band = (name: string, value: number): string => `~${name}:${Math.min(9, Math.max(0, Math.floor(value * 10)))}`;

/** The sparse features, each 1 when present: every token one title lacks, the same marked by
 *  the side that has it ("<" the lighter title, ">" the heavier: "upgrade" in the short title
 *  is not "upgrade" in the long one), and the band of the rule score, Dice and containment. */
export function sparseFeatures(comparison: RecordComparison): string[] {
  const { lighter, heavier, dice, containment } = comparison.title;
  return [
    ...unmatchedTokens(comparison),
    ...lighter.unmatchedKeys.map((key) => `<${key}`),
    ...heavier.unmatchedKeys.map((key) => `>${key}`),
    band('rule', scoreRecordComparison(comparison)),
    band('dice', dice),
    band('containment', containment),
  ];
}
