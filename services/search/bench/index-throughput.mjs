// Indexing throughput and price lag of the search service, end to end: events published on the
// embedded log (as offers would), consumed by the app from app.ts, until every product's last
// price is searchable. Not a timed test; numbers go to the README.
//
//   npx tsc -b services/search && node services/search/bench/index-throughput.mjs [products] [pricesPerProduct] [steadyRate]
//   (with ELASTICSEARCH_URL set and SEARCH_INDEX=elasticsearch it indexes into Elasticsearch)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { Events } from '@pc/proto/event-catalog';
import { toRecord } from '@pc/kit/events/publisher';
import { loadConfig } from '@pc/kit/config/load-config';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { createGrpcServer } from '@pc/kit/grpc/server';
import { createServiceClient } from '@pc/kit/grpc/client';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { ProductCreated } from '@pc/proto/catalog/events/v1/events';
import { OfferChanged, OfferChangeKind, ProductPriceChanged } from '@pc/proto/offers/events/v1/events';
import { IndexKind, SearchServiceService } from '@pc/proto/search/v1/search';
import { buildSearchApp } from '../dist/app.js';
import { searchConfigSchema } from '../dist/config.js';

const products = Number(process.argv[2] ?? 2_000);
const pricesPerProduct = Number(process.argv[3] ?? 5);
/** Price changes per second of the steady phase (in batches every 100 ms). */
const steadyRate = Number(process.argv[4] ?? 500);
const SHOPS = 20;
const FINAL = 1_000_000;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-search-'));
const logger = pino({ level: process.env.BENCH_LOG ?? 'silent' });
const prefix = `bench-search-${Date.now().toString(36)}`;
const config = loadConfig(searchConfigSchema, {
  ...process.env,
  GRPC_PORT: '0',
  OPS_PORT: '0',
  DATA_DIR: dataDir,
  SEARCH_INDEX_PREFIX: prefix,
});
const app = await buildSearchApp({ config, logger });
const server = createGrpcServer({ services: app.services, logger });
const port = await server.listen('127.0.0.1', 0);
await app.start();
const client = createServiceClient(SearchServiceService, `127.0.0.1:${port}`, { deadlineMs: 60_000 });
const bus = openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite'), logger });
const publish = (producer, events) => bus.publish(events.map((event) => toRecord(producer, event)));

const print = (line) => process.stdout.write(`${line}\n`);
const id = (i) => `p${String(i).padStart(7, '0')}`;
const waitFor = async (condition) => {
  for (;;) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
const total = async (request) =>
  (
    await client.searchProducts({
      query: '',
      language: 'en',
      country: 'CH',
      displayCurrency: '',
      facets: [],
      suggest: [],
      refinements: [],
      rangeRefinements: [],
      sort: 0,
      track: false,
      ...request,
    })
  ).page.total;

// 1. The catalog: products with a brand and a category path.
let started = performance.now();
for (let from = 0; from < products; from += 1_000) {
  const batch = [];
  for (let i = from; i < Math.min(products, from + 1_000); i++) {
    const payload = ProductCreated.fromPartial({
      productId: id(i),
      product: {
        id: id(i),
        slug: id(i),
        name: `Product ${i} coffee machine model ${i % 97}`,
        language: 'en',
        version: 1,
        brand: { id: `b${i % 50}`, slug: `brand-${i % 50}`, name: `Brand ${i % 50}`, productsCount: 40 },
        breadcrumbs: [
          { id: 'home', slug: 'home', name: 'Home' },
          { id: `c${i % 30}`, slug: `c${i % 30}`, name: `Category ${i % 30}` },
        ],
        createdAt: new Date(),
      },
      texts: [{ language: 'de', name: `Produkt ${i} Kaffeemaschine Modell ${i % 97}`, description: '' }],
    });
    batch.push({ type: Events.productCreated, key: id(i), payload });
  }
  await publish('catalog', batch);
}
await waitFor(async () => (await total({})) === products);
const productSeconds = (performance.now() - started) / 1000;

// 2. Offers and prices: per product one offer per shop of a few shops, then price changes.
const events = [];
for (let i = 0; i < products; i++) {
  for (let s = 0; s < 2; s++) {
    const offerId = `o${i}-${s}`;
    events.push({
      type: Events.offerChanged,
      key: offerId,
      payload: OfferChanged.fromPartial({
        offerId,
        version: 1,
        kind: OfferChangeKind.OFFER_CHANGE_KIND_CREATED,
        offer: {
          id: offerId,
          productId: id(i),
          shop: { id: `s${(i + s) % SHOPS}` },
          country: 'CH',
          active: true,
          version: 1,
        },
      }),
    });
  }
}
for (let v = 1; v <= pricesPerProduct; v++) {
  for (let i = 0; i < products; i++) {
    const amount = v === pricesPerProduct ? FINAL + i : 10_000 + v * 100 + i;
    events.push({
      type: Events.productPriceChanged,
      key: id(i),
      payload: ProductPriceChanged.fromPartial({
        productId: id(i),
        country: 'CH',
        version: v,
        summary: {
          productId: id(i),
          country: 'CH',
          lowestPrice: { amountMinor: amount, currency: 'CHF' },
          offersCount: 2,
          inStockOffersCount: 1,
          priceDropPercent: v % 3,
        },
      }),
    });
  }
}
started = performance.now();
for (let from = 0; from < events.length; from += 2_000) await publish('offers', events.slice(from, from + 2_000));
const publishSeconds = (performance.now() - started) / 1000;
await waitFor(async () => (await total({ rangeRefinements: [{ facet: 'price', min: FINAL }] })) === products);
const seconds = (performance.now() - started) / 1000;
const burstLag = await priceLag();

// 3. Steady load below capacity: steadyRate/10 price changes every 100 ms.
const steady = [];
const perRound = Math.max(1, Math.round(steadyRate / 10));
// Enough changes to fill the lag window (1024) with steady ones only.
const rounds = Math.ceil(1_100 / perRound);
for (let round = 0; round < rounds; round++) {
  const batch = [];
  for (let k = 0; k < perRound; k++) {
    const i = (round * perRound + k) % products;
    const v = pricesPerProduct + 1 + Math.floor((round * perRound + k) / products);
    batch.push({
      type: Events.productPriceChanged,
      key: id(i),
      payload: ProductPriceChanged.fromPartial({
        productId: id(i),
        country: 'CH',
        version: v,
        summary: {
          productId: id(i),
          country: 'CH',
          lowestPrice: { amountMinor: 2 * FINAL + i, currency: 'CHF' },
          offersCount: 2,
          inStockOffersCount: 1,
        },
      }),
    });
  }
  steady.push(publish('offers', batch));
  await new Promise((resolve) => setTimeout(resolve, 100));
}
await Promise.all(steady);
await waitFor(
  async () =>
    (await total({ rangeRefinements: [{ facet: 'price', min: 2 * FINAL }] })) === Math.min(products, rounds * perRound),
);
await new Promise((resolve) => setTimeout(resolve, 500));
const steadyLag = await priceLag();

async function priceLag() {
  const status = await client.getIndexStatus({ actorUserId: '' });
  return status.indices.find((index) => index.index === IndexKind.INDEX_KIND_PRODUCTS)?.lag;
}
const show = (lag) =>
  `p50 ${lag?.p50Ms.toFixed(0)} ms, p95 ${lag?.p95Ms.toFixed(0)} ms, max ${lag?.maxMs.toFixed(0)} ms over ${lag?.samples} changes`;

print(`search index (${config.SEARCH_INDEX}), ${products} products, ${events.length} offer + price events:`);
print(`  products created and searchable: ${(products / productSeconds).toFixed(0)}/s`);
print(
  `  offer/price events: ${(events.length / seconds).toFixed(0)}/s end to end (publishing alone ${publishSeconds.toFixed(1)} s of ${seconds.toFixed(1)} s)`,
);
print(`  price lag at the end of the burst (queueing included): ${show(burstLag)}`);
print(`  price lag at a steady ${steadyRate} changes/s: ${show(steadyLag)}`);

closeAllChannels();
await server.shutdown();
await app.stop();
await bus.close();
rmSync(dataDir, { recursive: true, force: true });
if (config.SEARCH_INDEX === 'elasticsearch') {
  const { deleteIndices } = await import('@pc/elasticsearch-search-index/testing/es-test-indices');
  await deleteIndices(config.ELASTICSEARCH_URL, prefix);
}
