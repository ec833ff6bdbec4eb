// `npm run eval:matching -- --speed`: pairs per second through `decideMatch` (tokenising,
// comparing and deciding) on every pair of the test splits, the shipped model beside the rule
// score alone. Each pass gives the left titles trailing spaces of its own, so that it
// tokenises each of them again; the passes alternate, and the best of three counts.
import { decideMatch } from '../../services/catalog/src/matching/decide-match';
import { BENCHMARK_DATASETS, loadSplit } from '../../services/catalog/src/matching/evaluation/datasets';
import { MATCH_MODEL, RULE_SCORE_MODEL, type MatchModel } from '../../services/catalog/src/matching/match-model';

const PASSES = 3;

export function decideSpeed(sharedDataDir: string): string {
  const pairs = BENCHMARK_DATASETS.filter((dataset) => !dataset.subsetOf).flatMap(
    (dataset) => loadSplit(sharedDataDir, dataset, 'test') ?? [],
  );
  const rate = (model: MatchModel, pass: number): number => {
    // Trailing spaces, another number each pass, keep the remembered profiles from serving the left title.
    const fresh = pairs.map(
      ({ left, right }) => [{ ...left, title: `${left.title}${' '.repeat(pass + 1)}` }, right] as const,
    );
    const started = process.hrtime.bigint();
    for (const [left, right] of fresh) decideMatch(left, right, { model });
    return fresh.length / (Number(process.hrtime.bigint() - started) / 1e9);
  };
  const best = { model: 0, rules: 0 };
  for (let pass = 0; pass < PASSES; pass += 1) {
    best.rules = Math.max(best.rules, rate(RULE_SCORE_MODEL, pass * 2));
    best.model = Math.max(best.model, rate(MATCH_MODEL, pass * 2 + 1));
  }
  return [
    `decideMatch over ${pairs.length} test pairs, best of ${PASSES} passes (each tokenising every left title):`,
    `  rule score alone: ${Math.round(best.rules)} pairs/s`,
    `  match model:      ${Math.round(best.model)} pairs/s`,
  ].join('\n');
}
