// bench:crawler, end to end: a price changed on a fast mover's product page until the site's search
// shows it. The whole platform (npm start's launcher, local profile, seeded through the crawler),
// every product page revisited every 30–45 s (CRAWLER_INITIAL/MIN/MAX_INTERVAL 30 s/40 s/45 s):
// more than a host can serve at one request a second, so every host keeps a queue of due ordinary
// pages — the case a fast mover must not wait behind. Each measured page is first made a fast
// mover as a shop that reprices makes one: its price changed twice, each change seen by a visit;
// its visits then follow the crawler's own CRAWLER_FAST_MOVER_INTERVAL.
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
    CRAWLER_MIN_INTERVAL: '40s',
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
          productIds: [],
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
    const lastVisitOf = async (offer) => (await crawler.getUrl({ url: offer.url })).url?.lastVisitAt?.getTime() ?? 0;
    /** Sets the offer's price on the shop's site; when the change was made. */
    const setPrice = async (shop, offer, priceMinor) => {
      const changedAt = Date.now();
      const answer = await fetch(
        `http://127.0.0.1:${demoPort}/__admin/offers/${shop.index}/${encodeURIComponent(offer.shopOfferId)}`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ priceMinor }) },
      );
      if (!answer.ok) throw new Error(`price change refused: ${await answer.text()}`);
      return changedAt;
    };
    const fastMovers = [];
    const results = await Promise.all(
      chosen.map(async ({ shop, offer }, i) => {
        await sleep(i * 3_000);
        // Warm-up: two changes, each seen by a visit, make the page a fast mover.
        for (const step of [1, 2]) {
          const changedAt = await setPrice(shop, offer, offer.price.amountMinor + step);
          await pollUntil(
            () => lastVisitOf(offer),
            (at) => at >= changedAt,
            600_000,
            1_000,
          );
        }
        fastMovers.push((await crawler.getUrl({ url: offer.url })).url?.fastMover === true);
        // A shop reprices whenever it likes, not just after a visit: the changes are spread over
        // the fast movers' interval (0–35 s after the visit that saw the warm-up).
        await sleep((i % 8) * 5_000);
        const locale = LOCALE_OF[offer.country];
        const detail = (
          await (await fetch(`${platform.siteUrl}/api/products/${offer.productId}?locale=${locale}`)).json()
        ).data;
        const lowest = Math.min(detail.price?.amount ?? offer.price.amountMinor, offer.price.amountMinor);
        const price = Math.max(1, lowest - Math.max(1, Math.round(lowest / 100)));
        const changedAt = await setPrice(shop, offer, price);
        const visited = pollUntil(
          () => lastVisitOf(offer),
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
    return { results, shops: movers.length, fastMovers: fastMovers.filter(Boolean).length };
  } finally {
    await platform.stop();
  }
}
