// `npm run load -- --profile smoke|visitor|soak`: HTTP load on a running site (`npm start`, or a
// cluster's ingress) with vegeta, in the mixes of scripts/load/mixes.mjs; prints requests/s,
// p50/p95/p99 and errors per request kind and in total. Exits 1 when any request failed (a
// transport error or a 4xx/5xx) — never on latency: timing targets are read, not asserted.
//
//   npm run load -- --profile visitor [--site http://127.0.0.1:3000] [--rate N] [--seconds S]
//                   [--mixes visitor,business,api] [--locale en-ch] [--out DIR]
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildTargets, discover } from './mixes.mjs';
import { PROFILES } from './profiles.mjs';
import { attack, ensureVegeta } from './vegeta.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const { values: args } = parseArgs({
  options: {
    profile: { type: 'string', default: 'smoke' },
    site: { type: 'string', default: process.env.SITE_URL ?? `http://127.0.0.1:${process.env.WEB_PORT ?? 3000}` },
    rate: { type: 'string' },
    seconds: { type: 'string' },
    mixes: { type: 'string' },
    locale: { type: 'string', default: 'en-ch' },
    out: { type: 'string' },
  },
});
const profile = PROFILES[args.profile];
if (!profile) {
  console.error(`unknown profile "${args.profile}": ${Object.keys(PROFILES).join(', ')}`);
  process.exit(2);
}
const rate = Number(args.rate ?? profile.rate);
const seconds = Number(args.seconds ?? profile.seconds);
const mixes = args.mixes ? args.mixes.split(',') : profile.mixes;
const site = args.site.replace(/\/$/, '');
const dir = args.out ? resolve(args.out) : mkdtempSync(join(tmpdir(), 'pc-load-'));
mkdirSync(dir, { recursive: true });

const vegeta = ensureVegeta(root);
const data = await discover(site, args.locale, mixes).catch((error) => {
  console.error(`load: cannot read the site's data at ${site}: ${error.cause?.message ?? error.message}`);
  process.exit(1);
});
// Enough distinct targets that a run repeats a URL only as often as real traffic would.
const targets = buildTargets(site, data, mixes, { count: Math.max(500, Math.min(rate * seconds, 20000)) });
console.log(`load: profile ${args.profile} — ${mixes.join(' + ')} at ${rate} req/s for ${seconds} s against ${site}`);
console.log(
  `      ${data.products.length} products, ${data.clickOuts.length} click-outs, ${data.words.length} search words, ${targets.length} targets; results in ${dir}`,
);

const { report, perKind, errors } = await attack(vegeta, targets, { rate, seconds, dir });
const ms = (ns) => (ns / 1e6).toFixed(1);
const pad = (value, width) => String(value).padStart(width);
console.log(
  `\n  ${'request kind'.padEnd(40)} ${pad('requests', 8)} ${pad('errors', 6)} ${pad('p50 ms', 8)} ${pad('p95 ms', 8)} ${pad('p99 ms', 8)}  status codes`,
);
for (const row of perKind) {
  const codes = Object.entries(row.codes)
    .map(([code, n]) => `${code}×${n}`)
    .join(' ');
  console.log(
    `  ${row.kind.padEnd(40)} ${pad(row.requests, 8)} ${pad(row.errors, 6)} ${pad(row.p50.toFixed(1), 8)} ${pad(row.p95.toFixed(1), 8)} ${pad(row.p99.toFixed(1), 8)}  ${codes}`,
  );
}
const failed = perKind.reduce((sum, row) => sum + row.errors, 0);
const summary = {
  profile: args.profile,
  mixes,
  site,
  requests: report.requests,
  ratePerSecond: Number(report.rate.toFixed(1)),
  throughputPerSecond: Number(report.throughput.toFixed(1)),
  latencyMs: {
    p50: Number(ms(report.latencies['50th'])),
    p95: Number(ms(report.latencies['95th'])),
    p99: Number(ms(report.latencies['99th'])),
    max: Number(ms(report.latencies.max)),
  },
  errors: failed,
  statusCodes: report.status_codes,
  kinds: Object.fromEntries(
    perKind.map(({ kind, requests, errors, p95, codes }) => [
      kind,
      { requests, errors, p95Ms: Number(p95.toFixed(1)), codes },
    ]),
  ),
};
writeFileSync(join(dir, 'summary.json'), JSON.stringify(summary, null, 2));
console.log(
  `\n  total: ${summary.requests} requests, ${summary.ratePerSecond} req/s sent, ${summary.throughputPerSecond} req/s answered without error,` +
    ` p50 ${summary.latencyMs.p50} ms, p95 ${summary.latencyMs.p95} ms, p99 ${summary.latencyMs.p99} ms, max ${summary.latencyMs.max} ms, errors ${failed}`,
);
if (summary.requests === 0 || failed > 0) {
  for (const line of errors) console.error(`  error: ${line}`);
  if ((report.status_codes?.['429'] ?? 0) > 0)
    console.error('  429: the site rate-limited the load generator; start it with EDGE_RATE_PER_IP=0 or lower --rate');
  console.error(`load: FAILED (${summary.requests === 0 ? 'no request sent' : `${failed} errors`})`);
  process.exit(1);
}
console.log('load: ok (no errors)');
