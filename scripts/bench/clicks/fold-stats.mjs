// The click statistics at size: N ClickRecorded of one shop (default 10,000,000, over the last
// 365 days, in the order they happened) are encoded as affiliates publishes them, then decoded and
// folded into the aggregates as the consumer does (ClickFold: batches of 12,000 — the
// subscription's 1,000 in flight per partition × 12 partitions during a catch-up — one durable
// write per document touched), once reading every document from the store per batch and once
// with the documents held decoded between batches (ADR 062), side by side. Generating the events is not timed; decoding and folding is. Then
// the same through the embedded event log with the real subscription (publish first, then time
// the consumer group until it caught up), and GetClickStats over gRPC for the big shop: today,
// this month, a per-day series, the product top list and the country split — read from the month
// documents (ADR 070), then from the day documents and tally shards alone once the shop's month
// documents are deleted (how every read went before, and how a month folded before them reads).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { buildAffiliatesApp } from '@pc/affiliates/dist/app.js';
import { affiliatesConfigSchema } from '@pc/affiliates/dist/config.js';
import { ClickIds, parseClickId } from '@pc/affiliates/dist/domain/click-id.js';
import { ClickFold, CLICK_FOLD_GROUP, foldedClickOf } from '@pc/affiliates/dist/events/click-fold.js';
import { ClickAggregateRepository } from '@pc/affiliates/dist/store/click-aggregate-repository.js';
import { openClickStatsStore } from '@pc/affiliates/dist/store/click-stats-store.js';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { loadConfig } from '@pc/kit/config/load-config';
import { ClickRecorded } from '@pc/proto/affiliates/events/v1/events';
import { EventEnvelope } from '@pc/proto/events/v1/envelope';
import { Events } from '@pc/proto/event-catalog';
import { toRecord } from '@pc/kit/events/publisher';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { createServiceClient } from '@pc/kit/grpc/client';
import { createGrpcServer } from '@pc/kit/grpc/server';
import { AffiliatesServiceService, GetClickStatsRequest } from '@pc/proto/affiliates/v1/affiliates';
import { fmt, percentile } from '../adapters/stats.mjs';

const DAY = 86_400_000;
const BATCH = 12_000;
const PARTITIONS = 12;
const THROUGH_THE_LOG = 300_000;
const PRODUCTS = 20_000;
const COUNTRIES = ['CH', 'CH', 'CH', 'DE', 'DE', 'FR', 'GB', 'AT'];

/** A small deterministic generator (mulberry32), so runs compare. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One batch of ClickRecorded records as the log delivers them (partition, encoded envelope). */
function batchOf(ids, rand, shops, from, step, count) {
  const records = [];
  for (let n = 0; n < count; n += 1) {
    const clickId = ids.next();
    const product = Math.floor(PRODUCTS * rand() * rand());
    const clickedAt = new Date(from + n * step);
    const click = {
      id: clickId,
      locationId: `lc_${product}`,
      locationKind: 1,
      offerId: `of_${product}_${rand() < 0.7 ? 0 : 1}`,
      productId: `p_${product}`,
      shopId: shops(rand),
      promotionId: '',
      advertisementId: '',
      targetUrl: '',
      origin: 1,
      price: { amountMinor: 9_900, currency: 'CHF' },
      isGreen: false,
      country: COUNTRIES[Math.floor(rand() * COUNTRIES.length)],
      language: 'de',
      userId: '',
      visitorId: '',
      counted: true,
      clickedAt,
      filter: 1,
      referrerPageType: 'product',
      userAgentClass: 1,
      placement: 'offer',
    };
    const record = toRecord(
      'affiliates',
      { type: Events.clickRecorded, key: clickId, payload: { clickId, click, recordedAt: clickedAt } },
      clickedAt,
    );
    records.push({ partition: n % PARTITIONS, key: clickId, value: record.value });
  }
  return records;
}

/** The fold's fields through the generated decoders, every field of the event built (the baseline's decode). */
function generatedDecode(record) {
  const envelope = EventEnvelope.decode(record.value);
  const { click } = ClickRecorded.decode(envelope.payload);
  if (!click?.counted) return null;
  const id = parseClickId(click.id);
  return {
    run: id.run,
    partition: record.partition,
    sequence: id.sequence,
    shopId: click.shopId,
    productId: click.productId,
    offerId: click.offerId,
    advertisementId: click.advertisementId,
    country: click.country,
    clickedAt: click.clickedAt ?? new Date(0),
  };
}

/**
 * Folds `total` clicks spread over the last 365 days; returns the seconds spent decoding and
 * folding, on the clock and on this process's CPU (on a shared machine the second says more).
 */
async function foldClicks(fold, total, shops, seed, decode = foldedClickOf) {
  const rand = random(seed);
  const ids = new ClickIds();
  const now = Date.now();
  const step = (365 * DAY) / total;
  let spent = 0;
  let cpu = 0;
  for (let done = 0; done < total; done += BATCH) {
    const count = Math.min(BATCH, total - done);
    const records = batchOf(ids, rand, shops, now - 365 * DAY + done * step, step, count);
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    await fold.fold(records.map((record) => decode(record)));
    const used = process.cpuUsage(cpuBefore);
    cpu += (used.user + used.system) / 1000;
    spent += performance.now() - started;
    if ((done / BATCH) % 100 === 0 && done > 0)
      process.stdout.write(`    … ${fmt(done)} folded, ${fmt(done / (spent / 1000))}/s\n`);
  }
  return { seconds: spent / 1000, cpuSeconds: cpu / 1000 };
}

/** The real consumer: events published to the embedded log first, then the group's catch-up timed. */
async function throughTheLog(total) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-bench-fold-log-'));
  const logger = pino({ level: 'silent' });
  const bus = openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite') });
  const config = loadConfig(affiliatesConfigSchema, {
    DATA_DIR: dataDir,
    GRPC_PORT: '0',
    OPS_PORT: '0',
    OFFERS_GRPC_ADDR: '127.0.0.1:9',
    ACCOUNTS_GRPC_ADDR: '127.0.0.1:9',
    AFFILIATES_VISITOR_KEY_SECRET: 'bench-visitor-key-secret-0123456789',
  });
  try {
    await bus.ensureTopics([{ name: Events.clickRecorded.topic, partitions: PARTITIONS }]);
    const rand = random(43);
    const ids = new ClickIds();
    const now = Date.now();
    for (let done = 0; done < total; done += BATCH) {
      const records = batchOf(
        ids,
        rand,
        () => 'sh_big',
        now - 30 * DAY + done * 1_000,
        1_000,
        Math.min(BATCH, total - done),
      );
      await bus.publish(
        records.map((record) => ({ topic: Events.clickRecorded.topic, key: record.key, value: record.value })),
      );
    }
    const app = await buildAffiliatesApp({ config, logger });
    const started = performance.now();
    await app.start();
    while ((await bus.consumerLag(CLICK_FOLD_GROUP, [Events.clickRecorded.topic])) > 0)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const seconds = (performance.now() - started) / 1000;
    await app.stop();
    console.log(
      `  through the embedded event log: ${fmt(total)} folded by the subscription in ${fmt(seconds, 1)} s: ${fmt(total / seconds)} events/s`,
    );
  } finally {
    await bus.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function foldStatsBench(total) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-bench-fold-'));
  const logger = pino({ level: 'silent' });
  const config = loadConfig(affiliatesConfigSchema, {
    DATA_DIR: dataDir,
    GRPC_PORT: '0',
    OPS_PORT: '0',
    OFFERS_GRPC_ADDR: '127.0.0.1:9',
    ACCOUNTS_GRPC_ADDR: '127.0.0.1:9',
    AFFILIATES_VISITOR_KEY_SECRET: 'bench-visitor-key-secret-0123456789',
  });
  const app = await buildAffiliatesApp({ config, logger });
  const server = createGrpcServer({ services: app.services, logger });
  // The fold as its thread runs it (ADR 077), here in the benchmark's own thread to time it; the
  // app is not started, so its thread does not run, and it reads what this fold wrote.
  const statistics = await openClickStatsStore(config, logger);
  const fold = new ClickFold(await ClickAggregateRepository.open(statistics), logger);
  try {
    console.log(
      `\n  fold: ${fmt(total)} ClickRecorded of one shop over 365 days, ${fmt(PRODUCTS)} products, batches of ${fmt(BATCH)}`,
    );
    // Before and after ADR 062 side by side: the same events into a store of their own, decoded by
    // the generated decoders and folded with every document read from the store per batch (nothing
    // held), then as the service does (only the fold's fields read, documents held).
    const baselineStore = await openEmbeddedDocumentStore({ path: join(dataDir, 'baseline', 'documents.sqlite') });
    const baseline = new ClickFold(await ClickAggregateRepository.open(baselineStore, { hotDocuments: 0 }), logger);
    const compare = async (label, count, shops, seed) => {
      const before = await foldClicks(baseline, count, shops, seed, generatedDecode);
      const after = await foldClicks(fold, count, shops, seed);
      const rate = (run) =>
        `${fmt(count / run.seconds)} events/s in ${fmt(run.seconds, 1)} s, ${fmt(count / run.cpuSeconds)} per CPU-second`;
      console.log(`  ${label}, ${fmt(count)} events (decode + fold + durable writes):`);
      console.log(`    before (generated decoders, documents read per batch): ${rate(before)}`);
      console.log(`    after (the fold's fields only, documents held):        ${rate(after)}`);
      console.log(
        `    ×${fmt(before.seconds / after.seconds, 2)} on the clock, ×${fmt(before.cpuSeconds / after.cpuSeconds, 2)} per CPU`,
      );
    };
    await compare('one shop', total, () => 'sh_big', 41);
    await compare('1,000 shops', Math.min(total, 1_000_000), (rand) => `sh_${Math.floor(rand() * 1_000)}`, 42);
    await baselineStore.close();
    await throughTheLog(Math.min(total, THROUGH_THE_LOG));

    // The shop's owner, as ShopChanged would have told the read model.
    const store = await openEmbeddedDocumentStore({ path: join(dataDir, 'affiliates', 'documents.sqlite') });
    await (
      await store.collection({ name: 'shops' })
    ).put({
      _id: 'sh_big',
      name: 'Big Shop',
      homepageUrl: 'https://big.example/',
      ownerUserId: 'u_owner',
      urlParameters: [],
      deleted: false,
      version: 1,
    });
    const port = await server.listen('127.0.0.1', 0);
    const client = createServiceClient(AffiliatesServiceService, `127.0.0.1:${port}`);
    const now = new Date();
    const queries = [
      ['today and this month', {}],
      ['+ 30 days per day', { range: { start: new Date(now.getTime() - 30 * DAY), end: now } }],
      ['+ 365 days per day', { range: { start: new Date(now.getTime() - 365 * DAY), end: now } }],
    ];
    const measure = async (shape) => {
      for (const [label, extra] of queries) {
        const request = GetClickStatsRequest.fromPartial({
          actorUserId: 'u_owner',
          shopIds: ['sh_big'],
          timeZone: 'Europe/Zurich',
          topProductsLimit: 10,
          ...extra,
        });
        for (let i = 0; i < 20; i += 1) await client.getClickStats(request);
        const latencies = [];
        let answer;
        for (let i = 0; i < 300; i += 1) {
          const started = performance.now();
          answer = await client.getClickStats(request);
          latencies.push(performance.now() - started);
        }
        latencies.sort((a, b) => a - b);
        const shop = answer.shops[0];
        console.log(
          `  GetClickStats ${shape.padEnd(16)} ${label.padEnd(22)} p50 ${fmt(percentile(latencies, 0.5), 1)} ms  p95 ${fmt(percentile(latencies, 0.95), 1)} ms  p99 ${fmt(percentile(latencies, 0.99), 1)} ms` +
            `  (month ${fmt(shop.clicksThisMonth)}, ${shop.daily.length} days, top product ${fmt(shop.topProducts[0]?.clicks ?? 0)}, ${shop.countries.length} countries)`,
        );
      }
    };
    // After ADR 070: the month documents. Before: the same store without them, as a store the fold
    // wrote before them reads (the day documents and tally shards, as every read did until then).
    await measure('month documents');
    const months = await statistics.collection({ name: 'click_months' });
    for (const id of await months.findIds({ shopId: 'sh_big' })) await months.delete(id);
    await measure('days and tallies');
    await store.close();
  } finally {
    await server.shutdown();
    await statistics.close();
    await app.stop();
    closeAllChannels();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
