// `npm run eval:matching -- --speed`: pairs per second through `decideMatch` (tokenising,
// comparing and deciding) on every pair of the test splits, the shipped model beside the rule
// score alone. Each pass gives the left titles trailing spaces of its own, so that it
// tokenises each of them again; the passes alternate, and the best of three counts.
import { decideMatch } from '../../services/catalog/src/matching/decide-match';
import { BENCHMARK_DATASETS, loadSplit } from '../../services/catalog/src/matching/evaluation/datasets';
import { MATCH_MODEL, RULE_SCORE_MODEL, type MatchModel } from '../../services/catalog/src/matching/match-model';

const PASSES = 3;

interface Rate {
  readonly wall: number;
  readonly cpu: number;
}

const NO_RATE: Rate = { wall: 0, cpu: 0 };

export function decideSpeed(sharedDataDir: string): string {
  const pairs = BENCHMARK_DATASETS.filter((dataset) => !dataset.subsetOf).flatMap(
    (dataset) => loadSplit(sharedDataDir, dataset, 'test') ?? [],
  );
  /** Pairs per wall-clock second and per CPU second of this process: on a shared machine the
   *  wall clock counts other processes' turns too, the CPU time only this one's. */
  const rate = (model: MatchModel, pass: number): Rate => {
    // Trailing spaces, another number each pass, keep the remembered profiles from serving the left title.
    const fresh = pairs.map(
      ({ left, right }) => [{ ...left, title: `${left.title}${' '.repeat(pass + 1)}` }, right] as const,
    );
    const started = process.hrtime.bigint();
    const cpuStarted = process.cpuUsage();
    for (const [left, right] of fresh) decideMatch(left, right, { model });
    const cpu = process.cpuUsage(cpuStarted);
    return {
      wall: fresh.length / (Number(process.hrtime.bigint() - started) / 1e9),
      cpu: fresh.length / ((cpu.user + cpu.system) / 1e6),
    };
  };
  const best = { model: NO_RATE, rules: NO_RATE };
  const better = (a: Rate, b: Rate): Rate => ({ wall: Math.max(a.wall, b.wall), cpu: Math.max(a.cpu, b.cpu) });
  for (let pass = 0; pass < PASSES; pass += 1) {
    best.rules = better(best.rules, rate(RULE_SCORE_MODEL, pass * 2));
    best.model = better(best.model, rate(MATCH_MODEL, pass * 2 + 1));
  }
  const shown = ({ wall, cpu }: Rate): string => `${Math.round(wall)} pairs/s, ${Math.round(cpu)} pairs per CPU second`;
  return [
    `decideMatch over ${pairs.length} test pairs, best of ${PASSES} passes (each tokenising every left title):`,
    `  rule score alone: ${shown(best.rules)}`,
    `  match model:      ${shown(best.model)}`,
  ].join('\n');
}
