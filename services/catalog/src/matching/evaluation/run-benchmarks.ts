// Runs the matcher over the benchmark splits: per dataset the confusion counts and how the
// pairs were decided, plus the micro-average over distinct pairs.
import { MATCH_MODEL, type MatchModel } from '../match-model.js';
import { learnTokenWeights, type TokenWeights } from '../token-weights.js';
import { BENCHMARK_DATASETS, loadSplit, type BenchmarkDataset, type SplitName } from './datasets.js';
import { addConfusions, EMPTY_CONFUSION, type Confusion } from './metrics.js';
import { comparePairs, confusionOf, type ComparedPair } from './scored-pairs.js';

export interface BenchmarkRow {
  readonly dataset: BenchmarkDataset;
  readonly confusion: Confusion;
  /** Pairs settled by GTIN or brand + MPN rather than by the title. */
  readonly byIdentifiers: number;
}

export interface BenchmarkRun {
  readonly split: SplitName;
  readonly rows: readonly BenchmarkRow[];
  /** Summed over the datasets that are not a subset of another one. */
  readonly micro: Confusion;
  /** Datasets that do not publish the split, or whose file is missing. */
  readonly skipped: readonly string[];
}

export interface BenchmarkOptions {
  /** 'learned' (the default, as catalog weighs tokens once it holds enough products): by inverse
   *  document frequency over the dataset's train titles, each distinct title one document as a
   *  product is (the split's own titles, unlabelled, when no train split is published). 'kind':
   *  the weights of a catalog too small for statistics. */
  readonly weights?: 'learned' | 'kind';
  /** The shipped model unless given (training compares a model fitted on train alone). */
  readonly model?: MatchModel;
}

/** The weights a dataset's pairs are compared under when learned: its train titles stand for a catalog's products. */
export function learnedBenchmarkWeights(
  sharedDataDir: string,
  dataset: BenchmarkDataset,
  split: SplitName,
): TokenWeights {
  const source =
    (dataset.ownTitleWeights ? null : loadSplit(sharedDataDir, dataset, 'train')) ??
    loadSplit(sharedDataDir, dataset, split) ??
    [];
  return learnTokenWeights(new Set(source.flatMap((pair) => [pair.left.title, pair.right.title])));
}

/** Compared pairs of each dataset that publishes the split (null for one that does not). */
export function compareBenchmarkSplit(
  sharedDataDir: string,
  split: SplitName,
  options: BenchmarkOptions = {},
): Array<{ dataset: BenchmarkDataset; pairs: ComparedPair[] | null }> {
  return BENCHMARK_DATASETS.map((dataset) => {
    const labelled = loadSplit(sharedDataDir, dataset, split);
    const weights =
      labelled && options.weights !== 'kind' ? learnedBenchmarkWeights(sharedDataDir, dataset, split) : undefined;
    return { dataset, pairs: labelled ? comparePairs(labelled, weights) : null };
  });
}

export function runBenchmarks(sharedDataDir: string, split: SplitName, options: BenchmarkOptions = {}): BenchmarkRun {
  const model = options.model ?? MATCH_MODEL;
  const rows: BenchmarkRow[] = [];
  const skipped: string[] = [];
  let micro = EMPTY_CONFUSION;
  for (const { dataset, pairs } of compareBenchmarkSplit(sharedDataDir, split, options)) {
    if (pairs === null) {
      skipped.push(dataset.name);
      continue;
    }
    const confusion = confusionOf(pairs, model);
    rows.push({ dataset, confusion, byIdentifiers: pairs.filter((pair) => pair.byIdentifiers !== null).length });
    if (!dataset.subsetOf) micro = addConfusions(micro, confusion);
  }
  return { split, rows, micro, skipped };
}
