// What the learned match model reads of a record comparison (ADR 050, 071): a few numbers (the
// rule score, the overlap, each kind of disagreement) and sparse keys (the tokens that one title
// has and the other lacks, alone and crossed with the code evidence and the kind of titles, the
// bands of the scores). Cheap: the comparison has computed it all.
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

/** Where a sparse feature's token stands: alone (''), on the lighter ('<') or heavier ('>')
 *  side, or crossed with a context of the comparison ('|codes:same', '|titles:web'). */
type SparseContext = string;

/** The contexts as constant strings, so that deciding builds no key per token. */
const CODES_CONTEXT: Readonly<Record<CodeEvidence, SparseContext>> = {
  same: '|codes:same',
  suffixed: '|codes:suffixed',
  sibling: '|codes:sibling',
  conflict: '|codes:conflict',
  'one-sided': '|codes:one-sided',
  none: '|codes:none',
};
const WEB_TITLES: SparseContext = '|titles:web';
const FEED_TITLES: SparseContext = '|titles:feed';

/** Calls `visit` for each sparse feature of the comparison, each present once: every token one
 *  title lacks; the same marked by the side that has it ("<" the lighter title, ">" the
 *  heavier: "upgrade" in the short title is not "upgrade" in the long one); the same crossed
 *  with the code evidence and with the kind of titles (ADR 071: what a differing word means
 *  depends on them, and a sum of weights cannot learn that: "bundle" beside a shared maker code
 *  is a shop's wording, beside none another product; a web title's extra words are mostly the
 *  shop's, a feed title's the product's); and the band of the rule score, Dice and containment. */
function visitSparseFeatures(
  comparison: RecordComparison,
  visit: (token: string, context: SparseContext) => void,
): void {
  const { lighter, heavier, dice, containment, codes, webTitles } = comparison.title;
  const codesContext = CODES_CONTEXT[codes];
  const titlesContext = webTitles ? WEB_TITLES : FEED_TITLES;
  for (const token of unmatchedTokens(comparison)) {
    visit(token, '');
    visit(token, codesContext);
    visit(token, titlesContext);
  }
  for (const token of lighter.unmatchedKeys) visit(token, '<');
  for (const token of heavier.unmatchedKeys) visit(token, '>');
  visit(band('rule', scoreRecordComparison(comparison)), '');
  visit(band('dice', dice), '');
  visit(band('containment', containment), '');
}

const sparseKey = (token: string, context: SparseContext): string =>
  context.startsWith('|') ? `${token}${context}` : `${context}${token}`;

/** A sparse key split back into its token and context (the inverse of `sparseKey`). */
function splitSparseKey(key: string): [string, SparseContext] {
  if (key.startsWith('<') || key.startsWith('>')) return [key.slice(1), key.charAt(0)];
  const cross = key.lastIndexOf('|');
  const context = cross > 0 ? key.slice(cross) : '';
  return context.startsWith('|codes:') || context.startsWith('|titles:') ? [key.slice(0, cross), context] : [key, ''];
}

/** The sparse features as keys, each 1 when present (see `visitSparseFeatures`). */
export function sparseFeatures(comparison: RecordComparison): string[] {
  const keys: string[] = [];
  visitSparseFeatures(comparison, (token, context) => keys.push(sparseKey(token, context)));
  return keys;
}

/** The sum of the given weights over a comparison's sparse features, as `sparseFeatures` keys
 *  them, looked up by token and then context: deciding builds no key string per token. */
export function sparseWeightSum(
  weights: ReadonlyArray<readonly [string, number]>,
): (comparison: RecordComparison) => number {
  const byToken = new Map<string, Map<SparseContext, number>>();
  for (const [key, weight] of weights) {
    const [token, context] = splitSparseKey(key);
    const contexts = byToken.get(token) ?? new Map<SparseContext, number>();
    contexts.set(context, weight);
    byToken.set(token, contexts);
  }
  return (comparison) => {
    let sum = 0;
    visitSparseFeatures(comparison, (token, context) => (sum += byToken.get(token)?.get(context) ?? 0));
    return sum;
  };
}
