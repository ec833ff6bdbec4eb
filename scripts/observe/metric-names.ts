import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const root = join(__dirname, '..', '..');
export const DASHBOARD_DIR = join(root, 'charts', 'pricecompare', 'dashboards');
export const RULES_FILE = join(root, 'deploy', 'prometheus-rules.yaml');

/**
 * Metrics the platform's own processes do not serve, by prefix, and who does: the dashboards and
 * rules may use them, the check against a running platform skips them.
 */
export const EXTERNAL_METRICS: readonly { readonly prefix: string; readonly source: string }[] = [
  { prefix: 'kube_', source: 'kube-state-metrics' },
  { prefix: 'kafka_', source: 'kafka-exporter (kafkaExporter.enabled, ADR 051a)' },
  { prefix: 'up', source: 'Prometheus itself (one series per scrape target)' },
];

/** PromQL's functions, aggregations and keywords: identifiers that are not metric names. */
const PROMQL_WORDS = new Set(
  (
    'sum min max avg group stddev stdvar count count_values bottomk topk quantile by without on ignoring ' +
    'group_left group_right bool and or unless offset abs absent absent_over_time ceil changes clamp ' +
    'clamp_max clamp_min day_of_month day_of_week days_in_month delta deriv exp floor histogram_quantile ' +
    'holt_winters hour idelta increase irate label_join label_replace ln log2 log10 minute month ' +
    'predict_linear rate resets round scalar sgn sort sort_desc sqrt time timestamp vector year ' +
    'avg_over_time min_over_time max_over_time sum_over_time count_over_time quantile_over_time ' +
    'stddev_over_time stdvar_over_time last_over_time present_over_time inf nan'
  ).split(' '),
);

/**
 * The metric names a PromQL expression reads: identifiers outside label matchers, strings,
 * ranges and `by (…)` lists that are neither functions nor keywords. Grafana's `$variables`
 * only appear inside matchers and strings, which are dropped first.
 */
export function metricNamesIn(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const match of stripped.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const word = match[0];
    const after = stripped.slice(match.index + word.length).trimStart();
    if (PROMQL_WORDS.has(word.toLowerCase()) || after.startsWith('(')) continue;
    // Durations (5m) and numbers are not identifiers; a unit letter after digits is skipped too.
    if (match.index > 0 && /[0-9.]/.test(stripped[match.index - 1] ?? '')) continue;
    names.add(word);
  }
  return [...names];
}

export interface MetricUse {
  /** `dashboards/overview.json: gRPC requests per second`, `rules: PricecompareGrpcHighErrorRate`. */
  readonly where: string;
  readonly expr: string;
}

interface DashboardFile {
  readonly panels: readonly { readonly title: string; readonly targets?: readonly { readonly expr: string }[] }[];
}

/** Every query of every dashboard panel. */
export function dashboardQueries(dir = DASHBOARD_DIR): MetricUse[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => {
      const board = JSON.parse(readFileSync(join(dir, file), 'utf8')) as DashboardFile;
      return board.panels.flatMap((panel) =>
        (panel.targets ?? []).map((target) => ({ where: `dashboards/${file}: ${panel.title}`, expr: target.expr })),
      );
    });
}

interface RuleFile {
  readonly groups: readonly {
    readonly rules: readonly { readonly alert?: string; readonly record?: string; readonly expr: string }[];
  }[];
}

/** Every alerting and recording rule's expression, and the names the recording rules define. */
export function ruleQueries(file = RULES_FILE): { uses: MetricUse[]; recorded: Set<string> } {
  const rules = (parse(readFileSync(file, 'utf8')) as RuleFile).groups.flatMap((group) => group.rules);
  return {
    uses: rules.map((rule) => ({ where: `rules: ${rule.alert ?? rule.record ?? '?'}`, expr: rule.expr })),
    recorded: new Set(rules.flatMap((rule) => (rule.record ? [rule.record] : []))),
  };
}

/** The sample names in a Prometheus text exposition (`rpc_server_duration_bucket`, …). */
export function exposedNames(exposition: string): Set<string> {
  return new Set(
    exposition
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => /^[A-Za-z_:][A-Za-z0-9_:]*/.exec(line)?.[0] ?? ''),
  );
}

/** The uses whose metrics neither a scraped process, a recording rule nor a known exporter serves. */
export function missingMetrics(
  uses: readonly MetricUse[],
  exposed: ReadonlySet<string>,
  recorded: ReadonlySet<string>,
): string[] {
  const external = (name: string) =>
    EXTERNAL_METRICS.some(({ prefix }) => (prefix === 'up' ? name === 'up' : name.startsWith(prefix)));
  return uses.flatMap(({ where, expr }) =>
    metricNamesIn(expr)
      .filter((name) => !exposed.has(name) && !recorded.has(name) && !external(name))
      .map((name) => `${where}: ${name}`),
  );
}
