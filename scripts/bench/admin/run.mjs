// bench:admin — the staff admin app's work over a catalog of 1,000,000 products (issue 42):
// the products table (a page with a brand filter and a sort, as the shopping panel asks catalog's
// ListProducts) and the streamed export of every product (catalog's StreamProducts through
// csv-stringify to a byte-counting sink, as the data area's download does). Prints numbers; never
// a timed test.
//   npm run bench:admin                  1,000,000 products, 1,000 brands
//   npm run bench:admin -- 200000        fewer products
//   npm run bench:admin -- 1000000 table only the products table (export: only the export)
// BENCH_ADMIN_DIR keeps the filled store between runs (filling 1M products takes minutes).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { stringify } from 'csv-stringify';
import { gaugeMachine } from '../machine-gauge.mjs';
import { fillCatalog } from './fill-catalog.mjs';
import { ensureIdentityKeys, identityEnv, signAs } from '../../platform/identity-keys.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const products = Number(process.argv[3] ?? 1_000_000);
const only = process.argv[4] ?? '';
const brands = 1_000;
const dataDir = process.env.BENCH_ADMIN_DIR ?? join(tmpdir(), `bench-admin-${products}`);
const grpcPort = Number(process.env.GRPC_PORT_BASE ?? 52400);
const opsPort = Number(process.env.OPS_PORT_BASE ?? 9460);
const address = `127.0.0.1:${grpcPort}`;

const { createServiceClient } = await import(join(root, 'services/kit/dist/grpc/client.js'));
const { closeAllChannels } = await import(join(root, 'services/kit/dist/grpc/channel-pool.js'));
const { CatalogServiceService } = await import(join(root, 'proto/dist/gen/catalog/v1/catalog.js'));
const { AccountsServiceService } = await import(join(root, 'proto/dist/gen/accounts/v1/accounts.js'));

const rssMiB = (pid) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
};
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

process.stdout.write(
  `bench:admin on ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}, load ${loadavg()[0].toFixed(1)}, machine gauge ${gaugeMachine().toFixed(0)} ms\n`,
);
process.stdout.write(`  catalog store: ${dataDir}\n`);
const filled = await fillCatalog(root, dataDir, { products, brands });
process.stdout.write(
  filled.reused
    ? `  reused ${filled.products} products\n`
    : `  filled ${filled.products} products and ${brands} brands in ${filled.seconds.toFixed(0)} s\n`,
);

ensureIdentityKeys(dataDir);
// The bench calls as operators' tools do (`ops`, for a named staff user), the services with their
// own keys (ADR 052). Accounts runs beside the catalog: it knows the staff user whose
// staff:infrastructure role the export needs (catalog asks it, as in production).
await signAs(dataDir, 'ops');
const staff = { email: 'bench-admin@staff.test', password: 'bench-admin-password' };
const startService = (name, port, ops, env) =>
  spawn(process.execPath, [join(root, `services/${name}/dist/main.js`)], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      GRPC_PORT: String(port),
      OPS_PORT: String(ops),
      LOG_LEVEL: 'warn',
      ...identityEnv(dataDir, name),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
const accounts = startService('accounts', grpcPort + 1, opsPort + 1, {
  ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL: staff.email,
  ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD: staff.password,
});
const catalog = startService('catalog', grpcPort, opsPort, { ACCOUNTS_GRPC_ADDR: `127.0.0.1:${grpcPort + 1}` });
const untilAnswers = async (call) => {
  for (;;) {
    try {
      return await call();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
};
try {
  const client = createServiceClient(CatalogServiceService, address, { deadlineMs: 60_000 });
  const accountsClient = createServiceClient(AccountsServiceService, `127.0.0.1:${grpcPort + 1}`, {
    deadlineMs: 30_000,
  });
  // A cheap read: the catalog is up.
  await untilAnswers(() => client.getBrand({ brandId: '', slug: 'brand-0000', language: 'en' }));
  const { user } = await untilAnswers(() =>
    accountsClient.login({ email: staff.email, password: staff.password, rememberMe: false, client: undefined }),
  );
  const staffUserId = user?.id ?? '';

  const pagesPerBrand = Math.max(1, Math.min(5, Math.floor(products / brands / 20)));
  // The products table: a brand filter, sorted by name (order 2) or newest (order 1), 20 a page.
  for (const [label, order] of only === 'export'
    ? []
    : [
        // Twice: the first round shares the CPU with the catalog's start-up work (title keys,
        // token statistics over every product), the second shows the table on its own.
        ['brand filter, sorted by name, first round', 2],
        ['brand filter, newest first, first round', 1],
        ['brand filter, sorted by name, second round', 2],
        ['brand filter, newest first, second round', 1],
      ]) {
    const times = [];
    for (let i = 0; i < 200; i += 1) {
      const brand = `brand-${String((i * 37) % brands).padStart(4, '0')}`;
      const started = performance.now();
      const answer = await client.listProducts({
        brandSlug: brand,
        categoryId: '',
        includeDescendants: false,
        includeInactive: true,
        order,
        page: { page: 1 + (i % pagesPerBrand), hitsPerPage: 20 },
        language: 'en',
      });
      times.push(performance.now() - started);
      if (answer.products.length !== 20) throw new Error(`page of ${brand} had ${answer.products.length} products`);
    }
    times.sort((a, b) => a - b);
    process.stdout.write(
      `  products table (${label}): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (200 pages; target p95 ≤ 100 ms)\n`,
    );
  }

  if (only !== 'table') {
    // The export: every product streamed and written as CSV to a sink that only counts bytes.
    const columns = [
      'id',
      'status',
      'name',
      'slug',
      'brand_id',
      'brand',
      'category_id',
      'category',
      'gtins',
      'mpn',
      'manufacturer',
      'created_at',
      'updated_at',
      'version',
    ];
    const ownStart = rssMiB(process.pid);
    const catalogStart = rssMiB(catalog.pid);
    let ownPeak = ownStart;
    let catalogPeak = catalogStart;
    const sampler = setInterval(() => {
      ownPeak = Math.max(ownPeak, rssMiB(process.pid));
      catalogPeak = Math.max(catalogPeak, rssMiB(catalog.pid));
    }, 200);
    let rows = 0;
    let bytes = 0;
    async function* records() {
      const stream = client.streamProducts(
        { includeInactive: true, actorUserId: staffUserId },
        { deadlineMs: 30 * 60_000 },
      );
      for await (const { product } of stream) {
        rows += 1;
        yield [
          product.id,
          product.status,
          product.name,
          product.slug,
          product.brand?.id ?? '',
          product.brand?.name ?? '',
          product.category?.id ?? '',
          product.category?.name ?? '',
          product.gtins.join(' '),
          product.mpn,
          product.manufacturer,
          product.createdAt?.toISOString() ?? '',
          product.updatedAt?.toISOString() ?? '',
          Number(product.version),
        ];
      }
    }
    const started = performance.now();
    await pipeline(
      Readable.from(records()),
      stringify({ header: true, columns, escape_formulas: true }),
      new Writable({
        write(chunk, _encoding, done) {
          bytes += chunk.length;
          done();
        },
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    process.stdout.write(
      `  export of ${rows} products as CSV (${(bytes / 1024 / 1024).toFixed(0)} MiB): ${seconds.toFixed(1)} s (${Math.round(rows / seconds)} rows/s; target ≤ 60 s)\n` +
        `  RSS growth during the export: exporting side ${(ownPeak - ownStart).toFixed(0)} MiB (${ownStart.toFixed(0)} → peak ${ownPeak.toFixed(0)}), catalog ${(catalogPeak - catalogStart).toFixed(0)} MiB (${catalogStart.toFixed(0)} → peak ${catalogPeak.toFixed(0)}) (target ≤ 200 MB)\n`,
    );
  }
} finally {
  closeAllChannels();
  for (const child of [catalog, accounts]) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}
