// bench:business — the business dashboard's server render (/account/business) for an owner with
// 20 shops and 100 invoices, on the local platform (`npm start`'s launcher, no demo data): the
// site asks offers (the shops), affiliates (their clicks) and billing (subscription, card,
// invoices, plans), then renders the page. Closed loop, one request at a time and four at once,
// through the site's HTTP server with the owner's session cookie (private pages are never
// micro-cached). Prints p50/p95/p99 next to the target (p95 ≤ 50 ms).
//   npm run bench:business                 2,000 renders per step (default)
//   npm run bench:business -- 500          another count
// The 100 invoices are written into billing's store while the platform is stopped, as billing's
// own webhook handling writes them (ProviderSync.invoice), since the local provider simulates no
// renewals that would issue them.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pino } from 'pino';
import { Pool } from 'undici';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { Outbox } from '@pc/kit/events/outbox';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { createServiceClient } from '@pc/kit/grpc/client';
import { dataFile } from '@pc/engine-profile/data-path';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { AccountType } from '@pc/proto/accounts/v1/types';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { InvoiceRepository } from '@pc/billing/dist/store/invoice-repository.js';
import { AccountRepository } from '@pc/billing/dist/store/account-repository.js';
import { AccountLedger } from '@pc/billing/dist/workflows/account-ledger.js';
import { ProviderSync } from '@pc/billing/dist/workflows/provider-sync.js';
import { fmt } from '../adapters/stats.mjs';
import { startPlatform } from '../core/platform.mjs';
import { gaugeMachine } from '../machine-gauge.mjs';

const RENDERS = Number(process.argv[3] ?? 2_000);
const SHOPS = 20;
const INVOICES = 100;
const TARGET_P95_MS = 50;
const root = resolve(import.meta.dirname, '..', '..', '..');
// Ports of its own (bench:core and bench:web use theirs), below the ephemeral range; the usual
// WEB_PORT / GRPC_PORT_BASE / OPS_PORT_BASE move them where those are taken.
const ports = {
  web: Number(process.env.WEB_PORT ?? 3770),
  grpcBase: Number(process.env.GRPC_PORT_BASE ?? 23201),
  opsBase: Number(process.env.OPS_PORT_BASE ?? 9971),
};
const address = (index) => `127.0.0.1:${ports.grpcBase + index}`;
const dataDir = mkdtempSync(join(tmpdir(), 'pc-bench-business-'));
process.env.SEED = '0';

process.stdout.write(
  `bench:business on ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}, load ${loadavg()[0].toFixed(1)}, machine gauge ${gaugeMachine().toFixed(0)} ms\n`,
);

/** The owner and their shops, through the services as the site registers them. */
async function makeOwner() {
  const accounts = createServiceClient(AccountsServiceService, address(3), { deadlineMs: 20_000 });
  const offers = createServiceClient(OffersServiceService, address(1), { deadlineMs: 20_000 });
  const email = 'owner@bench-business.test';
  const { user } = await accounts.register({
    name: 'Bench Owner',
    email,
    password: 'secret-pass',
    passwordConfirmation: 'secret-pass',
    phone: '',
    accountType: AccountType.ACCOUNT_TYPE_BUSINESS,
    company: 'Bench AG',
    termsAccepted: true,
    language: 'en',
    rememberMe: true,
    client: undefined,
  });
  const { session } = await accounts.login({ email, password: 'secret-pass', rememberMe: true, client: undefined });
  for (let i = 0; i < SHOPS; i += 1) {
    await offers.registerShop({
      actorUserId: user.id,
      name: `Bench Shop ${i}`,
      homepageUrl: `https://bench-shop-${i}.example/`,
      company: 'Bench AG',
      commercialRegisterNumber: '',
      address: { line1: 'Bahnhofstrasse 1', line2: '', zipCode: '8001', city: 'Zürich', country: 'CH' },
      phone: '',
      email: `shop${i}@bench-business.test`,
      countries: [],
      feedUrl: `https://bench-shop-${i}.example/feed.csv`,
      feedFormat: 0,
      termsAccepted: true,
      directoryListing: false,
    });
  }
  closeAllChannels();
  return { userId: user.id, token: session.token };
}

/** 100 monthly invoices of the owner in billing's store (every seventh unpaid), as its webhook handling records them. */
async function writeInvoices(userId) {
  const documents = await openEmbeddedDocumentStore({ path: dataFile(dataDir, 'billing', 'documents.sqlite') });
  const bus = openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite') });
  const outbox = new Outbox(bus, 'billing', pino({ level: 'silent' }), documents.outbox);
  const [accounts, invoices] = await Promise.all([
    AccountRepository.open(documents),
    InvoiceRepository.open(documents),
  ]);
  const sync = new ProviderSync(new AccountLedger(accounts, outbox, () => new Date()), invoices, outbox, null);
  for (let i = 0; i < INVOICES; i += 1) {
    const at = Math.floor(Date.now() / 1000) - i * 2_592_000;
    const paid = i % 7 !== 0;
    await sync.invoice(
      {
        id: `in_bench_${i}`,
        customerId: '',
        subscriptionId: 'sub_bench',
        userId,
        number: `BENCH-${String(i).padStart(4, '0')}`,
        status: paid ? 'paid' : 'open',
        currency: 'CHF',
        total: 105_940,
        tax: 7_940,
        amountPaid: paid ? 105_940 : 0,
        amountDue: 105_940,
        issuedAt: new Date(at * 1000).toISOString(),
        dueAt: null,
        paidAt: null,
        periodStart: null,
        periodEnd: null,
        lines: [{ description: `${SHOPS} × Listing`, quantity: SHOPS, amount: 98_000 }],
        pdfUrl: '',
        hostedUrl: '',
      },
      at,
    );
  }
  await bus.close();
  await documents.close();
}

/** `count` renders, `concurrency` at a time; latencies in ms, sorted. */
async function renders(pool, cookie, count, concurrency) {
  const times = [];
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const started = performance.now();
      const { statusCode, body } = await pool.request({
        path: '/account/business',
        method: 'GET',
        headers: { cookie },
      });
      const html = await body.text();
      times.push(performance.now() - started);
      if (statusCode !== 200 || !html.includes('BENCH-0099') || !html.includes('Bench Shop 19')) failures += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), rate: count / seconds, failures };
}

let platform;
try {
  platform = await startPlatform(root, { dataDir, seedArgs: '', ports });
  const { userId, token } = await makeOwner();
  await platform.stop();
  await writeInvoices(userId);
  platform = await startPlatform(root, { dataDir, seedArgs: '', ports });
  const pool = new Pool(platform.siteUrl, { connections: 8 });
  const cookie = `pc_session=${token}`;
  await renders(pool, cookie, 100, 1); // warm-up: code paths, channels, caches
  process.stdout.write(
    `  dashboard of an owner with ${SHOPS} shops and ${INVOICES} invoices, ${RENDERS} renders per step (target p95 ≤ ${TARGET_P95_MS} ms)\n`,
  );
  let worst = 0;
  for (const concurrency of [1, 4]) {
    const result = await renders(pool, cookie, RENDERS, concurrency);
    worst = Math.max(worst, concurrency === 1 ? result.p95 : 0);
    process.stdout.write(
      `  ${String(concurrency).padStart(2)} at a time   ${fmt(result.rate, 0).padStart(5)} renders/s   p50 ${fmt(result.p50, 1).padStart(6)} ms   p95 ${fmt(result.p95, 1).padStart(6)} ms   p99 ${fmt(result.p99, 1).padStart(6)} ms   failed ${result.failures}\n`,
    );
    if (result.failures > 0) process.exitCode = 1;
  }
  process.stdout.write(
    `  one at a time: p95 ${fmt(worst, 1)} ms ${worst <= TARGET_P95_MS ? '≤' : '>'} ${TARGET_P95_MS} ms\n`,
  );
  await pool.close();
} finally {
  await platform?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
