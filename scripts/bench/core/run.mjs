// bench:core — the comparison core at size, on this machine, embedded profile, with the same
// search queries against the Elasticsearch adapter in the same run, printed side by side:
//   search (text + 3 facets + sort) p50/p95/p99 and queries/s at 1 and 8 clients, and the same
//   queries in relevance order (the storefront's default with text) at 1 client,
//   /api/products/{id} and /offers through the BFF, ingest OfferObserved → searchable price
//   (events/s and lag), memory of the whole platform.
// Usage: npm run bench:core -- [--products N] [--history-days D] [--seconds S]
//        [--observations N] [--data-dir DIR] [--only search,bff,ingest] [--skip-elasticsearch]
//        [--sample-seed N] [--crawl-offers N]
// A seeded data dir is reused (seeding large sizes takes long). --only runs some parts;
// --skip-elasticsearch leaves out the side-by-side copy, which first indexes the whole event
// log (long at large sizes). --sample-seed picks the products the BFF and ingest parts use
// (random by default, printed at the end); --crawl-offers how many distinct offers the ingest
// part's crawl observes (20,000 by default, fewer when the platform has fewer Swiss offers).
// A dir multiplied by multiply-platform.mjs in catalog and offers but not yet in search measures
// `--only bff` (on copies spread over the multiplied tables). Ports: WEB_PORT, GRPC_PORT_BASE,
// OPS_PORT_BASE (platform.mjs).
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createServiceClient } from '@pc/kit/grpc/client';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { ProductSort } from '@pc/proto/common/v1/sort';
import { SearchServiceService, SearchProductsRequest } from '@pc/proto/search/v1/search';
import { clusterUrls } from '../../engines/engine-urls.mjs';
import { closedLoop, fmt } from '../adapters/stats.mjs';
import { gaugeMachine } from '../machine-gauge.mjs';
import { startPlatform, grpcAddress, PORTS } from './platform.mjs';
import { buildQueries } from './queries.mjs';
import { measureLag, measureThroughput, openBus } from './ingest.mjs';
import { caughtUp, startElasticsearchSearch } from './es-search.mjs';
import { multiplicationOf } from './multiplication.mjs';
import { crawlPool, sampleOffers, spreadOverCopies } from './sample.mjs';
import { operationsPerThousand, storeOperations } from './store-operations.mjs';

/** The services whose store operations the ingest phases print: the two that do the work. */
const STORE_COUNTED = ['offers', 'search'];

const root = resolve(import.meta.dirname, '..', '..', '..');
const { values: args } = parseArgs({
  args: process.argv.slice(3),
  options: {
    products: { type: 'string', default: '20000' },
    'history-days': { type: 'string', default: '30' },
    seconds: { type: 'string', default: '15' },
    observations: { type: 'string', default: '60000' },
    'data-dir': { type: 'string' },
    only: { type: 'string', default: 'search,bff,ingest' },
    'skip-elasticsearch': { type: 'boolean', default: false },
    // Which products the BFF and ingest parts use (sample.mjs); random unless given.
    'sample-seed': { type: 'string', default: String(Math.floor(Math.random() * 1_000_000)) },
    'crawl-offers': { type: 'string', default: '20000' },
  },
});
const products = Number(args.products);
const seconds = Number(args.seconds);
const PARTS = ['search', 'bff', 'ingest'];
const parts = new Set(args.only.split(','));
for (const part of parts)
  if (!PARTS.includes(part)) throw new Error(`--only: unknown part "${part}" (parts: ${PARTS.join(', ')})`);
const dataDir = resolve(args['data-dir'] ?? join(tmpdir(), `pc-bench-core-${products}`));
mkdirSync(dataDir, { recursive: true });
const multiplied = multiplicationOf(dataDir);
checkMultiplication(multiplied);
const rows = [];
const row = (metric, embedded, elastic, target = '') => {
  rows.push([metric, embedded, elastic, target]);
  console.log(`  ${metric.padEnd(44)} ${String(embedded).padStart(16)} ${String(elastic).padStart(16)}   ${target}`);
};

const gaugeBefore = gaugeMachine();
console.log(`bench:core — ${products.toLocaleString('en')} products, data dir ${dataDir}`);
console.log(`  machine gauge: ${fmt(gaugeBefore, 1)} ms (scripts/bench/machine-gauge.mjs; lower is faster)`);
const seedStarted = performance.now();
const platform = await startPlatform(root, {
  dataDir,
  seedArgs: `--products ${products} --history-days ${args['history-days']} --reviews 2 --wait 86400 --bench-direct`,
});
if (platform.seededInThisRun) {
  const match = /seeded: .*?([\d,]+) offers, ([\d,]+) events in ([\d.]+) s/.exec(platform.output());
  console.log(
    `  seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s${match ? ` (${match[1]} offers, ${match[2]} events)` : ''}`,
  );
}
const search = createServiceClient(SearchServiceService, grpcAddress('search'), { deadlineMs: 30_000 });
const offersClient = createServiceClient(OffersServiceService, grpcAddress('offers'), { deadlineMs: 30_000 });
const bus = openBus(dataDir);
let es = null;
// Everything after the platform started runs inside try, so a failure (an unreachable
// Elasticsearch, a catch-up that times out) still stops the services it started.
try {
  await caughtUp(bus, 'search-indexer');
  const indexed = Number(
    (
      await search.searchProducts(
        SearchProductsRequest.fromPartial({ country: 'CH', language: 'en', page: { hitsPerPage: 1 } }),
      )
    ).page?.total ?? 0,
  );
  // The copy answers the search part alone.
  es =
    clusterUrls().ELASTICSEARCH_URL && !args['skip-elasticsearch'] && parts.has('search')
      ? await startElasticsearchSearch(root, {
          dataDir,
          url: clusterUrls().ELASTICSEARCH_URL,
          port: PORTS.grpcBase + 15,
          bus,
          products: indexed,
        })
      : null;
  console.log(
    `  index: ${indexed.toLocaleString('en')} products${es ? `; Elasticsearch copy: ${(await es.total()).toLocaleString('en')}` : ''}\n`,
  );
  console.log(`  ${'metric'.padEnd(44)} ${'embedded'.padStart(16)} ${'Elasticsearch'.padStart(16)}   target`);

  const queries = parts.has('search') ? await buildQueries(search, 500) : [];
  if (parts.has('search')) {
    // Every query once, one client: what a restarted engine answers before its caches hold the
    // queries' words. The timed runs below then measure the steady state of a serving engine.
    const firstPass = (client) =>
      closedLoop((i) => client.searchProducts(queries[i]), {
        concurrency: 1,
        durationMs: Number.POSITIVE_INFINITY,
        count: queries.length,
      });
    const embedded = await firstPass(search);
    const elastic = es ? await firstPass(es.client) : null;
    const ms = (r) => (r ? `${fmt(r.p50, 1)}/${fmt(r.p95, 1)}/${fmt(r.p99, 1)}` : '—');
    row(`search first pass, cold: p50 / p95 / p99 ms`, ms(embedded), ms(elastic), '');
  }
  for (const concurrency of parts.has('search') ? [1, 8] : []) {
    const run = (client) =>
      closedLoop((i) => client.searchProducts(queries[i % queries.length]), {
        concurrency,
        durationMs: seconds * 1000,
      });
    const embedded = await run(search);
    const elastic = es ? await run(es.client) : null;
    const ms = (r, key) => (r ? fmt(r[key], 1) : '—');
    row(
      `search ${concurrency} client(s): p50 / p95 / p99 ms`,
      `${ms(embedded, 'p50')}/${ms(embedded, 'p95')}/${ms(embedded, 'p99')}`,
      elastic ? `${ms(elastic, 'p50')}/${ms(elastic, 'p95')}/${ms(elastic, 'p99')}` : '—',
      concurrency === 1 ? 'p95 ≤ 30 ms' : '',
    );
    row(
      `search ${concurrency} client(s): queries/s`,
      fmt(embedded.perSecond),
      elastic ? fmt(elastic.perSecond) : '—',
      concurrency === 8 ? '≥ 150/s' : '',
    );
  }
  if (parts.has('search')) {
    // Not a target of the issue, but what a visitor typing a query gets: no sort chosen.
    // The first pass asks for every query's words once (the embedded engine then lets FTS5 score them, ADR 024).
    const byRelevance = queries.map((query) => ({ ...query, sort: ProductSort.PRODUCT_SORT_RELEVANCE }));
    const firstPass = (client) =>
      closedLoop((i) => client.searchProducts(byRelevance[i]), {
        concurrency: 1,
        durationMs: Number.POSITIVE_INFINITY,
        count: byRelevance.length,
      });
    const run = (client) =>
      closedLoop((i) => client.searchProducts(byRelevance[i % byRelevance.length]), {
        concurrency: 1,
        durationMs: seconds * 1000,
      });
    const ms = (r) => (r ? `${fmt(r.p50, 1)}/${fmt(r.p95, 1)}/${fmt(r.p99, 1)}` : '—');
    const [firstEmbedded, firstElastic] = [await firstPass(search), es ? await firstPass(es.client) : null];
    row(`search by relevance, first pass: p50 / p95 / p99 ms`, ms(firstEmbedded), ms(firstElastic), '');
    const [embedded, elastic] = [await run(search), es ? await run(es.client) : null];
    row(`search by relevance, 1 client: p50 / p95 / p99 ms`, ms(embedded), ms(elastic), '');
    row(
      `search by relevance, 1 client: queries/s`,
      fmt(embedded.perSecond),
      elastic ? fmt(elastic.perSecond) : '—',
      '',
    );
  }

  // The Elasticsearch copy would consume the ingest workload below too, on the same two cores.
  const esRss = es ? es.rssMiB() : null;
  await es?.stop();

  // Only the BFF and ingest parts need it.
  const sample =
    parts.has('bff') || parts.has('ingest')
      ? await sampleOffers(search, offersClient, 400, Number(args['sample-seed']))
      : null;
  // Search holds the seed's products alone until its part is multiplied: the BFF reads copies too.
  const bffProductIds =
    multiplied && !multiplied.partsDone.includes('search')
      ? spreadOverCopies(sample.productIds, multiplied.factor, Number(args['sample-seed']))
      : sample?.productIds;
  const bffPaths = [
    ['/api/products/{id}', (id) => `/api/products/${id}?locale=de-ch`],
    ['/api/products/{id}/offers', (id) => `/api/products/${id}/offers?locale=de-ch`],
  ];
  for (const [name, path] of parts.has('bff') ? bffPaths : []) {
    for (const concurrency of [1, 8]) {
      const result = await closedLoop(
        async (i) => {
          const response = await fetch(`${platform.siteUrl}${path(bffProductIds[i % bffProductIds.length])}`);
          if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
          await response.arrayBuffer();
        },
        { concurrency, durationMs: seconds * 1000 },
      );
      row(
        `BFF ${name} ${concurrency}: p50/p95/p99 ms, req/s`,
        `${fmt(result.p50, 1)}/${fmt(result.p95, 1)}/${fmt(result.p99, 1)}, ${fmt(result.perSecond)}`,
        '',
        concurrency === 1 ? 'p95 ≤ 15 ms' : '',
      );
    }
  }

  if (parts.has('ingest')) await measureIngest(sample);
  row(
    'memory (RSS) of the whole platform, MiB',
    fmt(platform.rssMiB()),
    esRss === null ? '—' : `+${fmt(esRss)} (ES search process)`,
  );
} finally {
  await bus.close();
  closeAllChannels();
  await es?.stop();
  await platform.stop();
}
console.log(`\n  machine gauge: ${fmt(gaugeBefore, 1)} ms before, ${fmt(gaugeMachine(), 1)} ms after`);
console.log(
  `\ncommand: npm run bench:core -- ${process.argv.slice(3).join(' ')}${process.argv.includes('--sample-seed') ? '' : ` (sample seed ${args['sample-seed']})`}`,
);

async function measureIngest(sample) {
  const pool = await crawlPool(
    search,
    offersClient,
    Number(args['crawl-offers']),
    Number(args['sample-seed']),
    sample.probes,
  );
  console.log(`  (the crawl below observes ${fmt(pool.length)} distinct offers)`);
  const crawl = async (changedShare, observations) => {
    const result = await measureThroughput({
      bus,
      search,
      offers: pool,
      markers: sample.probes.slice(0, 6),
      observations,
      changedShare,
      cpuSeconds: () => platform.cpuSeconds(),
      storeOperations: async () =>
        Object.fromEntries(
          await Promise.all(
            STORE_COUNTED.map(async (service) => [service, await storeOperations(platform.opsUrl(service))]),
          ),
        ),
    });
    const store = Object.fromEntries(
      STORE_COUNTED.map((service) => [
        service,
        operationsPerThousand(result.store.before[service], result.store.after[service], result.events),
      ]),
    );
    return { ...result, cpu: cpuPerThousand(result.cpu.before, result.cpu.after, result.events), store };
  };
  const observations = Number(args.observations);
  const mixed = await crawl(0.1, observations);
  row(
    'ingest, crawl with 10% changed: observations/s',
    `${fmt(mixed.perSecond)}${mixed.caughtUp ? '' : ' (timed out)'}`,
    '',
    '≥ 10,000/s',
  );
  // A crawl that comes round often finds fewer changes: how the rate grows as they get rarer.
  const fewChanged = await crawl(0.01, observations);
  row(
    'ingest, crawl with 1% changed: observations/s',
    `${fmt(fewChanged.perSecond)}${fewChanged.caughtUp ? '' : ' (timed out)'}`,
    '',
  );
  const allChanged = await crawl(1, Math.ceil(observations / 4));
  row(
    'ingest, every observation changed: observations/s',
    `${fmt(allChanged.perSecond)}${allChanged.caughtUp ? '' : ' (timed out)'}`,
    '',
  );
  const lag = await measureLag({
    bus,
    search,
    offers: pool,
    probes: sample.probes.slice(6),
    rate: Math.max(10, Math.floor(allChanged.perSecond / 2)),
    seconds,
  });
  row(
    `ingest lag at ${fmt(lag.rate)} changes/s: p50 / p95 ms`,
    `${fmt(lag.p50)}/${fmt(lag.p95)} (${lag.seen}/${lag.probes})`,
    '',
    'p95 ≤ 2,000 ms',
  );
  console.log(`\n  CPU ms per 1,000 observations, by process (10% changed | 1% changed | all changed):`);
  const phases = [mixed, fewChanged, allChanged];
  for (const name of Object.keys(mixed.cpu).sort((a, b) => mixed.cpu[b] - mixed.cpu[a])) {
    if (phases.some((phase) => (phase.cpu[name] ?? 0) >= 1))
      console.log(`    ${name.padEnd(20)} ${phases.map((phase) => fmt(phase.cpu[name] ?? 0).padStart(8)).join(' |')}`);
  }
  // Which store operations that CPU went to (each service's /metrics, kit/telemetry/store-metrics.ts;
  // the embedded store only: MongoDB's work is the server's).
  for (const service of STORE_COUNTED) {
    const rows = mixed.store[service].slice(0, 12);
    if (rows.length > 0)
      console.log(
        `\n  ${service}: store operations per 1,000 observations, count / ms holding its thread (same phases):`,
      );
    for (const { key } of rows) {
      const cell = (phase) => {
        const entry = phase.store[service].find((e) => e.key === key);
        return `${fmt(entry?.count ?? 0)} / ${fmt(entry?.ms ?? 0, 1)}`.padStart(14);
      };
      console.log(`    ${key.padEnd(32)} ${phases.map(cell).join(' |')}`);
    }
  }
  console.log('');
}

/**
 * A dir whose offers and catalog are multiplied but not yet search's side state (the search index
 * is still the seed's, so `npm start` is ready in seconds rather than after a 35–45 min rebuild)
 * measures the BFF only: search and ingest would measure a 5,000-product index.
 */
function checkMultiplication(state) {
  if (!state || state.complete) return;
  const pending = ['offers', 'catalog'].filter((part) => !state.partsDone.includes(part));
  if (pending.length > 0)
    throw new Error(
      `${dataDir} is being multiplied (${pending.join(', ')} not done): finish multiply-platform.mjs first`,
    );
  const needSearch = [...parts].filter((part) => part !== 'bff');
  if (needSearch.length > 0)
    throw new Error(
      `--only ${needSearch.join(',')}: search's side state of ${dataDir} is not multiplied yet; --only bff needs ` +
        'catalog and offers alone, the other parts a run of multiply-platform.mjs without --parts',
    );
}

/** CPU milliseconds each process spent per 1,000 events between two `cpuSeconds()` readings. */
function cpuPerThousand(before, after, events) {
  return Object.fromEntries(
    Object.entries(after).map(([name, seconds]) => [name, ((seconds - (before[name] ?? 0)) * 1_000_000) / events]),
  );
}
