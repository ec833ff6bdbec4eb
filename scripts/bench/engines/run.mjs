// Engine choice benchmark for the local profile's embedded stores (docs/decisions/001), and
// what the packages built on the chosen one (SQLite) cost on top of it.
// Usage: node scripts/bench/engines/run.mjs [engine names…]   (default: all; ~1 minute)
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { adapterEngine } from './adapter-engine.mjs';
import { lmdbEngine } from './lmdb-engine.mjs';
import { pgliteEngine } from './pglite-engine.mjs';
import { runEngine } from './run-engine.mjs';
import { sqliteEngine } from './sqlite-engine.mjs';
import { SIZES, TIME_BOX_MS } from './workloads.mjs';

const ENGINES = [sqliteEngine('FULL'), sqliteEngine('NORMAL'), lmdbEngine(), pgliteEngine(), adapterEngine()];

const ROWS = [
  ['upsert', `bulk upsert, ${SIZES.batch} docs/tx (docs/s)`],
  ['pointRead', 'point read by _id (reads/s)'],
  ['equality', `indexed equality, ~${SIZES.docs / SIZES.shops} docs (queries/s)`],
  ['singleAppend', 'durable append, 1 record/tx (records/s)'],
  ['batchedAppend', `batched append, ${SIZES.appendBatch} records/tx (records/s)`],
  ['rangeRead', `range read of ${SIZES.range} records (ranges/s)`],
];

const format = (n) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));

async function main() {
  const only = process.argv.slice(2);
  const engines = only.length
    ? ENGINES.filter((e) => only.includes(e.name.split(' ')[0]) || only.includes(e.name))
    : ENGINES;
  const results = new Map();
  for (const engine of engines) {
    const dir = mkdtempSync(join(tmpdir(), 'pc-bench-engines-'));
    const started = performance.now();
    try {
      results.set(engine.name, await runEngine(engine, dir));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    console.error(`${engine.name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }

  console.log(
    `engines benchmark — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ` +
      `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${process.platform}; each workload capped at ${TIME_BOX_MS / 1000} s`,
  );
  const names = [...results.keys()];
  const width = Math.max(...ROWS.map(([, label]) => label.length));
  console.log(['workload'.padEnd(width), ...names.map((n) => n.padStart(14))].join(' | '));
  console.log(['-'.repeat(width), ...names.map(() => '-'.repeat(14))].join('-|-'));
  for (const [key, label] of ROWS) {
    const cells = names.map((name) => {
      const r = results.get(name)[key];
      if (!r) return '—'.padStart(14);
      return `${format(r.rate)}${r.ops < fullCount(key) ? '*' : ''}`.padStart(14);
    });
    console.log([label.padEnd(width), ...cells].join(' | '));
  }
  console.log('* stopped by the time cap before the full count; the rate is over what ran.');
  console.log(
    '"adapter FULL": @pc/sqlite-document-store (documents) and @pc/embedded-event-log (appends) over sqlite FULL.',
  );
}

function fullCount(key) {
  return {
    upsert: (SIZES.docs / SIZES.batch) * 2,
    pointRead: SIZES.pointReads,
    equality: SIZES.equalityQueries,
    singleAppend: SIZES.singleAppends,
    batchedAppend: SIZES.batchedAppends / SIZES.appendBatch,
    rangeRead: SIZES.rangeReads,
  }[key];
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
