// The learned match model (ADR 050, 071): a logistic regression over `match-features.ts`,
// trained on the benchmarks' train and valid splits by `npm run eval:matching -- --train`, which
// writes its weights to `match-model-weights.ts`. Evaluating it is a dot product.
import { NUMERIC_FEATURES, numericFeatures, sparseWeightSum, type NumericFeature } from './match-features.js';
import { MATCH_MODEL_WEIGHTS } from './match-model-weights.js';
import type { MatchModelWeights } from './match-model-shape.js';
import { scoreRecordComparison, type RecordComparison } from './record-similarity.js';
import { RULE_SCORE_THRESHOLD } from './title-scoring.js';

/** The weights as the training writes them. */
export type { MatchModelWeights } from './match-model-shape.js';

export interface MatchModel {
  readonly threshold: number;
  /** Log-odds that the two records of the comparison are one product. */
  logOdds(comparison: RecordComparison): number;
  /** The same as a probability in [0, 1]. */
  probability(comparison: RecordComparison): number;
}

export const logistic = (logOdds: number): number => 1 / (1 + Math.exp(-logOdds));

/** Two titles that name different colours, languages, systems or target groups are two products
 *  in this catalog (a colour is its own product, with its own offers), unless the rule score,
 *  which weighs that conflict ×0.3, still takes them for one. The benchmarks' web pairs count
 *  colour variants as one product, so the model learns to let a shared code outweigh a colour. */
function variantVeto(comparison: RecordComparison): boolean {
  return comparison.title.variantConflicts > 0 && scoreRecordComparison(comparison) < RULE_SCORE_THRESHOLD;
}

/** Model-name words of their own on each side that make two models: one where both stand in
 *  one slot of the names ("Free Run Motion" / "Free Run Commuter"), else three. */
const MODEL_WORDS_IN_ONE_SLOT = 1;
const MODEL_WORDS_ANYWHERE = 3;

/** Two titles whose names each carry model-name words the other lacks ("Aster Artisan Quartz" /
 *  "Gorse Grand Amber … Stand Mixer") name two models of one line (ADR 071), unless they share a
 *  maker's code or the rule score, which weighs such words ×0.8, still takes them for one. The
 *  benchmarks' web pairs reward tolerating words that differ (shops' noise), so the model
 *  learns to; in a catalog each such merge shows one model's offers on another's page. */
function modelNameVeto(comparison: RecordComparison): boolean {
  const { modelWordsApart, modelNamesInOneSlot, codes } = comparison.title;
  const apart =
    modelWordsApart >= MODEL_WORDS_ANYWHERE || (modelNamesInOneSlot && modelWordsApart >= MODEL_WORDS_IN_ONE_SLOT);
  return apart && codes !== 'same' && scoreRecordComparison(comparison) < RULE_SCORE_THRESHOLD;
}

export function matchModel(weights: MatchModelWeights): MatchModel {
  const numeric = NUMERIC_FEATURES.map((name) => {
    const weight = weights.numeric[name];
    if (typeof weight !== 'number')
      throw new Error(`match model weights lack the feature ${name}: train the model again`);
    return weight;
  });
  const sparse = sparseWeightSum(weights.sparse);
  const logOdds = (comparison: RecordComparison): number => {
    let sum = weights.bias;
    numericFeatures(comparison).forEach((value, index) => (sum += value * (numeric[index] ?? 0)));
    return sum + sparse(comparison);
  };
  const vetoedLogOdds = (comparison: RecordComparison): number =>
    variantVeto(comparison) || modelNameVeto(comparison) ? Number.NEGATIVE_INFINITY : logOdds(comparison);
  return {
    threshold: weights.threshold,
    logOdds: vetoedLogOdds,
    probability: (comparison) => logistic(vetoedLogOdds(comparison)),
  };
}

/** The shipped model. */
export const MATCH_MODEL: MatchModel = matchModel(MATCH_MODEL_WEIGHTS);

/** The rule score alone at its own threshold, as matching decided before the model: what the
 *  model is measured against (`eval:matching -- --rule-score`, the quality test). */
export const RULE_SCORE_MODEL: MatchModel = matchModel({
  bias: -RULE_SCORE_THRESHOLD,
  threshold: 0.5,
  numeric: { ...Object.fromEntries(NUMERIC_FEATURES.map((name) => [name, 0])), ruleScore: 1 } as Record<
    NumericFeature,
    number
  >,
  sparse: [],
});
