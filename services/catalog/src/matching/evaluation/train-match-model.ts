// Trains the match model (ADR 050) on the benchmarks' train and valid splits, never on test: a
// logistic regression over `match-features.ts`, its threshold the one of the best F1 out of fold.
import { NUMERIC_FEATURES, numericFeatures, sparseFeatures, type NumericFeature } from '../match-features.js';
import { logistic, type MatchModelWeights } from '../match-model.js';
import { BENCHMARK_DATASETS, loadSplit, type BenchmarkDataset, type SplitName } from './datasets.js';
import type { LabelledPair } from './ditto-pairs.js';
import { fitLogisticRegression, predictLogOdds, type TrainingRow } from './logistic-regression.js';
import { countDecision, EMPTY_CONFUSION, scoresOf, type Confusion } from './metrics.js';
import { learnedBenchmarkWeights } from './run-benchmarks.js';
import { comparePairs, type ComparedPair } from './scored-pairs.js';

/** Chosen on the train splits against valid (docs/matching-report.md). */
export const TRAINING_SETTINGS = {
  /** A token becomes a feature when this many training pairs lack it on one side. */
  minTokenPairs: 5,
  numericPenalty: 1,
  sparsePenalty: 3,
  folds: 5,
} as const;

export interface TrainingSet {
  readonly dataset: BenchmarkDataset;
  readonly pairs: readonly ComparedPair[];
}

const pairKey = (pair: LabelledPair): string => JSON.stringify([pair.left, pair.right]);

/** The datasets' pairs of the given splits (those present), compared as the runner compares
 *  them; a pair also found in the dataset's test split is left out. */
export function trainingSets(sharedDataDir: string, splits: readonly SplitName[]): TrainingSet[] {
  return BENCHMARK_DATASETS.filter((dataset) => !dataset.subsetOf).flatMap((dataset) => {
    const test = new Set((loadSplit(sharedDataDir, dataset, 'test') ?? []).map(pairKey));
    const pairs = splits.flatMap((split) => {
      if (split === 'test') throw new Error('the match model is never trained on a test split');
      const labelled = loadSplit(sharedDataDir, dataset, split);
      if (!labelled) return [];
      return comparePairs(
        labelled.filter((pair) => !test.has(pairKey(pair))),
        learnedBenchmarkWeights(sharedDataDir, dataset, split),
      );
    });
    return pairs.length > 0 ? [{ dataset, pairs }] : [];
  });
}

interface Vocabulary {
  readonly indexOf: ReadonlyMap<string, number>;
  readonly tokens: readonly string[];
}

function vocabulary(pairs: readonly ComparedPair[], minPairs: number): Vocabulary {
  const counts = new Map<string, number>();
  for (const pair of pairs)
    for (const token of sparseFeatures(pair.comparison)) counts.set(token, (counts.get(token) ?? 0) + 1);
  // Sorted, so that the same pairs give the same indices and so the same weights.
  const tokens = [...counts]
    .filter(([, count]) => count >= minPairs)
    .map(([token]) => token)
    .sort();
  return { indexOf: new Map(tokens.map((token, index) => [token, index])), tokens };
}

function trainingRow(pair: ComparedPair, vocabulary: Vocabulary): TrainingRow {
  const sparse = sparseFeatures(pair.comparison).flatMap((token) => {
    const index = vocabulary.indexOf.get(token);
    return index === undefined ? [] : [index];
  });
  return { numeric: numericFeatures(pair.comparison), sparse, isMatch: pair.isMatch };
}

/** Pairs the title decides: those that GTIN or brand + MPN settle never reach the model. */
const byTitle = (pairs: readonly ComparedPair[]): ComparedPair[] => pairs.filter((pair) => pair.byIdentifiers === null);

function fit(pairs: readonly ComparedPair[]): {
  weights: (threshold: number) => MatchModelWeights;
  logOdds: (pair: ComparedPair) => number;
} {
  const vocab = vocabulary(pairs, TRAINING_SETTINGS.minTokenPairs);
  const fitted = fitLogisticRegression(
    pairs.map((pair) => trainingRow(pair, vocab)),
    {
      sparseFeatures: vocab.tokens.length,
      numericPenalty: TRAINING_SETTINGS.numericPenalty,
      sparsePenalty: TRAINING_SETTINGS.sparsePenalty,
    },
  );
  const numeric = Object.fromEntries(NUMERIC_FEATURES.map((name, j) => [name, fitted.numeric[j] ?? 0])) as Record<
    NumericFeature,
    number
  >;
  return {
    weights: (threshold) => ({
      bias: fitted.bias,
      numeric,
      sparse: vocab.tokens
        .map((token, index) => [token, fitted.sparse[index] ?? 0] as const)
        .filter(([, weight]) => weight !== 0),
      threshold,
    }),
    logOdds: (pair) => predictLogOdds(fitted, trainingRow(pair, vocab)),
  };
}

/** Confusion over all pairs of the sets: identifiers where they decide, else the probability. */
export function confusionAt(
  sets: ReadonlyArray<readonly ComparedPair[]>,
  probability: (pair: ComparedPair) => number,
  threshold: number,
): Confusion {
  let confusion = EMPTY_CONFUSION;
  for (const pairs of sets)
    for (const pair of pairs)
      confusion = countDecision(confusion, pair.byIdentifiers ?? probability(pair) >= threshold, pair.isMatch);
  return confusion;
}

const THRESHOLDS = Array.from({ length: 61 }, (_, index) => 0.2 + index / 100);

/** The threshold of the best micro F1 over the sets, each pair scored by a model that did not
 *  see it (k folds by position). */
function outOfFoldThreshold(sets: readonly TrainingSet[]): number {
  const all = sets.flatMap((set) => byTitle(set.pairs));
  const probabilities = new Map<ComparedPair, number>();
  for (let fold = 0; fold < TRAINING_SETTINGS.folds; fold += 1) {
    const inFold = (index: number): boolean => index % TRAINING_SETTINGS.folds === fold;
    const model = fit(all.filter((_, index) => !inFold(index)));
    all.forEach((pair, index) => inFold(index) && probabilities.set(pair, logistic(model.logOdds(pair))));
  }
  const pairSets = sets.map((set) => set.pairs);
  const f1At = (threshold: number): number =>
    scoresOf(confusionAt(pairSets, (pair) => probabilities.get(pair) ?? 0, threshold)).f1;
  return THRESHOLDS.reduce((best, threshold) => (f1At(threshold) > f1At(best) + 1e-12 ? threshold : best), 0.5);
}

/** The model fitted on every title-decided pair of the sets, with its out-of-fold threshold. */
export function trainMatchModel(sets: readonly TrainingSet[]): MatchModelWeights {
  const threshold = Math.round(outOfFoldThreshold(sets) * 100) / 100;
  return fit(sets.flatMap((set) => byTitle(set.pairs))).weights(threshold);
}
