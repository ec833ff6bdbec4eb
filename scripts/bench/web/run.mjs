// bench:web — the storefront's server render and lab page load, on this machine:
//   product page, before and after ADR 057 in the same run, interleaved: a second site process
//   reads the product page's offers with one call per part (the "before") beside the platform's
//   own site (one batched call); flat out (closed loop, pages/s) and open loop at fixed rates
//   (latency from each request's scheduled time), bypassing the micro-cache
//   (`Cache-Control: no-cache`), and a third site of this checkout keeping no page parts
//   (ADR 093: every render asks the services, as for a product no one asked for lately);
//   both sites' pages compared for the same content;
//   search page uncached, both pages through the micro-cache on both sites (as visitors meet
//   them); the product page for a signed-in visitor on both sites, after visitors filled their
//   caches; lab LCP and CLS in headless Chromium; the product page's JavaScript, compressed.
//   Every page is asked for as Chromium asks (Accept-Encoding: gzip, deflate, br, zstd): its
//   compression is part of its cost.
//   With --before-root DIR the "before" site is another checkout's build (e.g. the previous
//   commit in a git worktree, its web built), reading as this one does: a change of the site
//   itself, measured side by side.
// Usage: npm run bench:web -- [--products N] [--seconds S] [--rates 300,600,900]
//          [--uncached-rates 50,100] [--concurrency 8] [--rounds 2] [--data-dir DIR]
//          [--before-root DIR]
// Ports: WEB_PORT (the before and after sites on WEB_PORT + 1 and + 2), GRPC_PORT_BASE, OPS_PORT_BASE.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fmt } from '../adapters/stats.mjs';
import { startPlatform } from '../core/platform.mjs';
import { gaugeMachine } from '../machine-gauge.mjs';
import { startSite } from './site-process.mjs';
import { flatOut } from './closed-loop.mjs';
import { labInteractions, labVitals } from './lab.mjs';
import { openLoop } from './open-loop.mjs';
import { differentPages } from './same-pages.mjs';
import { signInUser } from '../../load/site-session.mjs';

const root = resolve(import.meta.dirname, '..', '..', '..');
const { values: args } = parseArgs({
  args: process.argv.slice(3),
  options: {
    products: { type: 'string', default: '600' },
    seconds: { type: 'string', default: '10' },
    rates: { type: 'string', default: '300,600,900' },
    'uncached-rates': { type: 'string', default: '50,100' },
    concurrency: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '2' },
    'data-dir': { type: 'string' },
    'before-root': { type: 'string' },
  },
});
const seconds = Number(args.seconds);
const concurrency = Number(args.concurrency);
const dataDir = resolve(args['data-dir'] ?? join(tmpdir(), `pc-bench-web-${args.products}`));
mkdirSync(dataDir, { recursive: true });
const machine = () => `load ${loadavg()[0].toFixed(1)}, machine gauge ${gaugeMachine().toFixed(0)} ms`;

console.log(
  `bench:web — ${args.products} products, data dir ${dataDir}, ${seconds} s per step, ${cpus().length} cores, ${machine()}`,
);
// The lab steps need Chromium: installed first (as the browser tests do), not found missing at the end.
execFileSync('bash', [join(root, 'scripts', 'browser', 'ensure-chromium.sh')], { stdio: 'inherit' });
// Ports of its own (bench:core uses the module's defaults), so both can run on one machine.
const env = process.env;
const ports = {
  web: Number(env.WEB_PORT ?? 3750),
  grpcBase: Number(env.GRPC_PORT_BASE ?? 23151),
  opsBase: Number(env.OPS_PORT_BASE ?? 9951),
};
const platform = await startPlatform(root, {
  dataDir,
  seedArgs: `--products ${args.products} --history-days 365 --reviews 4`,
  ports,
});
const site = platform.siteUrl;
// Before and after: two sites started alike, the platform's own site left for the micro-cache and lab steps.
const beforeRoot = args['before-root'] ? resolve(args['before-root']) : null;
const beforeLabel = beforeRoot ? `the site built in ${beforeRoot}` : 'one call per part';
const [before, after, unkept] = await Promise.all([
  beforeRoot
    ? startSite(beforeRoot, { dataDir, ports, port: ports.web + 1, reads: 'batched' })
    : startSite(root, { dataDir, ports, port: ports.web + 1, reads: 'separate' }),
  startSite(root, { dataDir, ports, port: ports.web + 2, reads: 'batched' }),
  startSite(root, {
    dataDir,
    ports,
    port: ports.web + 3,
    reads: 'batched',
    settings: { PAGE_PARTS_MAX_AGE_SECONDS: '0' },
  }),
]).catch(async (error) => {
  await platform.stop();
  throw error;
});
try {
  const list = await (
    await fetch(`${site}/api/products?locale=en-ch&sort=rank&hitsPerPage=100&with_offers=true`)
  ).json();
  const productPaths = list.data.map((p) => p.route);
  const words = ['kopfhörer', 'tv', 'laptop', 'smartphone', 'shoe', 'camera', 'speaker', 'tablet', 'watch', 'coffee'];
  const searchPaths = words.map((w) => `/en-ch/search?search=${encodeURIComponent(w)}`);
  const on = (base, paths) => paths.map((path) => `${base}${path}`);
  console.log(`  ${productPaths.length} product pages and ${searchPaths.length} searches in rotation; warming up…`);
  for (const base of [site, before.url, after.url, unkept.url])
    await openLoop({ urls: on(base, [...productPaths, ...searchPaths]), rate: 10, seconds: 3 });

  const sample = productPaths.slice(0, 20);
  const different = await differentPages(before.url, after.url, sample);
  console.log(
    `  same content: ${sample.length - different.length} of ${sample.length} product pages identical before and after`,
  );
  // Another checkout's site may differ on purpose: its first differences are shown, not all.
  for (const { path, difference } of beforeRoot ? different.slice(0, 2) : different)
    console.log(`    ${path}: ${difference}`);

  // CPU per page answered, of the site under load and of the services it calls, the services'
  // background (crawler, ingest, indexing: measured idle just before) taken out: what a rate means
  // on a shared machine.
  const SERVING = ['catalog', 'offers', 'search', 'affiliates', 'accounts'];
  const sum = (values) => values.reduce((total, value) => total + value, 0);
  const servicesCpu = () => {
    const byName = platform.cpuSeconds();
    return Object.fromEntries(SERVING.map((name) => [name, byName[name] ?? 0]));
  };
  // The site's primary and its site processes (ADR 092), or the one site process alone.
  const siteProcessesCpu = (byName) => (byName['web/server.mjs'] ?? 0) + (byName['web/site-process.mjs'] ?? 0);
  const ownSites = new Map([before, after, unkept].map((own) => [own.url, own]));
  const siteCpu = (base) => ownSites.get(base)?.cpuSeconds() ?? siteProcessesCpu(platform.cpuSeconds());
  const backgroundPerSecond = async () => {
    const [cpu, at] = [servicesCpu(), performance.now()];
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const [after, seconds] = [servicesCpu(), (performance.now() - at) / 1000];
    return Object.fromEntries(SERVING.map((name) => [name, (after[name] - cpu[name]) / seconds]));
  };
  const measured = async (base, load) => {
    const background = await backgroundPerSecond();
    const [siteBefore, servicesBefore, at] = [siteCpu(base), servicesCpu(), performance.now()];
    const result = await load();
    const [servicesAfter, seconds] = [servicesCpu(), (performance.now() - at) / 1000];
    const pages = Math.max(1, result.answered);
    const perService = Object.fromEntries(
      SERVING.map((name) => [
        name,
        (Math.max(0, servicesAfter[name] - servicesBefore[name] - background[name] * seconds) * 1000) / pages,
      ]),
    );
    return {
      ...result,
      siteCpuMs: ((siteCpu(base) - siteBefore) * 1000) / pages,
      servicesCpuMs: sum(Object.values(perService)),
      perService,
    };
  };
  const line = (label, r) =>
    console.log(
      `  ${label.padEnd(42)} ${fmt(r.achieved, 1).padStart(6)} req/s  p50 ${fmt(r.p50, 1).padStart(8)} ms  p95 ${fmt(r.p95, 1).padStart(8)} ms  p99 ${fmt(r.p99, 1).padStart(8)} ms  errors ${r.errors}${
        r.siteCpuMs === undefined
          ? ''
          : `  CPU/page: site ${fmt(r.siteCpuMs, 1)} ms, services ${fmt(r.servicesCpuMs, 1)} ms (${Object.entries(
              r.perService,
            )
              .map(([name, ms]) => `${name} ${fmt(ms, 1)}`)
              .join(', ')})`
      }`,
    );
  const uncached = { 'cache-control': 'no-cache' };
  const sites = [
    ['before', before.url],
    ['after', after.url],
  ];
  // The uncached product page also on a site keeping no page parts (ADR 093).
  const productSites = [...sites, ['after, no parts kept', unkept.url]];
  console.log(
    `\n  product page rendered every time, before (${beforeLabel}) and after (this checkout, with and without page parts kept), interleaved`,
  );
  for (let round = 1; round <= Number(args.rounds); round += 1) {
    console.log(`  round ${round}, ${machine()}`);
    for (const [name, base] of productSites)
      line(
        `${name}: flat out, ${concurrency} clients`,
        await measured(base, () => flatOut({ urls: on(base, productPaths), concurrency, seconds, headers: uncached })),
      );
    for (const rate of args['uncached-rates'].split(',').map(Number))
      for (const [name, base] of productSites)
        line(
          `${name}: @ ${rate}/s`,
          await measured(base, () => openLoop({ urls: on(base, productPaths), rate, seconds, headers: uncached })),
        );
  }

  console.log(`\n  search page rendered every time (this checkout), ${machine()}`);
  line(
    `flat out, ${concurrency} clients`,
    await measured(site, () => flatOut({ urls: on(site, searchPaths), concurrency, seconds, headers: uncached })),
  );
  for (const rate of args['uncached-rates'].split(',').map(Number))
    line(`@ ${rate}/s`, await openLoop({ urls: on(site, searchPaths), rate, seconds, headers: uncached }));

  console.log(`\n  through the micro-cache, open loop (latency from the scheduled send time), ${machine()}`);
  for (const [name, paths] of [
    ['product page', productPaths],
    ['search page', searchPaths],
  ])
    for (const rate of args.rates.split(',').map(Number))
      for (const [side, base] of sites) {
        // Each site's pages stored just before its step: the other site's step may outlast their s-maxage.
        await openLoop({ urls: on(base, paths), rate: 50, seconds: 3 });
        line(
          `${side}: ${name} @ ${rate}/s`,
          await measured(base, () => openLoop({ urls: on(base, paths), rate, seconds })),
        );
      }

  // A signed-in visitor (ADR 083): before, every page was rendered for them; after, the stored
  // pages are theirs too. Each site's cache is filled by visitors first, as a live site's is.
  const signedIn = { cookie: await signInUser(site) };
  console.log(`\n  product page, signed in, open loop, after visitors filled the cache, ${machine()}`);
  for (const [name, base] of sites) {
    await openLoop({ urls: on(base, productPaths), rate: 100, seconds: 3 });
    line(
      `${name}: signed in @ 100/s`,
      await measured(base, () => openLoop({ urls: on(base, productPaths), rate: 100, seconds, headers: signedIn })),
    );
  }
  line(
    'after: signed in @ 600/s',
    await openLoop({ urls: on(after.url, productPaths), rate: 600, seconds, headers: signedIn }),
  );

  console.log('\n  lab, headless Chromium (median of 5 cold loads, 1280×900, no throttling)');
  for (const [name, url] of [
    ['product page', `${site}${productPaths[0]}`],
    ['search page', `${site}${searchPaths[0]}`],
    ['home', `${site}/en-ch`],
  ]) {
    const vitals = await labVitals(url);
    console.log(`  ${name.padEnd(44)} LCP ${fmt(vitals.lcpMs, 0).padStart(5)} ms   CLS ${vitals.cls.toFixed(3)}`);
  }
  const inp = await labInteractions(`${site}${productPaths[0]}`, {
    'offer filter: in stock only': (page) => page.locator('input[name="in_stock"]').click(),
    'offer filter: sort by shop name': (page) => page.locator('select[name="sort"]').selectOption('shop-name'),
    'chart range: 1M': (page) => page.locator('.price-history .segmented a').first().click(),
    'chart range: 1Y': (page) => page.locator('.price-history .segmented a').nth(2).click(),
  });
  for (const [name, ms] of Object.entries(inp))
    console.log(`  product page, INP ${name.padEnd(33)} ${ms > 0 ? `${fmt(ms, 0)} ms` : '< 16 ms'}`);
  console.log('\n  JavaScript of the product page');
  const sizes = execFileSync(process.execPath, [
    join(root, 'scripts', 'bench', 'web', 'js-size.mjs'),
    join(root, 'web', 'build', 'client'),
    'routes/$locale.products.$product',
  ]).toString();
  console.log(sizes.replace(/^/gm, '  ').trimEnd());
  console.log(`\n  platform RSS ${fmt(platform.rssMiB(), 0)} MiB; ${machine()}`);
} finally {
  await Promise.all([before.stop(), after.stop(), unkept.stop()]);
  await platform.stop();
}
