// Measures the product matcher on the public labelled pairs (docs/matching-report.md):
//   npm run eval:matching                 test splits, the shipped knobs
//   npm run eval:matching -- --split valid
//   npm run eval:matching -- --kind-weights  token weights by kind only (a catalog too small for statistics)
//   npm run eval:matching -- --blocking   share of true matches that the blocking keys find
//   npm run eval:matching -- --tune       search the knobs on train, show train and valid
// The data is not in the repository (licence): PC_SHARED_DATA, ../shared/data or /work/shared/data.
import { findSharedDataDir } from '@pc/kit/config/shared-data';
import { blockingRecall } from '../../services/catalog/src/matching/evaluation/blocking-recall';
import { BENCHMARK_DATASETS, loadSplit, type SplitName } from '../../services/catalog/src/matching/evaluation/datasets';
import { formatBenchmarkRun } from '../../services/catalog/src/matching/evaluation/format-report';
import { compareBenchmarkSplit, runBenchmarks } from '../../services/catalog/src/matching/evaluation/run-benchmarks';
import { tuneScoring } from '../../services/catalog/src/matching/evaluation/tune-scoring';
import { MATCH_SCORING } from '../../services/catalog/src/matching/title-scoring';

const args = process.argv.slice(2);
const print = (text: string): void => void process.stdout.write(`${text}\n`);
const optionValue = (name: string): string | undefined => args[args.indexOf(name) + 1];

const SPLITS: readonly SplitName[] = ['train', 'valid', 'test'];

function main(): number {
  const sharedDataDir = findSharedDataDir();
  if (sharedDataDir === null) {
    process.stderr.write('No shared data found: set PC_SHARED_DATA to the folder holding product-matching/.\n');
    return 2;
  }
  const split = (args.includes('--split') ? optionValue('--split') : 'test') as SplitName;
  if (!SPLITS.includes(split)) {
    process.stderr.write(`--split must be one of ${SPLITS.join(', ')}\n`);
    return 2;
  }
  const started = Date.now();
  if (args.includes('--tune')) tune(sharedDataDir);
  else if (args.includes('--blocking')) blocking(sharedDataDir, split);
  else {
    const weights = args.includes('--kind-weights') ? 'kind' : 'learned';
    const described = weights === 'kind' ? 'kind token weights, as in a catalog too small for statistics' : 'token weights learned from each dataset\'s train titles, as catalog learns them from its products';
    print(`Product matcher on the ${split} splits (${described}), threshold ${MATCH_SCORING.threshold}:\n`);
    print(formatBenchmarkRun(runBenchmarks(sharedDataDir, split, { weights })));
  }
  print(`\n${Date.now() - started} ms; data: ${sharedDataDir}`);
  return 0;
}

function tune(sharedDataDir: string): void {
  const trainPairs = compareBenchmarkSplit(sharedDataDir, 'train').flatMap(({ pairs }) => (pairs ? [pairs] : []));
  const tuned = tuneScoring(trainPairs, MATCH_SCORING);
  print(`Knobs after a coordinate search on the train splits (mean F1), from the shipped ones:\n${JSON.stringify(tuned, null, 2)}\n`);
  for (const split of ['train', 'valid'] as const) {
    print(`${split}:\n${formatBenchmarkRun(runBenchmarks(sharedDataDir, split, { scoring: tuned }))}\n`);
  }
}

function blocking(sharedDataDir: string, split: SplitName): void {
  print(`Blocking keys on the ${split} splits: matching pairs that share a key\n`);
  print('| dataset | matches | found | recall | keys per record |\n|:--|--:|--:|--:|--:|');
  for (const dataset of BENCHMARK_DATASETS) {
    const pairs = loadSplit(sharedDataDir, dataset, split);
    if (!pairs) continue;
    const result = blockingRecall(pairs);
    print(`| ${dataset.name} | ${result.matches} | ${result.found} | ${(result.found / Math.max(result.matches, 1)).toFixed(3)} | ${result.keysPerRecord.toFixed(1)} |`);
  }
}

process.exitCode = main();
