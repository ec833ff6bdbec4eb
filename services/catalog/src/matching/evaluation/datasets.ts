// The benchmark datasets under `<shared data>/product-matching` and where each split lives.
// Benchmark harness only (reads the fixture files): the matcher itself does no I/O.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDittoPairs, type LabelledPair } from './ditto-pairs.js';

export type SplitName = 'train' | 'valid' | 'test';

export interface BenchmarkDataset {
  readonly name: string;
  /** Folder below `product-matching`. */
  readonly folder: string;
  /** Splits read for it. The shared data holds WDC's test splits only; WDC all's train and
   *  valid splits (Ditto's four category `train.txt.medium` files joined, and all's
   *  `valid.txt.medium`) are read where they were put beside it, for training the match model. */
  readonly splits: readonly SplitName[];
  /** Token weights come from the split's own titles (without labels), not from the train
   *  split's: so that a figure never depends on whether the optional train split is there. */
  readonly ownTitleWeights?: boolean;
  /** Name of a dataset holding all of this one's pairs: left out of the micro-average so that
   *  no pair counts twice. */
  readonly subsetOf?: string;
}

export const BENCHMARK_DATASETS: readonly BenchmarkDataset[] = [
  { name: 'Amazon-Google', folder: 'er_magellan/Structured/Amazon-Google', splits: ['train', 'valid', 'test'] },
  { name: 'Walmart-Amazon', folder: 'er_magellan/Structured/Walmart-Amazon', splits: ['train', 'valid', 'test'] },
  { name: 'Abt-Buy', folder: 'er_magellan/Textual/Abt-Buy', splits: ['train', 'valid', 'test'] },
  { name: 'WDC computers', folder: 'wdc/computers', splits: ['test'], subsetOf: 'WDC all', ownTitleWeights: true },
  { name: 'WDC all', folder: 'wdc/all', splits: ['train', 'valid', 'test'], ownTitleWeights: true },
];

export function productMatchingDir(sharedDataDir: string): string {
  return join(sharedDataDir, 'product-matching');
}

export function splitPath(sharedDataDir: string, dataset: BenchmarkDataset, split: SplitName): string {
  return join(productMatchingDir(sharedDataDir), dataset.folder, `${split}.txt`);
}

/** The pairs of one split, or null when the dataset does not publish it or the file is missing. */
export function loadSplit(sharedDataDir: string, dataset: BenchmarkDataset, split: SplitName): LabelledPair[] | null {
  const path = splitPath(sharedDataDir, dataset, split);
  if (!dataset.splits.includes(split) || !existsSync(path)) return null;
  return parseDittoPairs(readFileSync(path, 'utf8'));
}
