// `npm run observe`: Prometheus (and Grafana, where one is installed) against a running
// `npm start`. It scrapes every service's ops port and the site's metrics port every 5 s, with
// the label `app_kubernetes_io_name` the chart's scraping gives each component, loads the alert
// rules (deploy/prometheus-rules.yaml), and provisions the dashboards of
// charts/pricecompare/dashboards into Grafana. Ctrl-C stops what it started.
//
// Ports and paths follow `npm start`'s variables (GRPC_PORT_BASE is not needed; OPS_PORT_BASE,
// WEB_METRICS_PORT, DATA_DIR), plus OBSERVE_PROMETHEUS_PORT (9090) and OBSERVE_GRAFANA_PORT
// (3030). Prometheus is Debian's `prometheus` package (apt-get install prometheus) or any
// `prometheus` on PATH (PROMETHEUS_BIN); Grafana is `grafana-server`/`grafana` on PATH
// (GRAFANA_BIN, GRAFANA_HOME for its static files) — Debian has none (ADR 053).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { platformLayout } from '../platform/services.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const layout = platformLayout(process.env);
const dir = resolve(root, layout.dataDir, 'observe');
const prometheusPort = Number(process.env.OBSERVE_PROMETHEUS_PORT ?? 9090);
const grafanaPort = Number(process.env.OBSERVE_GRAFANA_PORT ?? 3030);
mkdirSync(join(dir, 'prometheus'), { recursive: true });

/** The first of these commands on PATH (or the given one), else undefined. */
function findBinary(given, names) {
  for (const name of given ? [given] : names) {
    if (spawnSync('sh', ['-c', `command -v "${name}"`]).status === 0) return name;
  }
  return undefined;
}

/** Static targets, one job per component, labelled as the chart's scraping labels pods. */
function prometheusConfig() {
  const target = (name, port) => ({
    job_name: name,
    static_configs: [{ targets: [`${layout.host}:${port}`], labels: { app_kubernetes_io_name: name } }],
  });
  return {
    global: { scrape_interval: '5s', evaluation_interval: '15s' },
    rule_files: [join(root, 'deploy', 'prometheus-rules.yaml')],
    scrape_configs: [
      ...layout.services.map((service) => target(service.name, service.opsPort)),
      target('web', layout.webMetricsPort),
    ],
  };
}

// JSON is YAML: Prometheus reads this file as it is.
const prometheusYml = join(dir, 'prometheus.yml');
writeFileSync(prometheusYml, `${JSON.stringify(prometheusConfig(), null, 2)}\n`);

const children = [];
function start(name, command, args, env = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(`${name} exited (${code ?? signal}); stopping\n`);
      stop(1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 2_000).unref();
  Promise.all(children.map((child) => new Promise((done) => child.once('exit', done)))).then(() => process.exit(code));
}
process.once('SIGINT', () => stop());
process.once('SIGTERM', () => stop());

const prometheus = findBinary(process.env.PROMETHEUS_BIN, ['prometheus']);
if (!prometheus) {
  process.stderr.write(
    "No prometheus on PATH: install Debian's package (apt-get install prometheus) or `go install github.com/prometheus/prometheus/cmd/prometheus@latest`, or set PROMETHEUS_BIN.\n",
  );
  process.exit(1);
}
start(prometheus, prometheus, [
  `--config.file=${prometheusYml}`,
  `--storage.tsdb.path=${join(dir, 'prometheus')}`,
  `--web.listen-address=${layout.host}:${prometheusPort}`,
  '--log.level=warn',
]);
process.stdout.write(
  `Prometheus: http://${layout.host}:${prometheusPort} (targets: ${[...layout.services.map((s) => s.opsPort), layout.webMetricsPort].join(', ')}; rules: deploy/prometheus-rules.yaml)\n`,
);

const grafana = findBinary(process.env.GRAFANA_BIN, ['grafana-server', 'grafana']);
if (grafana) {
  const provisioning = join(dir, 'grafana', 'provisioning');
  mkdirSync(join(provisioning, 'datasources'), { recursive: true });
  mkdirSync(join(provisioning, 'dashboards'), { recursive: true });
  writeFileSync(
    join(provisioning, 'datasources', 'prometheus.yaml'),
    JSON.stringify({
      apiVersion: 1,
      datasources: [
        {
          name: 'Prometheus',
          type: 'prometheus',
          uid: 'prometheus',
          url: `http://${layout.host}:${prometheusPort}`,
          isDefault: true,
        },
      ],
    }),
  );
  writeFileSync(
    join(provisioning, 'dashboards', 'pricecompare.yaml'),
    JSON.stringify({
      apiVersion: 1,
      providers: [
        {
          name: 'pricecompare',
          folder: 'Price comparison',
          type: 'file',
          options: { path: join(root, 'charts', 'pricecompare', 'dashboards') },
        },
      ],
    }),
  );
  const args = grafana === 'grafana' ? ['server'] : [];
  if (process.env.GRAFANA_HOME) args.push(`--homepath=${process.env.GRAFANA_HOME}`);
  start(grafana, grafana, args, {
    GF_PATHS_PROVISIONING: provisioning,
    GF_PATHS_DATA: join(dir, 'grafana', 'data'),
    GF_PATHS_LOGS: join(dir, 'grafana', 'logs'),
    GF_SERVER_HTTP_ADDR: layout.host,
    GF_SERVER_HTTP_PORT: String(grafanaPort),
    GF_AUTH_ANONYMOUS_ENABLED: 'true',
    GF_AUTH_ANONYMOUS_ORG_ROLE: 'Viewer',
  });
  process.stdout.write(`Grafana: http://${layout.host}:${grafanaPort} (dashboards under "Price comparison")\n`);
} else {
  process.stdout.write(
    'No Grafana on PATH (Debian has no package; GRAFANA_BIN points at one): the dashboards are in charts/pricecompare/dashboards; Prometheus alone runs.\n',
  );
}
process.stdout.write('Ctrl-C stops them.\n');
