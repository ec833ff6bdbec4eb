// Ingest throughput of the offers service on the embedded engines (local profile), printed, never
// timed as a test. Run from the repository root:
//
//   node -r ./scripts/jest/ts-register.cjs services/offers/src/bench/ingest-bench.ts [offers] [rounds]
//
// 1. `offers` new offers (10 per product, 10 shops): the changed path — catalog matching over
//    gRPC, history point, offer write, summary, events.
// 2. The service restarts; `rounds` × `offers` observations equal to the stored offers are
//    published, then one price change per partition as end markers; the fresh instance consumes
//    them. Reported: observations per second, and the store writes and events they caused (0).
// 3. Every offer's price changes once: the changed path without matching.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { partitionForKey } from '@pc/kit/ports/support/events/murmur2';
import { loadConfig } from '@pc/kit/config/load-config';
import { Events } from '@pc/proto/event-catalog';
import { createEventPublisher, type PendingEvent } from '@pc/kit/events/publisher';
import { on, subscribeEvents } from '@pc/kit/events/subscriber';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { createServiceClient } from '@pc/kit/grpc/client';
import { createGrpcServer } from '@pc/kit/grpc/server';
import { buildCatalogApp } from '../../../catalog/src/app.js';
import { catalogConfigSchema } from '../../../catalog/src/config.js';
import { buildOffersApp } from '../app.js';
import { offersConfigSchema } from '../config.js';
import type { OfferRecord } from '../domain/offer-record.js';
import { directoryShop, gtin14, observation } from '../test-support/observations.js';

const OFFERS = Number(process.argv[2] ?? 5_000);
const ROUNDS = Number(process.argv[3] ?? 20);
const PARTITIONS = 3; // the embedded log's default for auto-created topics
const silent = pino({ level: 'silent' });
const print = (line: string): void => void process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'offers-bench-'));
  const base = { GRPC_PORT: '0', OPS_PORT: '0', DATA_DIR: dataDir };
  const catalogApp = await buildCatalogApp({ config: loadConfig(catalogConfigSchema, base), logger: silent });
  const catalogServer = createGrpcServer({ services: catalogApp.services, logger: silent });
  const catalogPort = await catalogServer.listen('127.0.0.1', 0);
  await catalogApp.start?.();
  // OFFERS_MEMO_MAX_OFFERS=0 in the environment compares without the ingest's memo (ADR 034).
  const memo =
    process.env.OFFERS_MEMO_MAX_OFFERS === undefined
      ? {}
      : { OFFERS_MEMO_MAX_OFFERS: process.env.OFFERS_MEMO_MAX_OFFERS };
  const config = loadConfig(offersConfigSchema, {
    ...base,
    CATALOG_GRPC_ADDR: `127.0.0.1:${catalogPort}`,
    ACCOUNTS_GRPC_ADDR: '127.0.0.1:1',
    OFFERS_SWEEP_INTERVAL: '1d',
    ...memo,
  });
  const bus = openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite') });
  const publisher = createEventPublisher(bus, 'crawler');
  let changes = 0;
  const counter = await subscribeEvents(bus, {
    group: 'bench-counter',
    logger: silent,
    handlers: [on(Events.offerChanged, async () => void (changes += 1))],
  });

  // Phase 1: new offers.
  let app = await buildOffersApp({ config, logger: silent });
  let server = createGrpcServer({ services: app.services, logger: silent });
  const client = createServiceClient(OffersServiceService, `127.0.0.1:${await server.listen('127.0.0.1', 0)}`);
  const shopIds: string[] = [];
  for (let i = 0; i < 10; i += 1)
    shopIds.push(
      (await client.registerShop(directoryShop(`Bench Shop ${i}`, `bench-${i}.example`, ['CH'], ''))).shop?.id ?? '',
    );
  const t0 = Date.now();
  const items = Array.from({ length: OFFERS }, (_, i) => {
    const product = Math.floor(i / 10);
    const identity = {
      title: `Bench Product ${product} Model ${product * 7}`,
      brand: `Brand ${product % 50}`,
      gtin: gtin14(String(4_000_000_000_000 + product)),
      mpn: `BM-${product}`,
    };
    return { shopId: shopIds[i % 10] ?? '', sku: `SKU-${i}`, identity, price: 10_000 + (i % 97) * 100 };
  });
  const observe = (item: (typeof items)[number], observedAt: Date, price = item.price): PendingEvent<OfferObserved> => {
    const payload = OfferObserved.fromPartial({
      ...observation(item.shopId, item.sku, item.identity, price),
      observedAt,
    });
    return { type: Events.offerObserved, key: `${item.shopId}:${item.sku}`, payload };
  };
  await app.start?.();
  const created = new Date(t0);
  for (let i = 0; i < items.length; i += 1_000)
    await publisher.publishAll(items.slice(i, i + 1_000).map((item) => observe(item, created)));
  await until(() => changes >= OFFERS);
  const createSeconds = (Date.now() - t0) / 1000;
  print(
    `changed path: ${OFFERS} new offers in ${createSeconds.toFixed(1)} s = ${Math.round(OFFERS / createSeconds)} offers/s (matching, history, offer, summary, events)`,
  );
  await server.shutdown();
  await app.stop();

  // Phase 2: unchanged observations, consumed by a fresh instance.
  const markers = [0, 1, 2].map((partition) =>
    items.find((item) => partitionForKey(`${item.shopId}:${item.sku}`, PARTITIONS) === partition),
  );
  for (let round = 1; round <= ROUNDS; round += 1) {
    const at = new Date(created.getTime() + round * 1_000); // newer, within the last-seen granularity
    for (let i = 0; i < items.length; i += 1_000)
      await publisher.publishAll(items.slice(i, i + 1_000).map((item) => observe(item, at)));
  }
  const end = new Date(created.getTime() + (ROUNDS + 1) * 1_000);
  await publisher.publishAll(markers.flatMap((item) => (item ? [observe(item, end, item.price + 1)] : [])));
  const store = await openEmbeddedDocumentStore({ path: join(dataDir, 'offers', 'documents.sqlite') });
  const offers = await store.collection<OfferRecord>({ name: 'offers' });
  const versionsBefore = (await offers.find({})).reduce((sum, offer) => sum + offer._version, 0);
  const changesBefore = changes;

  app = await buildOffersApp({ config, logger: silent });
  server = createGrpcServer({ services: app.services, logger: silent });
  await server.listen('127.0.0.1', 0);
  const t1 = Date.now();
  await app.start?.();
  await until(() => changes >= changesBefore + markers.length);
  const seconds = (Date.now() - t1) / 1000;
  const observed = ROUNDS * OFFERS + markers.length;
  const writes = (await offers.find({})).reduce((sum, offer) => sum + offer._version, 0) - versionsBefore;
  print(
    `unchanged path: ${observed} observations in ${seconds.toFixed(1)} s = ${Math.round(observed / seconds)} observations/s; ` +
      `offer writes ${writes} (the ${markers.length} markers, one write each: their events go beside them in the store outbox, ADR 035), OfferChanged ${changes - changesBefore} (the markers)`,
  );

  // Phase 3: every offer's price changes once (no matching: the steady-state changed path).
  const changesBeforeRepricing = changes;
  const t2 = Date.now();
  const repriced = new Date(end.getTime() + 1_000);
  for (let i = 0; i < items.length; i += 1_000)
    await publisher.publishAll(items.slice(i, i + 1_000).map((item) => observe(item, repriced, item.price + 50)));
  await until(() => changes >= changesBeforeRepricing + OFFERS);
  const repriceSeconds = (Date.now() - t2) / 1000;
  print(
    `changed path: ${OFFERS} price changes in ${repriceSeconds.toFixed(1)} s = ${Math.round(OFFERS / repriceSeconds)} changes/s (history, offer, summary, events)`,
  );

  await counter.stop();
  await store.close();
  closeAllChannels();
  await server.shutdown();
  await catalogServer.shutdown();
  await app.stop();
  await catalogApp.stop();
  await bus.close();
  rmSync(dataDir, { recursive: true, force: true });
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('bench: timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
