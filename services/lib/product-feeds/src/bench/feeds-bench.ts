import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeFeed } from '../analyze-feed.js';
import { writeCsvFeed, writeXmlFeed } from './generate-feeds.js';

/**
 * `npm run bench:feeds [-- --rows N --xml-mb M]` (scripts/bench/feeds): generates a CSV feed of 1,000,000 rows and a
 * Google Merchant XML feed of 200 MB in a temporary folder, analyses each from disk the way a
 * fetched feed streams (64 KiB reads), and prints rows/s and the growth of resident memory
 * (sampled every 100 ms) against the targets: ≥ 50,000 rows/s, ≤ 200 MB.
 */
export async function runFeedsBench(args: readonly string[]): Promise<boolean> {
  const flag = (name: string, fallback: number) => {
    const at = args.indexOf(name);
    return at >= 0 ? Number(args[at + 1]) : fallback;
  };
  const rows = flag('--rows', 1_000_000);
  const xmlMb = flag('--xml-mb', 200);
  const dir = mkdtempSync(join(tmpdir(), 'feeds-bench-'));
  try {
    const csv = join(dir, 'feed.csv');
    const xml = join(dir, 'feed.xml');
    process.stdout.write(`generating ${rows.toLocaleString('en')} CSV rows and ${xmlMb} MB of XML in ${dir}…\n`);
    const csvBytes = await writeCsvFeed(csv, rows);
    const xmlBytes = await writeXmlFeed(xml, xmlMb * 1_000_000);
    const results = [await measure('CSV', csv, csvBytes), await measure('Google Merchant XML', xml, xmlBytes)];
    process.stdout.write(
      '\n| feed | size | rows | valid | seconds | rows/s | MB/s | CPU s | rows per CPU s | RSS growth (peak) |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n',
    );
    for (const r of results) {
      process.stdout.write(
        `| ${r.name} | ${(r.bytes / 1e6).toFixed(0)} MB | ${r.rows.toLocaleString('en')} | ${r.valid.toLocaleString('en')} | ${r.seconds.toFixed(1)} | ${Math.round(r.rows / r.seconds).toLocaleString('en')} | ${(r.bytes / 1e6 / r.seconds).toFixed(1)} | ${r.cpuSeconds.toFixed(1)} | ${Math.round(r.rows / r.cpuSeconds).toLocaleString('en')} | ${r.rssGrowthMb.toFixed(0)} MB |\n`,
      );
    }
    const ok = results.every((r) => r.rows / r.seconds >= 50_000 && r.rssGrowthMb <= 200);
    process.stdout.write(`\ntargets (≥ 50,000 rows/s, RSS growth ≤ 200 MB): ${ok ? 'met' : 'NOT met'}\n`);
    return ok;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measure(name: string, path: string, bytes: number) {
  global.gc?.();
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 100);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const report = await analyzeFeed(createReadStream(path, { highWaterMark: 1 << 16 }), {
    defaults: { country: 'CH', currency: 'CHF', language: 'en' },
  });
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  if (!report.complete) throw new Error(`${name}: ${report.error?.message}`);
  process.stdout.write(`${name}: ${report.rows.toLocaleString('en')} rows in ${seconds.toFixed(1)} s\n`);
  return {
    name,
    bytes,
    rows: report.rows,
    valid: report.valid,
    seconds,
    cpuSeconds,
    rssGrowthMb: (peak - baseline) / 1e6,
  };
}

if (require.main === module) {
  runFeedsBench(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}
