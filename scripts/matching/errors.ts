// Lists the matcher's errors on one split, to study a class of them (docs/matching-report.md):
//   node -r ./scripts/jest/ts-register.cjs scripts/matching/errors.ts <dataset> <split> [fp|fn] [limit]
// Use the train and valid splits for development; the test splits are for the final run only.
import { testDataDir } from '@pc/kit/config/test-data';
import { BENCHMARK_DATASETS, loadSplit, type SplitName } from '../../services/catalog/src/matching/evaluation/datasets';
import { compareRecords, scoreRecordComparison } from '../../services/catalog/src/matching/record-similarity';
import { decideByIdentifiers } from '../../services/catalog/src/matching/decide-match';
import { MATCH_SCORING } from '../../services/catalog/src/matching/title-scoring';

const [datasetName = 'Amazon-Google', split = 'train', kind = 'fp', limit = '40'] = process.argv.slice(2);
const dir = testDataDir();
const dataset = BENCHMARK_DATASETS.find((candidate) => candidate.name.toLowerCase().startsWith(datasetName.toLowerCase()));
const pairs = dir && dataset ? loadSplit(dir, dataset, split as SplitName) : null;
if (!pairs) {
  process.stderr.write(`no pairs for ${datasetName} ${split}\n`);
  process.exit(2);
}
let shown = 0;
for (const pair of pairs) {
  const byIds = decideByIdentifiers(pair.left, pair.right);
  if (byIds !== null) continue;
  const comparison = compareRecords(pair.left, pair.right);
  const score = scoreRecordComparison(comparison);
  const predicted = score >= MATCH_SCORING.threshold;
  const isError = kind === 'fp' ? predicted && !pair.isMatch : !predicted && pair.isMatch;
  if (!isError || shown >= Number(limit)) continue;
  shown += 1;
  const { dice, containment, ...rest } = comparison.title;
  const facts = Object.entries(rest).filter(([, value]) => value !== 0 && value !== 'none').map(([key, value]) => `${key}=${value}`);
  process.stdout.write(
    `${score.toFixed(2)} d=${dice.toFixed(2)} c=${containment.toFixed(2)} brand=${comparison.brand} ${facts.join(' ')}\n` +
      `  L: ${pair.left.brand ?? ''} | ${pair.left.title} | ${pair.left.mpn ?? ''}\n  R: ${pair.right.brand ?? ''} | ${pair.right.title} | ${pair.right.mpn ?? ''}\n`,
  );
}
