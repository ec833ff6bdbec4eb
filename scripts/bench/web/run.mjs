// bench:web — the storefront's server render and lab page load, on this machine:
//   product page and search page: open-loop at fixed arrival rates, p50/p95/p99 latency and the
//   rate achieved, through the micro-cache (as visitors meet it) and bypassing it (every request
//   rendered: `Cache-Control: no-cache`);
//   lab LCP and CLS of both pages in headless Chromium.
// Usage: npm run bench:web -- [--products N] [--seconds S] [--rates 300,600,900] [--data-dir DIR]
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fmt } from '../adapters/stats.mjs';
import { startPlatform } from '../core/platform.mjs';
import { labVitals } from './lab.mjs';
import { openLoop } from './open-loop.mjs';

const root = resolve(import.meta.dirname, '..', '..', '..');
const { values: args } = parseArgs({
  args: process.argv.slice(3),
  options: {
    products: { type: 'string', default: '600' },
    seconds: { type: 'string', default: '10' },
    rates: { type: 'string', default: '300,600,900' },
    'uncached-rates': { type: 'string', default: '25,50,100' },
    'data-dir': { type: 'string' },
  },
});
const seconds = Number(args.seconds);
const dataDir = resolve(args['data-dir'] ?? join(tmpdir(), `pc-bench-web-${args.products}`));
mkdirSync(dataDir, { recursive: true });

console.log(`bench:web — ${args.products} products, data dir ${dataDir}, ${seconds} s per step`);
// Ports of its own (bench:core uses the module's defaults), so both can run on one machine.
const ports = { web: 3750, grpcBase: 23151, opsBase: 9951 };
const platform = await startPlatform(root, {
  dataDir,
  seedArgs: `--products ${args.products} --history-days 365 --reviews 4`,
  ports,
});
const site = platform.siteUrl;
try {
  const list = await (
    await fetch(`${site}/api/products?locale=en-ch&sort=rank&hitsPerPage=100&with_offers=true`)
  ).json();
  const products = list.data.map((p) => `${site}${p.route}`);
  const words = ['kopfhörer', 'tv', 'laptop', 'smartphone', 'shoe', 'camera', 'speaker', 'tablet', 'watch', 'coffee'];
  const searches = words.map((w) => `${site}/en-ch/search?search=${encodeURIComponent(w)}`);
  console.log(`  ${products.length} product pages and ${searches.length} searches in rotation; warming up…`);
  await openLoop({ urls: [...products, ...searches], rate: 50, seconds: 6 });

  const line = (label, r) =>
    console.log(
      `  ${label.padEnd(38)} ${fmt(r.achieved, 0).padStart(6)} req/s  p50 ${fmt(r.p50, 1).padStart(7)} ms  p95 ${fmt(r.p95, 1).padStart(7)} ms  p99 ${fmt(r.p99, 1).padStart(7)} ms  errors ${r.errors}`,
    );
  console.log('\n  server, open loop (latency from the scheduled send time)');
  for (const [name, urls] of [
    ['product page', products],
    ['search page', searches],
  ]) {
    for (const rate of args.rates.split(',').map(Number))
      line(`${name} @ ${rate}/s (micro-cache)`, await openLoop({ urls, rate, seconds }));
    for (const rate of args['uncached-rates'].split(',').map(Number)) {
      line(
        `${name} @ ${rate}/s (rendered every time)`,
        await openLoop({ urls, rate, seconds, headers: { 'cache-control': 'no-cache' } }),
      );
    }
  }

  console.log('\n  lab, headless Chromium (median of 5 cold loads, 1280×900, no throttling)');
  for (const [name, url] of [
    ['product page', products[0]],
    ['search page', searches[0]],
    ['home', `${site}/en-ch`],
  ]) {
    const vitals = await labVitals(url);
    console.log(`  ${name.padEnd(38)} LCP ${fmt(vitals.lcpMs, 0).padStart(5)} ms   CLS ${vitals.cls.toFixed(3)}`);
  }
  console.log(`\n  platform RSS ${fmt(platform.rssMiB(), 0)} MiB`);
} finally {
  await platform.stop();
}
