// `npm run eval:matching -- --train`: fits the match model on the train and valid splits and
// writes its weights into the matcher (ADR 050). With `--holdout` it fits on train alone and
// shows valid beside the shipped model's figures, writing nothing: how features and settings
// are chosen.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  distinctModelMerges,
  formatDistinctModelMerges,
} from '../../services/catalog/src/matching/evaluation/distinct-models';
import { formatModelWeights } from '../../services/catalog/src/matching/evaluation/format-model-weights';
import { formatBenchmarkRun } from '../../services/catalog/src/matching/evaluation/format-report';
import { runBenchmarks } from '../../services/catalog/src/matching/evaluation/run-benchmarks';
import { trainingSets, trainMatchModel } from '../../services/catalog/src/matching/evaluation/train-match-model';
import { matchModel } from '../../services/catalog/src/matching/match-model';

const WEIGHTS_FILE = join(__dirname, '..', '..', 'services', 'catalog', 'src', 'matching', 'match-model-weights.ts');

export function trainModel(sharedDataDir: string, holdout: boolean): string {
  const sets = trainingSets(sharedDataDir, holdout ? ['train'] : ['train', 'valid']);
  const trainedOn = sets.map((set) => `${set.dataset.name} (${set.pairs.length} pairs)`).join(', ');
  const weights = trainMatchModel(sets);
  const fitted = matchModel(weights);
  const summary = [
    `Fitted on ${trainedOn}: ${weights.sparse.length} sparse weights, threshold ${weights.threshold}.`,
    formatDistinctModelMerges(distinctModelMerges(fitted)),
  ].join('\n');
  if (!holdout) {
    writeFileSync(WEIGHTS_FILE, formatModelWeights(weights, `the train and valid splits of ${trainedOn}`));
    return `${summary}\nWritten to ${WEIGHTS_FILE}.`;
  }
  const valid = (model?: ReturnType<typeof matchModel>): string =>
    formatBenchmarkRun(runBenchmarks(sharedDataDir, 'valid', model ? { model } : {}));
  return `${summary}\n\nvalid, fitted on train:\n${valid(fitted)}\n\nvalid, the shipped model:\n${valid()}`;
}
