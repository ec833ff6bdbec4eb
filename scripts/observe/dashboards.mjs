// The Grafana dashboards of the platform, written as JSON into charts/pricecompare/dashboards/
// (the chart provisions them as ConfigMaps for Grafana's sidecar; `npm run observe` loads them
// into a local Grafana). Edit the panels here and run `node scripts/observe/dashboards.mjs`;
// scripts/observe/dashboards.test.ts fails when the files differ from what this writes, and
// scripts/e2e/telemetry.e2e.test.ts when a panel asks for a metric no running service exposes.
//
// Every series carries `app_kubernetes_io_name` (the component: catalog, …, web): the chart's
// ServiceMonitors and the annotation scraping map the pod label to it, and `npm run observe`
// sets it on each local target, so one dashboard serves both.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import serviceList from '../platform/service-list.cjs';

const { SERVICES } = serviceList;
const root = fileURLToPath(new URL('../..', import.meta.url));
export const DASHBOARD_DIR = join(root, 'charts', 'pricecompare', 'dashboards');

const APP = 'app_kubernetes_io_name';
/** Server-side failures only (UNKNOWN, DEADLINE_EXCEEDED, UNIMPLEMENTED, INTERNAL, UNAVAILABLE, DATA_LOSS), as the alert rules count them. */
const GRPC_SERVER_ERRORS = '2|4|12|13|14|15';

const datasource = { type: 'prometheus', uid: '${datasource}' };

/** A time-series panel; `targets` are [expr, legend] pairs. */
function panel(title, unit, targets, { description = '', stack = false } = {}) {
  return {
    type: 'timeseries',
    title,
    description,
    datasource,
    fieldConfig: {
      defaults: {
        unit,
        custom: stack ? { stacking: { mode: 'normal' }, fillOpacity: 30 } : { fillOpacity: 10 },
      },
      overrides: [],
    },
    options: { legend: { displayMode: 'table', placement: 'bottom', calcs: ['lastNotNull', 'max'] } },
    targets: targets.map(([expr, legendFormat], i) => ({
      datasource,
      expr,
      legendFormat,
      refId: String.fromCharCode(65 + i),
    })),
  };
}

/** Quantiles of a histogram per `by` over 5 minutes, one target each (legend `p99 {{by}}`). */
function quantiles(title, unit, bucket, by, matcher, qs) {
  const legend = (q) => `${qs.length > 1 ? `p${Math.round(q * 100)} ` : ''}{{${by}}}`;
  return panel(
    title,
    unit,
    qs.map((q) => [`histogram_quantile(${q}, sum by (${by}, le) (rate(${bucket}{${matcher}}[5m])))`, legend(q)]),
  );
}

/** A single number (the last value). */
function stat(title, unit, expr, description = '') {
  return {
    type: 'stat',
    title,
    description,
    datasource,
    fieldConfig: { defaults: { unit }, overrides: [] },
    options: { reduceOptions: { calcs: ['lastNotNull'] }, colorMode: 'value', graphMode: 'area' },
    targets: [{ datasource, expr, refId: 'A' }],
  };
}

/** Rows of panels laid out on Grafana's 24-column grid: two a row, stats four a row. */
function layout(panels) {
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  return panels.map((p, id) => {
    const w = p.type === 'stat' ? 6 : 12;
    const h = p.type === 'stat' ? 4 : 8;
    if (x + w > 24) {
      x = 0;
      y += rowHeight;
      rowHeight = 0;
    }
    const placed = { ...p, id: id + 1, gridPos: { x, y, w, h } };
    x += w;
    rowHeight = Math.max(rowHeight, h);
    return placed;
  });
}

const datasourceVariable = {
  name: 'datasource',
  label: 'Data source',
  type: 'datasource',
  query: 'prometheus',
  current: {},
  hide: 0,
};

function dashboard(uid, title, description, panels, variables = []) {
  return {
    uid,
    title,
    description,
    tags: ['pricecompare'],
    editable: true,
    schemaVersion: 39,
    refresh: '30s',
    time: { from: 'now-1h', to: 'now' },
    templating: { list: [datasourceVariable, ...variables] },
    annotations: { list: [] },
    panels: layout(panels),
  };
}

const sel = (extra = '') => `{${APP}=~"$service"${extra ? `,${extra}` : ''}}`;

/** RED of gRPC calls, saturation and errors per component. */
function overview() {
  const service = {
    name: 'service',
    label: 'Service',
    // The services that serve gRPC, as Prometheus sees them: a service added to
    // services/services.json appears here without an edit.
    type: 'query',
    datasource,
    query: { query: `label_values(rpc_server_duration_count, ${APP})`, refId: 'services' },
    definition: `label_values(rpc_server_duration_count, ${APP})`,
    refresh: 2,
    sort: 1,
    includeAll: true,
    multi: true,
    allValue: '.+',
    current: { text: 'All', value: '$__all' },
  };
  return dashboard(
    'pricecompare-overview',
    'Price comparison · Overview',
    'RED per service (gRPC calls served), the site per route, saturation (CPU, event-loop delay, memory) and what waits (lag, outbox, dead letters).',
    [
      panel('gRPC requests per second', 'reqps', [
        [`sum by (${APP}) (rate(rpc_server_duration_count${sel()}[5m]))`, `{{${APP}}}`],
      ]),
      panel(
        'gRPC server errors',
        'percentunit',
        [
          [
            `sum by (${APP}) (rate(rpc_server_duration_count${sel(`rpc_grpc_status_code=~"${GRPC_SERVER_ERRORS}"`)}[5m])) / sum by (${APP}) (rate(rpc_server_duration_count${sel()}[5m]))`,
            `{{${APP}}}`,
          ],
        ],
        {
          description:
            'Share of calls ending with a server-side status; caller errors (INVALID_ARGUMENT, NOT_FOUND, …) are not counted.',
        },
      ),
      panel('gRPC p99 latency', 'ms', [
        [`histogram_quantile(0.99, sum by (${APP}, le) (rate(rpc_server_duration_bucket${sel()}[5m])))`, `{{${APP}}}`],
      ]),
      panel('Site requests per second by status', 'reqps', [
        [
          `sum by (http_response_status_code) (rate(http_server_request_duration_count{${APP}="web"}[5m]))`,
          '{{http_response_status_code}}',
        ],
      ]),
      panel('Site p95 latency by route', 's', [
        [
          `histogram_quantile(0.95, sum by (http_route, le) (rate(http_server_request_duration_bucket{${APP}="web"}[5m])))`,
          '{{http_route}}',
        ],
      ]),
      panel('CPU (cores)', 'short', [[`sum by (${APP}) (rate(process_cpu_time_total[5m]))`, `{{${APP}}}`]]),
      panel('Event-loop delay p99', 'ms', [[`max by (${APP}) (nodejs_eventloop_delay_p99)`, `{{${APP}}}`]], {
        description: 'A blocked loop delays every call of that process: the first sign of saturation.',
      }),
      panel('Resident memory', 'bytes', [[`sum by (${APP}) (process_memory_rss)`, `{{${APP}}}`]]),
      panel('Consumer lag by group', 'short', [
        ['sum by (messaging_consumer_group_name) (messaging_consumer_lag)', '{{messaging_consumer_group_name}}'],
      ]),
      panel('Outbox backlog and dead letters', 'short', [
        ['sum by (producer) (outbox_backlog)', 'outbox {{producer}}'],
        [
          'sum by (messaging_consumer_group_name) (increase(messaging_process_messages_total{outcome="dead_letter"}[15m]))',
          'dead letters {{messaging_consumer_group_name}}',
        ],
      ]),
    ],
    [service],
  );
}

/** One service: its RPCs, its store, its process, its consumers. */
function serviceDashboard(name) {
  const app = `${APP}="${name}"`;
  return dashboard(
    `pricecompare-${name}`,
    `Price comparison · ${name}`,
    `The ${name} service: RED per RPC, the events it handles, its document store and its process.`,
    [
      panel('Requests per second by RPC', 'reqps', [
        [`sum by (rpc_method) (rate(rpc_server_duration_count{${app}}[5m]))`, '{{rpc_method}}'],
      ]),
      panel('Errors by RPC and status', 'reqps', [
        [
          `sum by (rpc_method, rpc_grpc_status_code) (rate(rpc_server_duration_count{${app},rpc_grpc_status_code!="0"}[5m]))`,
          '{{rpc_method}} {{rpc_grpc_status_code}}',
        ],
      ]),
      quantiles('p50 / p99 latency by RPC', 'ms', 'rpc_server_duration_bucket', 'rpc_method', app, [0.5, 0.99]),
      quantiles('Calls to other services p99', 'ms', 'rpc_client_duration_bucket', 'rpc_method', app, [0.99]),
      panel('Events handled by outcome', 'ops', [
        [
          `sum by (messaging_destination_name, outcome) (rate(messaging_process_messages_total{${app}}[5m]))`,
          '{{messaging_destination_name}} {{outcome}}',
        ],
      ]),
      panel('Consumer lag', 'short', [
        [
          `sum by (messaging_consumer_group_name, messaging_destination_name) (messaging_consumer_lag{${app}})`,
          '{{messaging_consumer_group_name}} {{messaging_destination_name}}',
        ],
      ]),
      panel('Embedded store operations', 'ops', [
        [`sum by (collection, operation) (rate(store_operations_total{${app}}[5m]))`, '{{collection}} {{operation}}'],
      ]),
      panel('Outbox backlog', 'short', [[`sum (outbox_backlog{${app}})`, 'waiting']]),
      panel('CPU and event-loop delay', 'short', [
        [`sum (rate(process_cpu_time_total{${app}}[5m]))`, 'cores'],
        [`max (nodejs_eventloop_delay_p99{${app}}) / 1000`, 'loop delay p99 (s)'],
      ]),
      panel('Memory', 'bytes', [
        [`sum (process_memory_rss{${app}})`, 'rss'],
        [`sum (process_memory_heap_used{${app}})`, 'heap used'],
      ]),
    ],
  );
}

/** The site (web/): HTTP RED per route, its loaders' calls to the services, its micro-cache, its process. */
function site() {
  const app = `${APP}="web"`;
  return dashboard(
    'pricecompare-web',
    'Price comparison · web (the site)',
    'The Remix site: requests per route and status, latency per route, the gRPC calls its loaders make, its micro-cache and page refresher, its process. Served on METRICS_PORT.',
    [
      panel('Requests per second by route', 'reqps', [
        [`sum by (http_route) (rate(http_server_request_duration_count{${app}}[5m]))`, '{{http_route}}'],
      ]),
      panel('5xx share by route', 'percentunit', [
        [
          `sum by (http_route) (rate(http_server_request_duration_count{${app},http_response_status_code=~"5.."}[5m])) / sum by (http_route) (rate(http_server_request_duration_count{${app}}[5m]))`,
          '{{http_route}}',
        ],
      ]),
      quantiles(
        'p50 / p95 latency by route',
        's',
        'http_server_request_duration_bucket',
        'http_route',
        app,
        [0.5, 0.95],
      ),
      quantiles('Calls to the services p99', 'ms', 'rpc_client_duration_bucket', 'rpc_method', app, [0.99]),
      panel('CPU and event-loop delay', 'short', [
        [`sum (rate(process_cpu_time_total{${app}}[5m]))`, 'cores'],
        [`max (nodejs_eventloop_delay_p99{${app}}) / 1000`, 'loop delay p99 (s)'],
      ]),
      panel('Memory', 'bytes', [[`sum (process_memory_rss{${app}})`, 'rss']]),
      // Hits and stale copies come from memory; misses and signed-in (personal) requests render;
      // refreshes are the cache's own renders (ADR 013, 082, 083).
      panel('Micro-cache answers', 'reqps', [
        [`sum by (answer) (rate(web_micro_cache_requests_total{${app}}[5m]))`, '{{answer}}'],
        [
          `sum (rate(web_micro_cache_requests_total{${app},answer=~"hits|stale"}[5m])) / sum (rate(web_micro_cache_requests_total{${app},answer!="refreshes"}[5m]))`,
          'hit ratio',
        ],
      ]),
      // Changed pages rendered again (ADR 082, 084); at 500 waiting the rest are dropped
      // (alert PricecompareSiteRefreshBehind).
      panel('Page refresher', 'short', [
        [`sum by (result) (rate(web_page_refresh_pages_total{${app}}[5m]))`, '{{result}} per second'],
        [`max (web_page_refresh_queued{${app}})`, 'waiting'],
        [`sum (web_micro_cache_pages{${app}})`, 'pages stored'],
      ]),
    ],
  );
}

function events() {
  return dashboard(
    'pricecompare-events',
    'Price comparison · Events',
    'The event buses: lag per group and topic (embedded event log and Kafka, from the services; Kafka per partition from kafka-exporter), throughput, retries, dead letters and the outboxes.',
    [
      panel('Consumer lag by group and topic', 'short', [
        [
          'sum by (messaging_consumer_group_name, messaging_destination_name) (messaging_consumer_lag)',
          '{{messaging_consumer_group_name}} {{messaging_destination_name}}',
        ],
      ]),
      panel(
        'Kafka lag by group and partition (kafka-exporter)',
        'short',
        [
          [
            'sum by (consumergroup, topic, partition) (kafka_consumergroup_lag)',
            '{{consumergroup}} {{topic}}/{{partition}}',
          ],
        ],
        { description: 'Only where the event bus is Kafka and kafka-exporter runs (kafkaExporter.enabled).' },
      ),
      panel('Events handled per second by topic', 'ops', [
        [
          'sum by (messaging_destination_name) (rate(messaging_process_messages_total{outcome="ok"}[5m]))',
          '{{messaging_destination_name}}',
        ],
      ]),
      panel('Retries and dead letters', 'ops', [
        [
          'sum by (messaging_consumer_group_name, outcome) (rate(messaging_process_messages_total{outcome!="ok"}[5m]))',
          '{{messaging_consumer_group_name}} {{outcome}}',
        ],
      ]),
      panel('Outbox backlog by producer', 'short', [['sum by (producer) (outbox_backlog)', '{{producer}}']], {
        description: 'Events written with their documents and not yet on the bus: zero unless the bus was away.',
      }),
      stat(
        'Dead letters (24 h)',
        'short',
        'sum (increase(messaging_process_messages_total{outcome="dead_letter"}[24h]))',
        'Replay them with the dead-letter runbook once the cause is fixed.',
      ),
    ],
  );
}

function search() {
  const app = `${APP}="search"`;
  return dashboard(
    'pricecompare-search',
    'Price comparison · Search',
    'Search latency, how fast a price change becomes searchable, and the size of each index.',
    [
      panel('Search RPC latency p50 / p99', 'ms', [
        [
          `histogram_quantile(0.5, sum by (rpc_method, le) (rate(rpc_server_duration_bucket{${app},rpc_method=~".*/(SearchProducts.*|Suggest.*)"}[5m])))`,
          'p50 {{rpc_method}}',
        ],
        [
          `histogram_quantile(0.99, sum by (rpc_method, le) (rate(rpc_server_duration_bucket{${app},rpc_method=~".*/(SearchProducts.*|Suggest.*)"}[5m])))`,
          'p99 {{rpc_method}}',
        ],
      ]),
      panel('Searches per second', 'reqps', [
        [`sum by (rpc_method) (rate(rpc_server_duration_count{${app}}[5m]))`, '{{rpc_method}}'],
      ]),
      panel('Price change to searchable p50 / p99', 'ms', [
        ['histogram_quantile(0.5, sum by (le) (rate(search_price_index_lag_bucket[5m])))', 'p50'],
        ['histogram_quantile(0.99, sum by (le) (rate(search_price_index_lag_bucket[5m])))', 'p99'],
      ]),
      panel('Documents by index', 'short', [['max by (index) (search_index_documents)', '{{index}}']]),
      panel('Index size on disk', 'bytes', [['max by (index) (search_index_storage)', '{{index}}']]),
      panel('Indexer lag', 'short', [
        [`sum by (messaging_destination_name) (messaging_consumer_lag{${app}})`, '{{messaging_destination_name}}'],
      ]),
    ],
  );
}

function crawler() {
  return dashboard(
    'pricecompare-crawler',
    'Price comparison · Crawler',
    'Pages per second, the hosts it is on now (politeness: at most one request in flight per host), robots.txt, feeds and what they yielded.',
    [
      panel('Pages per second by status class', 'ops', [
        ['sum by (class) (rate(crawler_pages_total[5m]))', '{{class}}'],
      ]),
      panel(
        'Requests in flight per host',
        'short',
        [['topk(20, sum by (host) (crawler_host_in_flight))', '{{host}}']],
        { description: 'Politeness: one request at a time per host; a host above 1 is a bug.' },
      ),
      panel('robots.txt refusals and fetch failures', 'ops', [
        ['sum by (reason) (rate(crawler_robots_refusals_total[5m]))', 'robots {{reason}}'],
        ['sum by (reason) (rate(crawler_fetch_failures_total[5m]))', 'fetch {{reason}}'],
      ]),
      panel('Offers observed per second', 'ops', [
        ['sum by (method) (rate(crawler_offers_observed_total[5m]))', '{{method}}'],
      ]),
      panel('Feed fetches by outcome', 'ops', [
        ['sum by (outcome) (rate(crawler_feed_fetches_total[5m]))', '{{outcome}}'],
      ]),
      panel('HTTP answers by code', 'ops', [['sum by (code) (rate(crawler_http_status_total[5m]))', '{{code}}']]),
    ],
  );
}

function business() {
  return dashboard(
    'pricecompare-business',
    'Price comparison · Business',
    'Offers and shops, ingest, click-outs, alerts fired, registrations.',
    [
      stat('Offers listed', 'short', 'max (offers_listed)', 'As of the last count of the shops’ offers.'),
      stat('Active shops', 'short', 'max (offers_shops_active)'),
      stat('Click-outs (24 h)', 'short', 'sum (increase(affiliates_click_outs_total{outcome="redirected"}[24h]))'),
      stat('Alerts fired (24 h)', 'short', 'sum (increase(notifications_alerts_fired_total[24h]))'),
      panel('Ingest: observations per second by outcome', 'ops', [
        ['sum by (outcome) (rate(offers_observations_total[5m]))', '{{outcome}}'],
      ]),
      panel('Click-outs per minute', 'short', [
        ['sum by (outcome) (rate(affiliates_click_outs_total[5m])) * 60', '{{outcome}}'],
      ]),
      panel('Alerts fired per hour by kind', 'short', [
        ['sum by (kind) (rate(notifications_alerts_fired_total[1h])) * 3600', '{{kind}}'],
      ]),
      panel('Offers listed and active shops', 'short', [
        ['max (offers_listed)', 'offers'],
        ['max (offers_shops_active)', 'shops'],
      ]),
      panel('Registrations and sign-ins per hour', 'short', [
        ['sum (rate(accounts_registrations_total[1h])) * 3600', 'registrations'],
        ['sum by (outcome) (rate(accounts_sign_ins_total[1h])) * 3600', 'sign-ins {{outcome}}'],
      ]),
    ],
  );
}

/** File name → dashboard. */
export function dashboards() {
  return {
    'overview.json': overview(),
    ...Object.fromEntries(SERVICES.map((name) => [`service-${name}.json`, serviceDashboard(name)])),
    'service-web.json': site(),
    'events.json': events(),
    'search.json': search(),
    'crawler.json': crawler(),
    'business.json': business(),
  };
}

export const render = (board) => `${JSON.stringify(board, null, 2)}\n`;

// `--check`: exit 1, naming the files, when the committed dashboards differ from these.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const boards = Object.entries(dashboards()).map(([file, board]) => [join(DASHBOARD_DIR, file), render(board)]);
  if (process.argv.includes('--check')) {
    const stale = boards.filter(([path, text]) => !existsSync(path) || readFileSync(path, 'utf8') !== text);
    const extra = readdirSync(DASHBOARD_DIR).filter((file) => !boards.some(([path]) => path.endsWith(`/${file}`)));
    for (const [path] of stale) console.error(`out of date: ${path} (run node scripts/observe/dashboards.mjs)`);
    for (const file of extra) console.error(`not written by scripts/observe/dashboards.mjs: ${file}`);
    process.exit(stale.length + extra.length > 0 ? 1 : 0);
  }
  for (const [path, text] of boards) writeFileSync(path, text);
  console.log(`wrote ${boards.length} dashboards to ${DASHBOARD_DIR}`);
}
