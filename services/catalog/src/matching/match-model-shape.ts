import type { NumericFeature } from './match-features.js';

/**
 * The match model's weights: what `npm run eval:matching -- --train` writes into
 * match-model-weights.ts and `matchModel` reads (a file of its own so the generated weights and
 * the model do not import each other).
 */
export interface MatchModelWeights {
  /** Log-odds of a match with every feature at zero. */
  readonly bias: number;
  /** Weight of each numeric feature, by name. */
  readonly numeric: Readonly<Record<NumericFeature, number>>;
  /** Weight of each sparse feature (`sparseFeatures`): a token that one title has and the other
   *  lacks ("upgrade", "#number:cs"), the same marked by the side that has it ("<upgrade") and
   *  crossed with the code evidence or the kind of titles ("upgrade|codes:none"), the band of a
   *  score; a key not listed weighs 0. */
  readonly sparse: ReadonlyArray<readonly [string, number]>;
  /** Lowest probability taken as the same product: the one of the best F1 on the training
   *  pairs, out of fold. */
  readonly threshold: number;
}
