// bench:crawler, end to end: a price changed on a demo shop's product page until the site's search
// shows it. The whole platform (npm start's launcher, local profile, seeded through the crawler),
// with product pages visited as fast movers are (CRAWLER_MIN/INITIAL/MAX_INTERVAL 30 s/30 s/45 s:
// what the schedule converges to for a page whose price keeps moving).
import { createServiceClient } from '@pc/kit/grpc/client';
import { CrawlerServiceService } from '@pc/proto/crawler/v1/crawler';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { startPlatform } from '../core/platform.mjs';

const LOCALE_OF = { CH: 'de-ch', DE: 'de', FR: 'fr', GB: 'en-gb' };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function pollUntil(read, done, timeoutMs, everyMs = 500) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) return null;
    await sleep(everyMs);
  }
}

export async function measurePriceToSearch(root, { dataDir, seedArgs, ports, demoPort, changes, log }) {
  Object.assign(process.env, {
    DEMO_SHOPS_PORT: String(demoPort),
    CRAWLER_INITIAL_INTERVAL: '30s',
    CRAWLER_MIN_INTERVAL: '30s',
    CRAWLER_MAX_INTERVAL: '45s',
  });
  const platform = await startPlatform(root, { dataDir, seedArgs, ports });
  try {
    const grpc = (service, index) => `127.0.0.1:${ports.grpcBase + index}`;
    const offers = createServiceClient(OffersServiceService, grpc('offers', 1), { deadlineMs: 20_000 });
    const crawler = createServiceClient(CrawlerServiceService, grpc('crawler', 6), { deadlineMs: 20_000 });
    const manifest = await (await fetch(`http://127.0.0.1:${demoPort}/__admin/shops`)).json();
    // Fast movers the crawler reads by their pages (no feeds), that neither throttle nor refuse it.
    const movers = manifest.shops.filter(
      (shop) =>
        shop.feeds.length === 0 &&
        shop.misbehaviour.fastMover &&
        !shop.misbehaviour.minIntervalMs &&
        !shop.misbehaviour.burst503 &&
        shop.robots !== 'server-error',
    );
    if (movers.length === 0)
      throw new Error('the world has no fast-moving shop without feeds: pick another --e2e-seed or more --e2e-shops');
    const candidates = [];
    const listedOf = async (shop) => {
      const { shops } = await offers.listShops({
        country: '',
        ownerUserId: '',
        statuses: [ShopStatus.SHOP_STATUS_ACTIVE],
        domain: new URL(shop.baseUrl).hostname,
        sort: 0,
        page: { page: 1, hitsPerPage: 1 },
        actorUserId: '',
      });
      if (!shops[0]) return [];
      return (
        await offers.listOffers({
          productId: '',
          shopId: shops[0].id,
          country: '*',
          inStockOnly: false,
          conditions: [],
          greenOnly: false,
          sort: 0,
          page: { page: 1, hitsPerPage: 100 },
          displayCurrency: '',
        })
      ).offers;
    };
    // Their pages come in at ≤ 1 request a second each: wait until enough offers are listed.
    await pollUntil(
      async () => {
        candidates.length = 0;
        for (const shop of movers)
          for (const offer of await listedOf(shop)) if (LOCALE_OF[offer.country]) candidates.push({ shop, offer });
        return candidates.length;
      },
      (count) => count >= changes,
      600_000,
      5_000,
    );
    log(`  phase C: ${movers.length} fast-moving shops without feeds, ${candidates.length} of their offers listed`);
    const chosen = candidates.sort((a, b) => a.offer.id.localeCompare(b.offer.id)).slice(0, changes);
    const results = await Promise.all(
      chosen.map(async ({ shop, offer }, i) => {
        await sleep(i * 3_000);
        const locale = LOCALE_OF[offer.country];
        const detail = (
          await (await fetch(`${platform.siteUrl}/api/products/${offer.productId}?locale=${locale}`)).json()
        ).data;
        const lowest = Math.min(detail.price?.amount ?? offer.price.amountMinor, offer.price.amountMinor);
        const price = Math.max(1, lowest - Math.max(1, Math.round(lowest / 100)));
        const changedAt = Date.now();
        const answer = await fetch(
          `http://127.0.0.1:${demoPort}/__admin/offers/${shop.index}/${encodeURIComponent(offer.shopOfferId)}`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ priceMinor: price }),
          },
        );
        if (!answer.ok) throw new Error(`price change refused: ${await answer.text()}`);
        const visited = pollUntil(
          async () => (await crawler.getUrl({ url: offer.url })).url?.lastVisitAt?.getTime() ?? 0,
          (at) => at >= changedAt,
          300_000,
        ).then((at) => (at ? at - changedAt : null));
        const searchable = await pollUntil(
          async () =>
            (
              await (
                await fetch(
                  `${platform.siteUrl}/api/products?locale=${locale}&search=${encodeURIComponent(detail.name)}`,
                )
              ).json()
            ).data,
          (hits) => hits.some((hit) => hit.id === offer.productId && hit.price?.amount === price),
          300_000,
        );
        return { crawledMs: await visited, searchableMs: searchable ? Date.now() - changedAt : null };
      }),
    );
    return { results, shops: movers.length };
  } finally {
    await platform.stop();
  }
}
