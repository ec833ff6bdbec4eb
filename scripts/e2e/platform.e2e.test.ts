import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { AffiliatesServiceService, GetEcoTipSummaryRequest } from '@pc/proto/affiliates/v1/affiliates';
import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import { CrawlerServiceService } from '@pc/proto/crawler/v1/crawler';
import { CrawlJobStatus, FeedFetchOutcome } from '@pc/proto/crawler/v1/types';
import { ListFeedsRequest, OffersServiceService } from '@pc/proto/offers/v1/offers';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { createServiceClient } from '@pc/kit/grpc/client';
import { ensureGrpcurl, grpcurl } from '@pc/kit/testing/grpcurl';
import { SERVICES } from '../platform/service-list.cjs';
import { demoShopsAdmin, type DemoShop } from './demo-shops-admin';
import { actorMethod, methodNotFor, platformIdentity, rawStatus, SERVICE_APIS, signedAs } from './identity-probes';
import { isAlive, startPlatform, type RunningPlatform } from './platform-process';

const root = join(__dirname, '..', '..');

/** Runs a Node script to its end; its exit code and its output (stdout and stderr). */
function runNode(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Polls `read` until `done` holds of its answer (never a fixed sleep), at most `timeoutMs`. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * The whole local platform as `npm start` runs it on an empty data dir: a process per service of
 * services/services.json, the site and the demo shops, real gRPC, embedded engines, seeded (the
 * demo shops' past as a history import, their current offers through the crawler: feeds and
 * pages). Read through the site and its API, probe the services, change a shop's price, crash
 * one, stop it all.
 */
describe('npm start', () => {
  let platform: RunningPlatform;
  let startedAt: number;

  beforeAll(async () => {
    startedAt = Date.now();
    platform = await startPlatform(0, { seedArgs: '--products 40 --shops 16 --history-days 30 --reviews 2' });
  }, 240_000);

  afterAll(async () => {
    closeAllChannels();
    if (platform && platform.process.exitCode === null) await platform.interrupt();
  });

  it('serves a home page whose content came from the services over gRPC', async () => {
    const response = await fetch(`${platform.siteUrl}/en-ch`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Categories');
    expect(html).toContain('/en-ch/categories/'); // the catalog answered with the seeded tree
    const status = await (await fetch(`${platform.siteUrl}/status`)).text();
    for (const service of SERVICES) {
      expect(status).toContain(`data-service="${service}" data-serving="true"`);
    }
  });

  it('sends the bare domain to the default locale and unknown paths to not-found', async () => {
    const root = await fetch(platform.siteUrl, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/en-ch');
    expect((await fetch(`${platform.siteUrl}/xx-yy`)).status).toBe(404);
    expect((await fetch(`${platform.siteUrl}/en-ch/no/such/page`)).status).toBe(404);
    expect(await (await fetch(`${platform.siteUrl}/healthz`)).json()).toEqual({ status: 'ok' });
  });

  it('is populated on first start: products with prices, offers and history through the JSON API', async () => {
    const list = await fetch(`${platform.siteUrl}/api/products?locale=de-ch&sort=cheapest&facets=brand,category`);
    expect(list.status).toBe(200);
    const products = (await list.json()) as {
      data: { id: string; price: { amount: number; currency: string } | null }[];
      meta: { total: number };
    };
    expect(products.meta.total).toBeGreaterThanOrEqual(35); // 40 generated; a few may share a product
    const priced = products.data.filter((product) => product.price !== null);
    expect(priced.length).toBeGreaterThan(0);
    expect(priced[0]?.price?.currency).toBe('CHF');
    const id = priced[0]!.id;
    const detail = await fetch(`${platform.siteUrl}/api/products/${id}?locale=de-ch`);
    expect(detail.status).toBe(200);
    expect(((await detail.json()) as { data: { id: string } }).data.id).toBe(id);
    const offers = (await (await fetch(`${platform.siteUrl}/api/products/${id}/offers?locale=de-ch`)).json()) as {
      data: unknown[];
    };
    expect(offers.data.length).toBeGreaterThan(0);
    const history = (await (
      await fetch(`${platform.siteUrl}/api/products/${id}/price-history?locale=de-ch`)
    ).json()) as Record<string, unknown>;
    expect(JSON.stringify(history)).toContain('CHF');
    expect(platform.output()).toMatch(/seeded: \d+ shops, 40 products/);
    // The demo visitors reviewed shops through offers, as visitors of the site do.
    expect(platform.output()).toMatch(/shop reviews: [1-9]\d* written, 0 already there/);
  });

  it('answers gRPC: data, validation, identity and not-yet-built calls', async () => {
    const catalog = createServiceClient(CatalogServiceService, `127.0.0.1:${platform.grpcPort('catalog')}`);
    const categories = await catalog.listCategories({ parentId: '', sort: 0, page: undefined, language: 'de' });
    expect(categories.page).toMatchObject({ page: 1, hitsPerPage: 24 });
    expect(categories.page?.total).toBeGreaterThan(0);
    await expect(catalog.getCategory({ categoryId: 'nope', language: 'en' })).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
    await expect(
      catalog.listBrands({
        namePrefix: '',
        minProducts: 0,
        sort: 0,
        page: { page: 0, hitsPerPage: 500 },
        language: 'en',
      }),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [{ field: 'page.hits_per_page', reason: 'must be between 1 and 100' }],
    });
    const offers = createServiceClient(OffersServiceService, `127.0.0.1:${platform.grpcPort('offers')}`);
    // A shop's feeds are for its owner or an admin: without an actor the call is refused.
    await expect(offers.listFeeds(ListFeedsRequest.fromPartial({ shopId: 'any' }))).rejects.toMatchObject({
      code: GrpcStatus.UNAUTHENTICATED,
    });
    const affiliates = createServiceClient(AffiliatesServiceService, `127.0.0.1:${platform.grpcPort('affiliates')}`);
    await expect(affiliates.getEcoTipSummary(GetEcoTipSummaryRequest.fromPartial({}))).resolves.toHaveProperty(
      'totals',
    );
    const crawler = createServiceClient(CrawlerServiceService, `127.0.0.1:${platform.grpcPort('crawler')}`);
    await expect(crawler.listFeedFetches({ shopId: '', feedId: '', page: undefined })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [{ field: 'shop_id', reason: 'is required' }],
    });
  });

  it('refuses every service call without credentials, with a forged actor or from a caller the call graph does not allow', async () => {
    const ops = platformIdentity(platform.dataDir, 'ops');
    const seed = platformIdentity(platform.dataDir, 'seed');
    for (const service of SERVICES) {
      const api = SERVICE_APIS[service]!;
      const address = `127.0.0.1:${platform.grpcPort(service)}`;
      const method = actorMethod(api);
      const request = method.requestDeserialize(Buffer.alloc(0)) as { actorUserId: string };
      const notForSeed = methodNotFor(api, 'seed')!;
      const statuses = {
        service,
        unsigned: await rawStatus(address, method, request),
        forgedToken: await rawStatus(address, method, request, { authorization: 'Bearer not.a.token' }),
        forgedActor: await rawStatus(address, method, { ...request, actorUserId: 'someone-else' }, await signedAs(ops)),
        notInGraph: await rawStatus(
          address,
          notForSeed,
          notForSeed.requestDeserialize(Buffer.alloc(0)),
          await signedAs(seed),
        ),
      };
      expect(statuses).toEqual({
        service,
        unsigned: GrpcStatus.UNAUTHENTICATED,
        forgedToken: GrpcStatus.UNAUTHENTICATED,
        forgedActor: GrpcStatus.PERMISSION_DENIED,
        notInGraph: GrpcStatus.PERMISSION_DENIED,
      });
    }
  });

  describe('the supply side: the demo shops reach the site through the crawler', () => {
    const offers = () => createServiceClient(OffersServiceService, `127.0.0.1:${platform.grpcPort('offers')}`);
    const crawler = () => createServiceClient(CrawlerServiceService, `127.0.0.1:${platform.grpcPort('crawler')}`);
    const demo = () => demoShopsAdmin(platform.demoShopsUrl);
    const shopIdOf = async (shop: DemoShop): Promise<string> => {
      const { shops } = await offers().listShops({
        country: '',
        ownerUserId: '',
        statuses: [ShopStatus.SHOP_STATUS_ACTIVE],
        domain: new URL(shop.baseUrl).hostname,
        sort: 0,
        page: { page: 1, hitsPerPage: 1 },
        actorUserId: '',
      });
      if (!shops[0]) throw new Error(`no directory shop at ${shop.baseUrl}`);
      return shops[0].id;
    };
    const listedOffers = async (shopId: string, country = '*') =>
      (
        await offers().listOffers({
          productId: '',
          shopId,
          country,
          inStockOnly: false,
          conditions: [],
          greenOnly: false,
          sort: 0,
          page: { page: 1, hitsPerPage: 100 },
          displayCurrency: '',
          productIds: [],
        })
      ).offers;

    it("lists only offers the crawler read now, from the shops' feeds and, for shops without feeds, their pages", async () => {
      const shops = await demo().shops();
      const withFeeds = shops.filter((shop) => shop.feeds.length > 0);
      const withoutFeeds = shops.filter((shop) => shop.feeds.length === 0);
      expect(withFeeds.length).toBeGreaterThan(0);
      expect(withoutFeeds.length).toBeGreaterThan(0);
      let fromFeeds = 0;
      for (const shop of withFeeds) {
        const shopId = await shopIdOf(shop);
        const { fetches } = await crawler().listFeedFetches({ shopId, feedId: '', page: undefined });
        // The seed waited for every feed's first fetch; blocked ones (a 503 robots.txt) say why.
        expect(new Set(fetches.filter((fetch) => fetch.finishedAt).map((fetch) => fetch.url))).toEqual(
          new Set(shop.feeds.map((feed) => feed.url)),
        );
        if (
          fetches.some(
            (fetch) => fetch.outcome === FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED && fetch.itemsValid > 0,
          )
        )
          fromFeeds += (await listedOffers(shopId)).length;
      }
      expect(fromFeeds).toBeGreaterThan(0);
      // A shop without feeds comes in as its pages are crawled (≤ 1 request a second per shop).
      const crawled = await until(
        async () =>
          (
            await Promise.all(withoutFeeds.map(async (shop) => (await listedOffers(await shopIdOf(shop))).length))
          ).reduce((sum, n) => sum + n, 0),
        (count) => count > 0,
        120_000,
      );
      expect(crawled).toBeGreaterThan(0);
      // Every listed offer was observed since the platform started, on its shop's own site: the
      // history import is older than offers' freshness window and lists nothing.
      for (const shop of shops) {
        for (const offer of await listedOffers(await shopIdOf(shop))) {
          expect({
            url: offer.url.startsWith(`${shop.baseUrl}/`),
            seen: (offer.observedAt?.getTime() ?? 0) >= startedAt,
          }).toEqual({ url: true, seen: true });
        }
      }
    }, 180_000);

    it("shows a price a demo shop changes: its feed analysed now, the new price on the product's offers and in search", async () => {
      const shops = await demo().shops();
      let chosen: {
        shop: DemoShop;
        shopId: string;
        feedId: string;
        offer: Awaited<ReturnType<typeof listedOffers>>[number];
      } | null = null;
      for (const shop of shops.filter((candidate) => candidate.feeds.some((feed) => feed.country === 'CH'))) {
        const shopId = await shopIdOf(shop);
        const { fetches } = await crawler().listFeedFetches({ shopId, feedId: '', page: undefined });
        const feed = fetches.find(
          (fetch) =>
            fetch.outcome === FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED &&
            shop.feeds.some((f) => f.url === fetch.url && f.country === 'CH'),
        );
        const offer = feed ? (await listedOffers(shopId, 'CH'))[0] : undefined;
        if (feed && offer) {
          chosen = { shop, shopId, feedId: feed.feedId, offer };
          break;
        }
      }
      if (!chosen) throw new Error('no Swiss demo shop with a read feed and a listed offer');
      const { shop, shopId, feedId, offer } = chosen;
      const product = async () =>
        (await (await fetch(`${platform.siteUrl}/api/products/${offer.productId}?locale=de-ch`)).json()) as {
          data: { name: string; price: { amount: number } | null };
        };
      const lowest = (await product()).data.price?.amount ?? offer.price!.amountMinor;
      const cheaper = Math.max(1, Math.min(lowest, offer.price!.amountMinor) - 100);
      expect((await demo().setPrice(shop, offer.shopOfferId, cheaper)).priceMinor).toBe(cheaper);
      // Scheduling a crawl is a staff write: the driver names the platform's staff user.
      const { job } = await crawler().scheduleCrawl({
        actorUserId: platform.staffUserId,
        target: { target: { $case: 'feed', value: { shopId, feedId } } },
        priority: 10,
        reason: 'e2e: analyse now',
        runAt: undefined,
        interval: undefined,
      });
      const done = await until(
        async () => (await crawler().getCrawlStatus({ jobId: job!.id, target: undefined })).job,
        (current) => current?.status === CrawlJobStatus.CRAWL_JOB_STATUS_SUCCEEDED,
        60_000,
      );
      expect(done?.status).toBe(CrawlJobStatus.CRAWL_JOB_STATUS_SUCCEEDED);
      // The read is compared with the seed's first one: the changed offer counts as changed.
      const [analysed] = (await crawler().listFeedFetches({ shopId, feedId, page: undefined })).fetches;
      expect(analysed?.offers?.changed).toBeGreaterThanOrEqual(1);
      const offersApi = async () =>
        (
          (await (await fetch(`${platform.siteUrl}/api/products/${offer.productId}/offers?locale=de-ch`)).json()) as {
            data: { identifier: string; price: { amount: number } }[];
          }
        ).data;
      const shown = await until(
        offersApi,
        (rows) => rows.some((row) => row.identifier === offer.id && row.price.amount === cheaper),
        90_000,
      );
      expect(shown.find((row) => row.identifier === offer.id)?.price.amount).toBe(cheaper);
      const name = (await product()).data.name;
      const search = async () =>
        (
          (await (
            await fetch(`${platform.siteUrl}/api/products?locale=de-ch&search=${encodeURIComponent(name)}`)
          ).json()) as { data: { id: string; price: { amount: number } | null }[] }
        ).data;
      const found = await until(
        search,
        (hits) => hits.some((hit) => hit.id === offer.productId && hit.price?.amount === cheaper),
        90_000,
      );
      expect(found.find((hit) => hit.id === offer.productId)?.price?.amount).toBe(cheaper);
    }, 240_000);

    it("slows down for shops that answer 429 or 503 rather than hammering them, by the shops' own request log", async () => {
      const admin = demo();
      const shops = await admin.shops();
      const summary = await admin.requestSummary(1_000);
      expect(summary.totals.requests).toBeGreaterThan(shops.length);
      // Never two requests to a shop within a second, never two at once.
      expect(summary.hosts.filter((host) => host.overRate > 0 || host.maxInFlight > 1)).toEqual([]);
      const throttling = shops.filter((shop) => shop.misbehaviour.minIntervalMs > 0);
      expect(throttling.length).toBeGreaterThan(0);
      for (const shop of shops) {
        const log = await admin.requestsOf(shop);
        log.forEach((request, i) => {
          const next = log[i + 1];
          // 429 comes with Retry-After: 5 — nothing sooner; a 503's Retry-After is at least a second.
          if (next && request.status === 429)
            expect({ shop: shop.name, wait: next.t - request.t >= 5_000 }).toEqual({ shop: shop.name, wait: true });
          if (next && request.status === 503)
            expect({ shop: shop.name, wait: next.t - request.t >= 1_000 }).toEqual({ shop: shop.name, wait: true });
        });
        // A shop that wants two seconds between requests gets them after its first 429.
        if (shop.misbehaviour.minIntervalMs > 0)
          expect({ shop: shop.name, refused: log.filter((request) => request.status === 429).length <= 1 }).toEqual({
            shop: shop.name,
            refused: true,
          });
      }
    });
  });

  it('lists each service to grpcurl over server reflection, without proto files', async () => {
    const binary = ensureGrpcurl();
    for (const service of SERVICES) {
      const listed = (await grpcurl(binary, ['-plaintext', `127.0.0.1:${platform.grpcPort(service)}`, 'list']))
        .trim()
        .split('\n')
        .sort();
      // The service's own API (pricecompare.catalog.v1.CatalogService, …) beside the health service.
      // Its own API (some have a staff API of their own beside it) and, with staff writes, the staff audit API.
      const own = new RegExp(`^pricecompare\\.${service}\\.v1\\.[A-Z][A-Za-z]*Service$`);
      expect(listed[0]).toBe('grpc.health.v1.Health');
      expect(listed.filter((name) => own.test(name)).length).toBeGreaterThanOrEqual(1);
      expect(listed.slice(1).filter((name) => !own.test(name) && !name.startsWith('pricecompare.staff.v1.'))).toEqual(
        [],
      );
    }
    const described = await grpcurl(binary, [
      '-plaintext',
      `127.0.0.1:${platform.grpcPort('offers')}`,
      'describe',
      'pricecompare.offers.v1.OffersService.StreamProductPriceSummaries',
    ]);
    expect(described).toContain('returns ( stream .pricecompare.offers.v1.StreamProductPriceSummariesResponse )');
  }, 600_000);

  it('exposes readiness and Prometheus metrics on each ops port', async () => {
    const ready = await fetch(`http://127.0.0.1:${platform.opsPort('catalog')}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { documents: 'ok' } });
    const metrics = await (await fetch(`http://127.0.0.1:${platform.opsPort('catalog')}/metrics`)).text();
    expect(metrics).toMatch(
      /rpc_server_duration.*rpc_method="\/pricecompare\.catalog\.v1\.CatalogService\/ListCategories"/,
    );
    expect(metrics).toContain('process_memory_rss');
  });

  it('takes the load smoke run (visitor, business and API mixes) without one failed request', async () => {
    // npm run load -- --profile smoke: vegeta at a gentle rate; it fails on errors, never on latency.
    const out = mkdtempSync(join(tmpdir(), 'pc-load-smoke-'));
    try {
      const run = await runNode([
        join(root, 'scripts', 'load', 'run.mjs'),
        '--profile',
        'smoke',
        '--site',
        platform.siteUrl,
        '--out',
        out,
      ]);
      expect(run.output).toContain('load: ok (no errors)');
      expect(run.code).toBe(0);
      const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
      expect(summary).toMatchObject({ profile: 'smoke', mixes: ['visitor', 'business', 'api'], errors: 0 });
      expect(summary.requests).toBeGreaterThanOrEqual(90);
      // Every request kind of every mix was sent and answered (the click-outs as redirects), the
      // signed-in business user's pages included.
      expect(Object.keys(summary.statusCodes).sort()).toEqual(['200', '302']);
      expect(Object.keys(summary.kinds)).toHaveLength(20);
      expect(summary.kinds['business: account page (signed in)']).toMatchObject({
        errors: 0,
        codes: { 200: expect.any(Number) },
      });
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);

  it('restarts a service that crashes', async () => {
    const catalogPid = platform.servicePid('catalog');
    process.kill(catalogPid, 'SIGKILL');
    const catalog = createServiceClient(CatalogServiceService, `127.0.0.1:${platform.grpcPort('catalog')}`, {
      deadlineMs: 1_000,
    });
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        await catalog.listCategories({ parentId: '', sort: 0, page: undefined, language: 'en' });
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    expect(isAlive(catalogPid)).toBe(false);
    expect(platform.output()).toMatch(/catalog\s+\| exited \(code null, signal SIGKILL\); restarting/);
  });

  it('stops every process cleanly on Ctrl-C', async () => {
    const pids = platform.childPids();
    expect(pids).toHaveLength(SERVICES.length + 3); // every service, the site, the admin app and the demo shops
    const code = await platform.interrupt();
    expect(code).toBe(0);
    expect(pids.filter(isAlive)).toEqual([]);
    expect(platform.output()).toContain('stopped.');
  });
});
