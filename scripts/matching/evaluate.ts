// Measures the product matcher on the public labelled pairs (docs/matching-report.md):
//   npm run eval:matching                 test splits, the shipped knobs
//   npm run eval:matching -- --split valid
//   npm run eval:matching -- --kind-weights  token weights by kind only (a catalog too small for statistics)
//   npm run eval:matching -- --blocking   share of true matches that the blocking keys find
//   npm run eval:matching -- --rule-score the rule score alone at its threshold (as before the model)
//   npm run eval:matching -- --speed      pairs/s through decideMatch, the model beside the rule score
//   npm run eval:matching -- --train      fit the match model on train + valid, write its weights
//   npm run eval:matching -- --train --holdout   fit it on train only and show valid (development)
//   npm run eval:matching -- --seed-data 3000   the whole catalog path on the seed's offers (ours)
// The data is not in the repository (licence): it is read from PC_TEST_DATA (default: the kit's testDataDir).
import { testDataDir } from '@pc/kit/config/test-data';
import { blockingRecall } from '../../services/catalog/src/matching/evaluation/blocking-recall';
import { BENCHMARK_DATASETS, loadSplit, type SplitName } from '../../services/catalog/src/matching/evaluation/datasets';
import { formatBenchmarkRun } from '../../services/catalog/src/matching/evaluation/format-report';
import { runBenchmarks } from '../../services/catalog/src/matching/evaluation/run-benchmarks';
import { groupSeedOffers } from './seed-grouping';
import { MATCH_MODEL, RULE_SCORE_MODEL } from '../../services/catalog/src/matching/match-model';
import { RULE_SCORE_THRESHOLD } from '../../services/catalog/src/matching/title-scoring';
import { decideSpeed } from './decide-speed';
import { trainModel } from './train-model';

const args = process.argv.slice(2);
const print = (text: string): void => void process.stdout.write(`${text}\n`);
/** The value after a flag; undefined when the flag is last or another flag follows. */
const optionValue = (name: string): string | undefined => {
  const value = args[args.indexOf(name) + 1];
  return value?.startsWith('--') ? undefined : value;
};

const SPLITS: readonly SplitName[] = ['train', 'valid', 'test'];

async function main(): Promise<number> {
  const sharedDataDir = testDataDir();
  if (sharedDataDir === null) {
    process.stderr.write(
      'No test data found: set PC_TEST_DATA to the folder holding product-matching/ (default: the data folder beside the repository).\n',
    );
    return 2;
  }
  const split = (args.includes('--split') ? optionValue('--split') : 'test') as SplitName;
  if (!SPLITS.includes(split)) {
    process.stderr.write(`--split must be one of ${SPLITS.join(', ')}\n`);
    return 2;
  }
  const started = Date.now();
  if (args.includes('--seed-data'))
    await seedData(
      Number(optionValue('--seed-data') ?? DEFAULT_SEED_PRODUCTS),
      args.includes('--kind-weights') ? 'kind' : 'learned',
    );
  else if (args.includes('--train')) print(trainModel(sharedDataDir, args.includes('--holdout')));
  else if (args.includes('--blocking')) blocking(sharedDataDir, split);
  else if (args.includes('--speed')) print(decideSpeed(sharedDataDir));
  else {
    const weights = args.includes('--kind-weights') ? 'kind' : 'learned';
    const described =
      weights === 'kind'
        ? 'kind token weights, as in a catalog too small for statistics'
        : "token weights learned from each dataset's train titles, as catalog learns them from its products";
    const model = args.includes('--rule-score') ? RULE_SCORE_MODEL : MATCH_MODEL;
    const decidedBy =
      model === MATCH_MODEL
        ? `match model, threshold ${model.threshold}`
        : `the rule score alone, threshold ${RULE_SCORE_THRESHOLD}`;
    print(`Product matcher on the ${split} splits (${described}; ${decidedBy}):\n`);
    print(formatBenchmarkRun(runBenchmarks(sharedDataDir, split, { weights, model })));
  }
  print(`\n${Date.now() - started} ms; data: ${sharedDataDir}`);
  return 0;
}

const DEFAULT_SEED_PRODUCTS = 3000;

async function seedData(products: number, weights: 'learned' | 'kind'): Promise<void> {
  if (!Number.isInteger(products) || products < 1) throw new Error('--seed-data takes a number of products');
  const grouping = await groupSeedOffers(products, weights);
  const precision = grouping.correctPairs / Math.max(grouping.groupedPairs, 1);
  const recall = grouping.correctPairs / Math.max(grouping.truePairs, 1);
  print(
    `The seed's first ${products} products: ${grouping.offers} offers matched in batches of 500, in the order shops list them`,
  );
  print(
    `(token statistics ${grouping.learnedWeights ? 'in use by the end' : weights === 'kind' ? 'off: --kind-weights' : 'not reached: under 1,000 products'}).\n`,
  );
  print(`answered: ${[...grouping.methods].map(([method, count]) => `${method} ${count}`).join(', ')}`);
  print(
    `pairs of offers of one product: ${grouping.truePairs}; put together: ${grouping.groupedPairs}; both: ${grouping.correctPairs}`,
  );
  print(
    `pairwise precision ${precision.toFixed(4)}, recall ${recall.toFixed(4)}, F1 ${((2 * precision * recall) / Math.max(precision + recall, 1e-9)).toFixed(4)}`,
  );
  print(
    `products split over several catalog products: ${grouping.split}; catalog products holding several: ${grouping.merged}`,
  );
}

function blocking(sharedDataDir: string, split: SplitName): void {
  print(`Blocking keys on the ${split} splits: matching pairs that share a key\n`);
  print('| dataset | matches | found | recall | keys per record |\n|:--|--:|--:|--:|--:|');
  for (const dataset of BENCHMARK_DATASETS) {
    const pairs = loadSplit(sharedDataDir, dataset, split);
    if (!pairs) continue;
    const result = blockingRecall(pairs);
    print(
      `| ${dataset.name} | ${result.matches} | ${result.found} | ${(result.found / Math.max(result.matches, 1)).toFixed(3)} | ${result.keysPerRecord.toFixed(1)} |`,
    );
  }
}

main().then(
  (code) => void (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
