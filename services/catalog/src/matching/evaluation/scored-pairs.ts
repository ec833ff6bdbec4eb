// Labelled pairs reduced to what deciding needs: the identifier decision and the record
// comparison. Tokenising is the slow part; deciding the comparisons again under another model
// is cheap, which is what training does many times.
import { decideByIdentifiers } from '../decide-match.js';
import type { MatchModel } from '../match-model.js';
import { compareRecords, type RecordComparison } from '../record-similarity.js';
import type { TokenWeights } from '../token-weights.js';
import type { LabelledPair } from './ditto-pairs.js';
import { countDecision, EMPTY_CONFUSION, type Confusion } from './metrics.js';

export interface ComparedPair {
  /** true/false when GTIN or brand + MPN settle the pair, else null (the title decides). */
  readonly byIdentifiers: boolean | null;
  readonly comparison: RecordComparison;
  readonly isMatch: boolean;
}

export function comparePairs(pairs: readonly LabelledPair[], weights?: TokenWeights): ComparedPair[] {
  return pairs.map((pair) => {
    const decision = decideByIdentifiers(pair.left, pair.right);
    return {
      byIdentifiers: decision === null ? null : decision !== 'different',
      comparison: compareRecords(pair.left, pair.right, weights),
      isMatch: pair.isMatch,
    };
  });
}

/** The matcher's decisions on the pairs under the given model, counted. Same rule as
 *  `decideMatch`, which the tests check on the real pairs. */
export function confusionOf(pairs: readonly ComparedPair[], model: MatchModel): Confusion {
  let confusion = EMPTY_CONFUSION;
  for (const pair of pairs) {
    const predicted = pair.byIdentifiers ?? model.probability(pair.comparison) >= model.threshold;
    confusion = countDecision(confusion, predicted, pair.isMatch);
  }
  return confusion;
}
