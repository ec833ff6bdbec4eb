// `npm run bench:crawler [-- --shops 400 --products 27000 --warmup 60 --seconds 180 --changes 20 --e2e-seed 4 --e2e-shops 40]`:
// the crawler against the local demo shops (docs/benchmarks.md), three parts in one run —
//  A. our crawler (the service's own process, embedded engines) discovering and crawling every
//     shop's site: pages/min over ≥ 200 hosts and over-rate arrivals, both from the demo shops'
//     own request log;
//  B. crawlee's CheerioCrawler on the same shops and pages, its politeness configured as ours
//     (sameDomainDelaySecs 1, robots.txt, same concurrency), judged by the same log;
//  C. the whole platform: a price changed on a fast-moving shop's product page until the site's
//     search shows it (p50/p95).
// The machine gauge is printed before and after (the machine is shared). Feed parsing throughput:
// npm run bench:feeds.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { gaugeMachine } from '../machine-gauge.mjs';
import { startOurCrawler } from './our-crawler.mjs';
import { measurePriceToSearch } from './price-latency.mjs';
import { startDemoShops, startReady } from './processes.mjs';
import { crawlReport } from './request-log.mjs';

const root = resolve(import.meta.dirname, '..', '..', '..');
const { values: args } = parseArgs({
  args: process.argv.slice(3),
  options: {
    // The hosts of a crawl: a real crawler has thousands; the demo world's small sites are crawled
    // through within minutes, so the window needs more of them than it can keep busy (products grow
    // with the shops, so a shop's site is as large as in a 300-shop world).
    shops: { type: 'string', default: '400' },
    products: { type: 'string', default: '27000' },
    warmup: { type: 'string', default: '60' },
    seconds: { type: 'string', default: '180' },
    concurrency: { type: 'string', default: '512' },
    changes: { type: 'string', default: '20' },
    // Part C's world: a seed whose first shops include fast movers read by their pages (seed 4 has two among 40).
    'e2e-seed': { type: 'string', default: '4' },
    'e2e-shops': { type: 'string', default: '40' },
    only: { type: 'string', default: 'ours,cheerio,e2e' },
  },
});
const parts = new Set(args.only.split(','));
const env = process.env;
// Ports: the launcher's variables when set (a helper's own block), else the bench's own.
const grpcBase = Number(env.GRPC_PORT_BASE ?? 23451);
const opsBase = Number(env.OPS_PORT_BASE ?? 9951);
const demoPort = Number(env.DEMO_SHOPS_PORT ?? 8900);
const webPort = Number(env.WEB_PORT ?? 3750);
const network = '127.20';
const warmupMs = Number(args.warmup) * 1000;
const windowMs = Number(args.seconds) * 1000;
const log = (line) => process.stdout.write(`${line}\n`);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const gauges = [gaugeMachine()];
log(`machine gauge before: ${gauges[0].toFixed(0)} ms`);

const worldArgs = ['--seed', 'bench', '--shops', args.shops, '--products', args.products, '--history-days', '7'];
const rows = {};

if (parts.has('ours') || parts.has('cheerio')) {
  const demo = await startDemoShops(root, { port: demoPort + 1, network, worldArgs });
  const manifest = await demo.manifest();
  log(
    `demo shops: ${manifest.shops.length} shops on ${network}.x.y:${demoPort + 1} (seed bench, ${args.products} products)`,
  );

  /** Runs a crawler for warm-up + window, then reads the shops' log; `cpu` reads the crawler's CPU seconds. */
  const measure = async (name, start) => {
    await demo.clearLog();
    const runStart = Date.now();
    const crawler = await start();
    const demoCpu0 = demo.cpuSeconds();
    await sleep(warmupMs);
    const windowStart = Date.now();
    const cpu0 = crawler.cpuSeconds();
    await sleep(windowMs);
    const windowEnd = Date.now();
    const cpu = crawler.cpuSeconds() - cpu0;
    await crawler.stop();
    const report = await crawlReport(demo, manifest, { runStart, windowStart, windowEnd });
    rows[name] = {
      ...report,
      cpuPerThousand: (cpu / ((report.requestsPerMinute * windowMs) / 60_000)) * 1000,
      demoCpu: demo.cpuSeconds() - demoCpu0,
    };
    log(
      `  ${name}: ${JSON.stringify(rows[name], (key, value) => (typeof value === 'number' ? Math.round(value * 10) / 10 : value))}`,
    );
  };

  if (parts.has('ours')) {
    await measure('ours', () =>
      startOurCrawler(root, {
        grpcPort: grpcBase + 6,
        opsPort: opsBase + 6,
        manifest,
        concurrency: Number(args.concurrency),
      }),
    );
  }
  if (parts.has('cheerio')) {
    const manifestFile = join(mkdtempSync(join(tmpdir(), 'pc-bench-cheerio-')), 'manifest.json');
    writeFileSync(manifestFile, JSON.stringify(manifest));
    await measure('cheerio', async () => {
      const side = startReady(
        'CheerioCrawler',
        [
          '--require',
          join(import.meta.dirname, 'named-hosts.cjs'),
          join(import.meta.dirname, 'cheerio-side.mjs'),
          manifestFile,
          args.concurrency,
        ],
        { cwd: root, env: { BENCH_DEMO_NETWORK: network } },
      );
      await side.ready;
      return side;
    });
    rmSync(manifestFile, { force: true });
  }
  await demo.stop();
}

let latency = null;
if (parts.has('e2e')) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-bench-crawler-platform-'));
  try {
    latency = await measurePriceToSearch(root, {
      dataDir,
      seedArgs: `--seed ${args['e2e-seed']} --products 150 --shops ${args['e2e-shops']} --history-days 14 --reviews 0`,
      ports: { web: webPort, grpcBase, opsBase },
      demoPort,
      changes: Number(args.changes),
      log,
    });
  } finally {
    closeAllChannels();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

gauges.push(gaugeMachine());
log(`machine gauge after: ${gauges[1].toFixed(0)} ms\n`);
const n = (value, digits = 0) =>
  value === undefined || value === null
    ? '–'
    : value.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
if (rows.ours || rows.cheerio) {
  log(
    `| ${args.shops} demo shops, ${args.seconds} s after ${args.warmup} s warm-up | our crawler | crawlee CheerioCrawler |`,
  );
  log('|---|---|---|');
  const line = (label, key, digits = 0) =>
    log(`| ${label} | ${n(rows.ours?.[key], digits)} | ${n(rows.cheerio?.[key], digits)} |`);
  line('hosts requested in the window', 'hosts');
  line('requests/min (shops\u2019 log)', 'requestsPerMinute');
  line('pages/min (200, no robots.txt, sitemap or feed)', 'htmlPagesPerMinute');
  line('product pages/min (200)', 'productPagesPerMinute');
  line('over-rate arrivals (< 1 s after the last on the host), whole run', 'overRate');
  line('most requests in flight on one host', 'maxInFlight');
  line('429/503 answers, whole run', 'throttled');
  line('median gap between two requests on a well-behaved shop (ms)', 'medianGapMs');
  line('crawler CPU s per 1,000 requests', 'cpuPerThousand', 1);
  for (const [name, row] of Object.entries(rows)) {
    log(
      `\n${name}, by class of shop: | class | shops | asked in the window | never asked | ran out of pages | requests/min per shop asked | busy share |`,
    );
    log('|---|---|---|---|---|---|---|');
    for (const [label, c] of Object.entries(row.hostClasses))
      log(
        `| ${label} | ${c.shops} | ${c.asked} | ${c.neverAsked} | ${c.ranOut} | ${n(c.perShopPerMinute, 1)} | ${n(c.busyShare * 100)} % |`,
      );
  }
}
if (latency) {
  const sorted = (values) => values.filter((value) => value !== null).sort((a, b) => a - b);
  const pct = (values, p) =>
    values.length === 0 ? null : values[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] / 1000;
  const searchable = sorted(latency.results.map((result) => result.searchableMs));
  const crawled = sorted(latency.results.map((result) => result.crawledMs));
  const afterVisit = sorted(
    latency.results.map((result) =>
      result.searchableMs === null || result.crawledMs === null ? null : result.searchableMs - result.crawledMs,
    ),
  );
  log(
    `\nprice change on a fast mover's page → searchable (${latency.results.length} changes, ${latency.shops} shops; ${searchable.length} seen; ${latency.fastMovers} pages fast movers when changed):`,
  );
  log(`| | p50 | p95 | max |\n|---|---|---|---|`);
  log(
    `| page visited again (s) | ${n(pct(crawled, 50), 1)} | ${n(pct(crawled, 95), 1)} | ${n(crawled.at(-1) / 1000, 1)} |`,
  );
  log(
    `| searchable on the site (s) | ${n(pct(searchable, 50), 1)} | ${n(pct(searchable, 95), 1)} | ${n(searchable.at(-1) / 1000, 1)} |`,
  );
  log(
    `| from the visit to the site's search (s) | ${n(pct(afterVisit, 50), 1)} | ${n(pct(afterVisit, 95), 1)} | ${n(afterVisit.at(-1) / 1000, 1)} |`,
  );
}
log(`\ncommand: npm run bench:crawler -- ${process.argv.slice(3).join(' ')}`);
