// Our crawler on its own for bench:crawler: the service's own process (services/crawler/dist) on
// embedded engines in a temp data dir, told about the demo shops as offers would tell it
// (ShopChanged on its event bus, shops listed, no feeds) and left to discover their sites.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { Events } from '@pc/proto/event-catalog';
import { createEventPublisher } from '@pc/kit/events/publisher';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { openCrawlerStore } from '@pc/crawler/dist/store/crawler-store.js';
import { newHostRecord } from '@pc/crawler/dist/workflows/host-registry.js';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { ShopChanged } from '@pc/proto/offers/events/v1/events';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { ensureIdentityKeys, identityEnv } from '../../platform/identity-keys.mjs';
import { startReady } from './processes.mjs';

/**
 * Shops whose pages have only visible HTML need their CSS rules, as staff set them
 * (SetExtractionRules needs a staff user of accounts, which the bench does not run): written to
 * the crawler's own store before it starts, as that RPC writes them.
 */
async function storeSelectorRules(dataDir, manifest) {
  const documents = await openEmbeddedDocumentStore({ path: join(dataDir, 'crawler', 'documents.sqlite') });
  try {
    const store = await openCrawlerStore(documents);
    const now = new Date();
    for (const shop of manifest.shops) {
      if (!shop.selectorRules) continue;
      const host = new URL(shop.baseUrl).host;
      await store.hosts.put({
        ...newHostRecord(host, '', now),
        rules: shop.selectorRules,
        rulesUpdatedAt: now.toISOString(),
      });
    }
  } finally {
    await documents.close();
  }
}

export async function startOurCrawler(root, { grpcPort, opsPort, manifest, concurrency }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-bench-crawler-'));
  const network = new URL(manifest.shops[0].baseUrl).hostname.split('.').slice(0, 2).join('.');
  const port = new URL(manifest.shops[0].baseUrl).port;
  // BENCH_CRAWLER_NODE_ARGS: extra node flags for the crawler, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = (globalThis.process.env.BENCH_CRAWLER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  ensureIdentityKeys(dataDir);
  await storeSelectorRules(dataDir, manifest);
  const process = startReady(
    'crawler',
    [...nodeArgs, '--enable-source-maps', join(root, 'services', 'crawler', 'dist', 'main.js')],
    {
      cwd: root,
      env: {
        DATA_DIR: dataDir,
        GRPC_HOST: '127.0.0.1',
        GRPC_PORT: String(grpcPort),
        OPS_PORT: String(opsPort),
        LOG_LEVEL: 'warn',
        ...identityEnv(dataDir, 'crawler'),
        // The local profile's exception, as npm start sets it: the demo shops' addresses and port.
        FETCH_ALLOW_PRIVATE: `${network}.0.0/16`,
        FETCH_ALLOW_PORTS: port,
        CRAWLER_DISCOVER_SHOPS: 'true',
        CRAWLER_CONCURRENCY: String(concurrency),
        // No accounts beside it: the bench makes no staff call.
        ACCOUNTS_GRPC_ADDR: '127.0.0.1:1',
      },
    },
  );
  await process.ready;
  const bus = openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite') });
  const publisher = createEventPublisher(bus, 'offers');
  const startedAt = Date.now();
  for (const shop of manifest.shops) {
    const shopId = `bench-shop-${shop.index}`;
    const payload = ShopChanged.fromPartial({
      shopId,
      version: 1,
      shop: {
        id: shopId,
        name: shop.name,
        domain: new URL(shop.baseUrl).hostname,
        homepageUrl: `${shop.baseUrl}/`,
        countries: [shop.country],
        status: ShopStatus.SHOP_STATUS_ACTIVE,
        version: 1,
        feeds: [],
      },
      changedAt: new Date(),
    });
    await publisher.publish(Events.shopChanged, shopId, payload);
  }
  return {
    ...process,
    startedAt,
    metrics: async () => (await fetch(`http://127.0.0.1:${opsPort}/metrics`)).text(),
    stop: async () => {
      closeAllChannels();
      await bus.close();
      await process.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
