import { randomBytes } from 'node:crypto';
import { SERVICES } from '../platform/service-list.cjs';
import { dashboardQueries, exposedNames, missingMetrics, ruleQueries } from '../observe/metric-names';
import { startPlatform, type RunningPlatform } from './platform-process';
import { TraceCollector, type CollectedSpan } from './trace-collector';

/** Polls `read` until it returns something (never a fixed sleep), at most `timeoutMs`. */
async function eventually<T>(
  what: string,
  read: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const SERVER = 2;
const CLIENT = 3;
/** `pricecompare.catalog.v1.CatalogService` → `catalog`. */
const serviceOf = (rpcService: string | number | boolean | undefined) => String(rpcService ?? '').split('.')[1] ?? '';

/**
 * Telemetry of the platform as `npm start` runs it (a process per service and the site, the
 * embedded engines), seeded by the demo shops through the crawler: its traces, exported by every
 * process over OTLP to this test, and its `/metrics`, which every Grafana panel and alert rule
 * must find their metrics in.
 */
describe('telemetry of npm start', () => {
  const collector = new TraceCollector();
  let platform: RunningPlatform;

  beforeAll(async () => {
    const endpoint = await collector.start();
    platform = await startPlatform(19, {
      seedArgs: '--products 10 --shops 4 --history-days 2 --reviews 1',
      env: {
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint,
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
        // Spans leave in batches every 200 ms instead of 5 s.
        OTEL_BSP_SCHEDULE_DELAY: '200',
      },
    });
  }, 300_000);

  afterAll(async () => {
    if (platform && platform.process.exitCode === null) await platform.interrupt();
    await collector.stop();
  });

  it('follows one page view from the site through every service it calls as one trace', async () => {
    const traceId = randomBytes(16).toString('hex');
    const page = await fetch(`${platform.siteUrl}/en-ch`, {
      headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
    });
    expect(page.status).toBe(200);
    await page.text();

    // The site's request span ends after every call its loaders made, and spans leave in the
    // order they end: once it is in, so are all the client spans (they may span several batches).
    const calls = await eventually('the site’s request and its gRPC calls', () => {
      const spans = collector.trace(traceId).filter((span) => span.service === 'web');
      if (!spans.some((span) => span.kind === SERVER)) return undefined;
      const found = spans.filter((span) => span.kind === CLIENT);
      return found.length > 0 ? found : undefined;
    });
    const called = [...new Set(calls.map((span) => serviceOf(span.attributes['rpc.service'])))].sort();
    expect(called.length).toBeGreaterThan(1);
    // Every call the page made was served, inside this trace, by the service's own process,
    // as the child of the site's client span.
    const served = await eventually('every call served in the trace', () => {
      const spans = collector.trace(traceId);
      const answered = calls.every((call) =>
        spans.some((span) => span.kind === SERVER && span.parentSpanId === call.spanId),
      );
      return answered ? spans : undefined;
    });
    const servers = served.filter((span) => span.kind === SERVER && span.service !== 'web');
    expect([...new Set(servers.map((span) => span.service))].sort()).toEqual(called);
    for (const span of servers) expect(serviceOf(span.attributes['rpc.service'])).toBe(span.service);
    // The site's own spans: the request (with its route) and the loaders that made the calls.
    const site = served.filter((span) => span.service === 'web');
    const request = site.find((span) => span.kind === SERVER);
    expect(request?.attributes['http.route']).toBe('/:locale');
    const loaders = site.filter((span) => span.name.startsWith('loader '));
    expect(loaders.length).toBeGreaterThan(0);
    const byId = new Map<string, CollectedSpan>(served.map((span) => [span.spanId, span]));
    const ancestors = (span: CollectedSpan): CollectedSpan[] => {
      const parent = byId.get(span.parentSpanId);
      return parent ? [parent, ...ancestors(parent)] : [];
    };
    for (const call of calls) expect(ancestors(call).some((span) => span.name.startsWith('loader '))).toBe(true);
  }, 120_000);

  it('exposes every metric the Grafana dashboards and the alert rules ask for', async () => {
    // The site serves /metrics on the ops port after the services' (scripts/platform/services.mjs).
    const ports = [...SERVICES.map((service) => platform.opsPort(service)), platform.opsPort(SERVICES.at(-1)!) + 1];
    const exposed = new Set<string>();
    // Offers observed on shops' pages: the seed's crawl of the shops without feeds, a page a second.
    await eventually(
      'the crawler to read a page',
      async () => {
        const text = await (await fetch(`http://127.0.0.1:${platform.opsPort('crawler')}/metrics`)).text();
        return exposedNames(text).has('crawler_offers_observed_total') ? true : undefined;
      },
      120_000,
    );
    for (const port of ports) {
      const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect({ port, status: answer.status }).toEqual({ port, status: 200 });
      for (const name of exposedNames(await answer.text())) exposed.add(name);
    }
    const rules = ruleQueries();
    expect(missingMetrics([...dashboardQueries(), ...rules.uses], exposed, rules.recorded)).toEqual([]);
  }, 180_000);
});
