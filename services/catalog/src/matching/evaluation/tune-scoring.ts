// Coordinate search over the scoring knobs: each knob in turn takes the grid value that most
// improves the mean F1 over the given datasets, until a round changes nothing. Run on the train
// splits only; the valid splits then show whether the result generalises.
import type { MatchScoring } from '../title-scoring.js';
import { scoresOf } from './metrics.js';
import { confusionOf, type ComparedPair } from './scored-pairs.js';

type Knob = keyof MatchScoring;

const range = (from: number, to: number, step: number): number[] =>
  Array.from({ length: Math.round((to - from) / step) + 1 }, (_, index) => Math.round((from + index * step) * 1000) / 1000);

export const KNOB_GRID: Readonly<Record<Knob, readonly number[]>> = {
  diceShare: range(0, 1, 0.1),
  containedTitleFloor: range(0, 0.95, 0.05),
  containedTitleMinWeight: range(2, 8, 1),
  sameCodeFloor: range(0.5, 0.95, 0.05),
  suffixedCodeFloor: range(0.2, 0.9, 0.05),
  siblingCodeFactor: range(0.1, 1.2, 0.1),
  codeConflictFactor: range(0.1, 1, 0.1),
  oneSidedCodeFactor: range(0.5, 1, 0.05),
  measureConflictFactor: range(0.3, 1, 0.1),
  numberConflictFactor: range(0.3, 1, 0.1),
  variantConflictFactor: range(0.3, 1, 0.1),
  ownWordsFactor: range(0.5, 1, 0.05),
  ownNamesFactor: range(0.5, 1, 0.05),
  webTitleFactor: range(1, 1.1, 0.01),
  learnedWeightsWebTitleFactor: range(1, 1.3, 0.02),
  editionDifferenceFactor: range(0.5, 1, 0.05),
  conditionDifferenceFactor: range(0.5, 1, 0.05),
  accessoryFactor: range(0.3, 1, 0.05),
  brandConflictFactor: range(0.2, 1, 0.1),
  threshold: range(0.3, 0.95, 0.01),
};

/** Mean F1 over datasets: each benchmark counts equally, whatever its size. */
export function meanF1(datasets: ReadonlyArray<readonly ComparedPair[]>, scoring: MatchScoring): number {
  const f1s = datasets.map((pairs) => scoresOf(confusionOf(pairs, scoring)).f1);
  return f1s.reduce((sum, f1) => sum + f1, 0) / Math.max(f1s.length, 1);
}

export function tuneScoring(datasets: ReadonlyArray<readonly ComparedPair[]>, start: MatchScoring, maxRounds = 5): MatchScoring {
  let best = start;
  let bestF1 = meanF1(datasets, best);
  for (let round = 0; round < maxRounds; round += 1) {
    let improved = false;
    for (const knob of Object.keys(KNOB_GRID) as Knob[]) {
      for (const value of KNOB_GRID[knob]) {
        const candidate = { ...best, [knob]: value };
        const f1 = meanF1(datasets, candidate);
        // A strict improvement only, so that ties keep the earlier (default) value.
        if (f1 > bestF1 + 1e-9) {
          best = candidate;
          bestF1 = f1;
          improved = true;
        }
      }
    }
    if (!improved) break;
  }
  return best;
}
