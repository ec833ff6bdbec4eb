// Lists the matcher's errors on one split, to study a class of them (docs/matching-report.md):
//   node -r ./scripts/jest/ts-register.cjs scripts/matching/errors.ts <dataset> <split> [fp|fn] [limit] [--holdout]
// With --holdout the model is fitted on the train splits first (as `--train --holdout` does).
// Use the train and valid splits for development; the test splits are for the final run only.
import { testDataDir } from '@pc/kit/config/test-data';
import { BENCHMARK_DATASETS, loadSplit, type SplitName } from '../../services/catalog/src/matching/evaluation/datasets';
import { learnedBenchmarkWeights } from '../../services/catalog/src/matching/evaluation/run-benchmarks';
import { comparePairs } from '../../services/catalog/src/matching/evaluation/scored-pairs';
import { trainingSets, trainMatchModel } from '../../services/catalog/src/matching/evaluation/train-match-model';
import { numericFeatures, NUMERIC_FEATURES, sparseFeatures } from '../../services/catalog/src/matching/match-features';
import { MATCH_MODEL, matchModel } from '../../services/catalog/src/matching/match-model';

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const [datasetName = 'Amazon-Google', split = 'train', kind = 'fp', limit = '40'] = args;
const dir = testDataDir();
const dataset = BENCHMARK_DATASETS.find((candidate) =>
  candidate.name.toLowerCase().startsWith(datasetName.toLowerCase()),
);
const pairs = dir && dataset ? loadSplit(dir, dataset, split as SplitName) : null;
if (!dir || !dataset || !pairs) {
  process.stderr.write(`no pairs for ${datasetName} ${split}\n`);
  process.exit(2);
}
const model = process.argv.includes('--holdout')
  ? matchModel(trainMatchModel(trainingSets(dir, ['train'])))
  : MATCH_MODEL;
const compared = comparePairs(pairs, learnedBenchmarkWeights(dir, dataset, split as SplitName));
let shown = 0;
compared.forEach((pair, index) => {
  if (pair.byIdentifiers !== null) return;
  const probability = model.probability(pair.comparison);
  const predicted = probability >= model.threshold;
  const isError = kind === 'fp' ? predicted && !pair.isMatch : !predicted && pair.isMatch;
  if (!isError || shown >= Number(limit)) return;
  shown += 1;
  const values = numericFeatures(pair.comparison);
  const facts = NUMERIC_FEATURES.map((name, j) => [name, values[j] ?? 0] as const)
    .filter(([, value]) => value !== 0)
    .map(([name, value]) => `${name}=${Number(value.toFixed(2))}`);
  const { left, right } = pairs[index]!;
  process.stdout.write(
    `p=${probability.toFixed(2)} ${facts.join(' ')}\n  sparse: ${sparseFeatures(pair.comparison).join(' ')}\n` +
      `  L: ${left.brand ?? ''} | ${left.title} | ${left.mpn ?? ''}\n  R: ${right.brand ?? ''} | ${right.title} | ${right.mpn ?? ''}\n`,
  );
});
