// bench:billing — webhook events processed per second by billing's endpoint: HTTP (Fastify, raw
// body), Stripe signature verification (stripe-node constructEvent), the idempotency check on the
// event id, and the application of subscription and invoice events (account and invoice writes
// with their SubscriptionChanged / InvoicePaid in the outbox, published on the embedded event
// log). Then the same events again: every one must be recognised and change nothing.
//   npm run bench:billing                 10,000 events (default)
//   npm run bench:billing -- 20000        another count
// The events are the local provider's own (Stripe-shaped), made by creating and paying real
// subscriptions with Stripe's test card 4242; prints numbers, asserts the replay.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import Stripe from 'stripe';
import { Pool } from 'undici';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { Outbox } from '@pc/kit/events/outbox';
import { emptyAccount } from '@pc/billing/dist/domain/account-record.js';
import { createBillingHttpServer } from '@pc/billing/dist/http/http-server.js';
import { confirmSetupWithCard } from '@pc/billing/dist/provider/local/local-checkout.js';
import { LocalProvider } from '@pc/billing/dist/provider/local/local-provider.js';
import { LocalState } from '@pc/billing/dist/provider/local/local-state.js';
import { AccountRepository } from '@pc/billing/dist/store/account-repository.js';
import { InvoiceRepository } from '@pc/billing/dist/store/invoice-repository.js';
import { WebhookEventRepository } from '@pc/billing/dist/store/webhook-event-repository.js';
import { AccountLedger } from '@pc/billing/dist/workflows/account-ledger.js';
import { CardSync } from '@pc/billing/dist/workflows/card-sync.js';
import { ProviderSync } from '@pc/billing/dist/workflows/provider-sync.js';
import { handlesEventType, WebhookProcessor } from '@pc/billing/dist/workflows/webhook-processor.js';
import { gaugeMachine } from '../machine-gauge.mjs';

const TARGET = Number(process.argv[3] ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const SECRET = 'whsec_benchbilling';
const RETURN_URL = 'http://127.0.0.1:3000/business/billing';
const silent = pino({ level: 'silent' });

const dir = mkdtempSync(join(tmpdir(), 'bench-billing-'));
const providerStore = await openEmbeddedDocumentStore({ path: join(dir, 'provider.sqlite') });
const state = await LocalState.open(providerStore);
const provider = new LocalProvider(state, { publicUrl: () => 'http://127.0.0.1:9' });

const documents = await openEmbeddedDocumentStore({ path: join(dir, 'billing.sqlite') });
const bus = openEmbeddedEventBus({ path: join(dir, 'events.sqlite') });
const outbox = new Outbox(bus, 'billing', silent, documents.outbox);
const [accounts, invoices, seen] = await Promise.all([
  AccountRepository.open(documents),
  InvoiceRepository.open(documents),
  WebhookEventRepository.open(documents),
]);
const ledger = new AccountLedger(accounts, outbox, () => new Date());
const sync = new ProviderSync(ledger, invoices, outbox, provider);
const processor = new WebhookProcessor(SECRET, seen, sync, new CardSync(ledger, provider), silent, () => new Date());
const http = createBillingHttpServer(processor, silent);
await http.listen({ host: '127.0.0.1', port: 0 });
const origin = `http://127.0.0.1:${http.server.address().port}`;

process.stdout.write(
  `bench:billing on ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}, load ${loadavg()[0].toFixed(1)}, machine gauge ${gaugeMachine().toFixed(0)} ms\n`,
);

// Real subscriptions at the local provider until it has emitted TARGET events (about 12 each).
let started = performance.now();
const price = await provider.ensurePrice({
  lookupKey: 'pc-listing-monthly-chf',
  productName: 'pricecompare Listing',
  unitAmount: 4_900,
  currency: 'chf',
  interval: 'month',
});
const rate = await provider.ensureTaxRate(81, 'CH');
let subscriptions = 0;
while ((await state.events.count({})) < TARGET) {
  const userId = `u_bench_${subscriptions}`;
  const { id: customerId } = await provider.createCustomer({
    userId,
    email: `${userId}@shop.example`,
    name: 'Shop AG',
    address: null,
    idempotencyKey: randomUUID(),
  });
  await ledger.change(userId, () => ({ doc: { ...emptyAccount(userId, new Date()), customerId }, events: [] }));
  const setup = await provider.createSetupIntent(customerId);
  await confirmSetupWithCard(provider, setup.id, setup.clientSecret, RETURN_URL, {
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2040,
    cvc: '123',
  });
  const card = (await provider.retrieveSetupIntent(setup.id)).paymentMethodId;
  await provider.setDefaultCard(customerId, card);
  const created = await provider.createSubscription({
    customerId,
    priceId: price.id,
    quantity: 1 + (subscriptions % 3),
    paymentMethodId: card,
    taxRateIds: [rate.id],
    metadata: { user_id: userId },
    idempotencyKey: randomUUID(),
  });
  await provider.confirmPayment(created.paymentIntentId, card, RETURN_URL);
  subscriptions += 1;
}
const bodies = (await state.events.find({}, { sort: { seq: 1 }, limit: TARGET })).map((event) => event.body);
const handled = bodies.filter((body) => handlesEventType(JSON.parse(body).type)).length;
const types = new Map();
for (const body of bodies) {
  const type = JSON.parse(body).type;
  types.set(type, (types.get(type) ?? 0) + 1);
}
process.stdout.write(
  `prepared ${bodies.length.toLocaleString('en')} events of ${subscriptions} paid subscriptions in ${((performance.now() - started) / 1000).toFixed(1)} s: ${[...types].map(([t, n]) => `${t} ${n}`).join(', ')}\n`,
);

/** Posts every body (signed now, as Stripe signs each delivery) with CONCURRENCY in flight; returns rate, latencies, outcomes. */
async function deliver(label) {
  const pool = new Pool(origin, { connections: CONCURRENCY, pipelining: 1 });
  const latencies = [];
  const outcomes = { applied: 0, unchanged: 0, failed: 0 };
  let next = 0;
  const cpu = process.cpuUsage();
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (;;) {
        const index = next++;
        if (index >= bodies.length) return;
        const body = bodies[index];
        const sent = performance.now();
        const response = await pool.request({
          path: '/webhooks/stripe',
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }),
          },
          body,
        });
        const answer = await response.body.json();
        latencies.push(performance.now() - sent);
        if (response.statusCode !== 200) outcomes.failed += 1;
        else if (answer.applied) outcomes.applied += 1;
        else outcomes.unchanged += 1;
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  const used = process.cpuUsage(cpu);
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
  const rate = bodies.length / seconds;
  process.stdout.write(
    `${label.padEnd(28)} ${bodies.length.toLocaleString('en')} events in ${seconds.toFixed(2)} s = ${Math.round(rate).toLocaleString('en')} events/s · p50 ${at(0.5)} ms · p95 ${at(0.95)} ms · p99 ${at(0.99)} ms · ${((used.user + used.system) / 1000 / bodies.length).toFixed(2)} ms CPU/event · applied ${outcomes.applied}, unchanged ${outcomes.unchanged}, failed ${outcomes.failed}\n`,
  );
  return { rate, outcomes };
}

/** A digest of everything billing stores about accounts and invoices (versions included). */
async function digest() {
  const hash = createHash('sha256');
  for (const collection of [accounts.collection, invoices.collection]) {
    for (const doc of await collection.find({}, { sort: { _id: 1 } })) hash.update(JSON.stringify(doc));
  }
  return hash.digest('hex');
}

started = performance.now();
const first = await deliver('first delivery');
const afterFirst = await digest();
const recorded = await seen.collection.count({});
const replay = await deliver('replay of the same events');
const afterReplay = await digest();

// The dashboard's part in billing: an account with 100 invoices, its first page and all of them.
const owner = 'u_bench_dashboard';
for (let i = 0; i < 100; i += 1) {
  const at = Math.floor(Date.now() / 1000) - i * 2_592_000;
  await sync.invoice(
    {
      id: `in_dash_${i}`,
      customerId: '',
      subscriptionId: 'sub_dash',
      userId: owner,
      number: `DASH-${String(i).padStart(4, '0')}`,
      status: i % 7 === 0 ? 'open' : 'paid',
      currency: 'CHF',
      total: 5_297,
      tax: 397,
      amountPaid: i % 7 === 0 ? 0 : 5_297,
      amountDue: 5_297,
      issuedAt: new Date(at * 1000).toISOString(),
      dueAt: null,
      paidAt: null,
      periodStart: null,
      periodEnd: null,
      lines: [{ description: '1 × Listing', quantity: 1, amount: 4_900 }],
      pdfUrl: '',
      hostedUrl: '',
    },
    at,
  );
}
for (const size of [20, 100]) {
  const times = [];
  for (let i = 0; i < 300; i += 1) {
    const t = performance.now();
    await invoices.list(owner, { unpaidOnly: false, skip: 0, limit: size });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  process.stdout.write(
    `ListInvoices' read, 100 invoices of one account, page of ${String(size).padStart(3)}: p50 ${times[150].toFixed(2)} ms · p95 ${times[285].toFixed(2)} ms\n`,
  );
}

const checks = [
  ['every event of the first delivery answered 200', first.outcomes.failed === 0],
  [
    'every event of the replay answered 200 and was recognised (applied: false)',
    replay.outcomes.failed === 0 && replay.outcomes.unchanged === bodies.length,
  ],
  ['the replay changed no account or invoice (same digest, same versions)', afterFirst === afterReplay],
  [
    'one idempotency record per event of a type billing handles, none added by the replay',
    recorded === handled && (await seen.collection.count({})) === recorded,
  ],
];
for (const [name, ok] of checks) process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${name}\n`);
// A rate, unlike the checks above, depends on the machine's load at the moment: printed, not asserted.
process.stdout.write(
  `target ≥ 500 events/s (first delivery): ${first.rate >= 500 ? 'met' : 'not met'} at ${Math.round(first.rate)} events/s, load ${loadavg()[0].toFixed(1)}\n`,
);

await http.close();
await bus.close();
await documents.close();
await providerStore.close();
rmSync(dir, { recursive: true, force: true });
process.exit(checks.every(([, ok]) => ok) ? 0 : 1);
