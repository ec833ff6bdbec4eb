// Runs one vegeta attack over a list of targets and summarises its results per request kind.
import { execFile, execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The path of the vegeta binary (built by scripts/tools/ensure-vegeta.sh on first use). */
export function ensureVegeta(root) {
  return execFileSync('bash', [join(root, 'scripts', 'tools', 'ensure-vegeta.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
}

/**
 * Sends `targets` round-robin at `rate` a second for `seconds` (open model), redirects not
 * followed (a click-out's 302 is its answer), bodies not kept. Returns vegeta's own report and
 * the results per request kind.
 */
export async function attack(vegeta, targets, { rate, seconds, dir, maxWorkers = 200 }) {
  const targetsFile = join(dir, 'targets.jsonl');
  const resultsFile = join(dir, 'results.bin');
  writeFileSync(
    targetsFile,
    targets.map(({ method, url, header }) => JSON.stringify({ method, url, header: header ?? {} })).join('\n') + '\n',
  );
  await run(
    vegeta,
    [
      'attack',
      '-format=json',
      `-targets=${targetsFile}`,
      `-rate=${rate}/1s`,
      `-duration=${seconds}s`,
      '-redirects=-1',
      '-timeout=30s',
      '-max-body=0',
      `-max-workers=${maxWorkers}`,
      '-header=User-Agent: pricecompare-load (vegeta)',
      `-output=${resultsFile}`,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse((await run(vegeta, ['report', '-type=json', resultsFile])).stdout);
  const encoded = (await run(vegeta, ['encode', '-to=json', resultsFile], { maxBuffer: 512 * 1024 * 1024 })).stdout;
  const kindOf = new Map(targets.map((t) => [`${t.method} ${t.url}`, t.name]));
  const perKind = new Map();
  for (const line of encoded.split('\n')) {
    if (!line) continue;
    const result = JSON.parse(line);
    const kind = kindOf.get(`${result.method} ${result.url}`) ?? 'other';
    const entry = perKind.get(kind) ?? { latencies: [], errors: 0, codes: {} };
    entry.latencies.push(result.latency / 1e6);
    entry.codes[result.code] = (entry.codes[result.code] ?? 0) + 1;
    if (isError(result)) entry.errors += 1;
    perKind.set(kind, entry);
  }
  writeFileSync(join(dir, 'report.json'), JSON.stringify(report, null, 2));
  return { report, perKind: summarise(perKind), errors: errorSamples(encoded) };
}

/** A transport error (code 0) or any 4xx/5xx: every target of a mix is one that exists. */
const isError = (result) => result.code === 0 || result.code >= 400 || Boolean(result.error);

function summarise(perKind) {
  return [...perKind.entries()]
    .map(([kind, { latencies, errors, codes }]) => {
      latencies.sort((a, b) => a - b);
      const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
      return { kind, requests: latencies.length, errors, p50: at(0.5), p95: at(0.95), p99: at(0.99), codes };
    })
    .sort((a, b) => a.kind.localeCompare(b.kind));
}

/** The five most frequent failures (status, URL, error text), for the message of a failed run. */
function errorSamples(encoded) {
  const seen = new Map();
  for (const line of encoded.split('\n')) {
    if (!line) continue;
    const result = JSON.parse(line);
    if (!isError(result)) continue;
    const key = `${result.code} ${result.method} ${result.url}${result.error ? ` — ${result.error}` : ''}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([what, n]) => `${n}× ${what}`);
}
