import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dashboardQueries, metricNamesIn, missingMetrics, ruleQueries } from './metric-names';

const root = join(__dirname, '..', '..');

describe('the Grafana dashboards', () => {
  it('are the files scripts/observe/dashboards.mjs writes', () => {
    const check = spawnSync(process.execPath, [join(__dirname, 'dashboards.mjs'), '--check'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('query metrics by name, and each panel has at least one query', () => {
    const queries = dashboardQueries();
    expect(queries.length).toBeGreaterThan(50);
    for (const { where, expr } of queries)
      expect({ where, names: metricNamesIn(expr).length > 0 }).toEqual({ where, names: true });
  });
});

describe('reading metric names out of PromQL', () => {
  it('keeps the metrics and drops functions, labels, strings, ranges and grouping', () => {
    expect(
      metricNamesIn(
        'histogram_quantile(0.99, sum by (app_kubernetes_io_name, le) (rate(rpc_server_duration_bucket{app_kubernetes_io_name=~"$service",rpc_method=~".*/(Search|x)"}[5m])))',
      ),
    ).toEqual(['rpc_server_duration_bucket']);
    expect(
      metricNamesIn(
        '(component:rpc_server_errors:rate5m / component:rpc_server_requests:rate5m) > 0.05 and up{job="x"} == 0 offset 1h',
      ),
    ).toEqual(['component:rpc_server_errors:rate5m', 'component:rpc_server_requests:rate5m', 'up']);
    expect(metricNamesIn('sum (rate(affiliates_click_outs_total[5m])) * 60 / max (offers_listed)')).toEqual([
      'affiliates_click_outs_total',
      'offers_listed',
    ]);
  });

  it('reports a metric no process exposes, and not recorded or external ones', () => {
    const uses = [
      { where: 'a', expr: 'sum(rate(rpc_server_duration_count[5m])) + sum(kube_pod_info) + up' },
      { where: 'b', expr: 'component:x:rate5m + rpc_server_durations_count' },
    ];
    expect(missingMetrics(uses, new Set(['rpc_server_duration_count']), new Set(['component:x:rate5m']))).toEqual([
      'b: rpc_server_durations_count',
    ]);
  });

  it('reads the alert rules file, with the names its recording rules define', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rules-'));
    try {
      const file = join(dir, 'rules.yaml');
      writeFileSync(
        file,
        'groups:\n  - name: g\n    rules:\n      - record: a:b:rate5m\n        expr: sum(rate(c_total[5m]))\n      - alert: D\n        expr: a:b:rate5m > 1\n',
      );
      const { uses, recorded } = ruleQueries(file);
      expect(uses.map((use) => use.where)).toEqual(['rules: a:b:rate5m', 'rules: D']);
      expect([...recorded]).toEqual(['a:b:rate5m']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
