import { analyzeFeed } from '@pc/product-feeds/analyze-feed';
import type { FeedOffer } from '@pc/product-feeds/validate/feed-offer';
import { decimalAmount } from '../render/money';
import type { DemoShopsManifest } from '../site/manifest';
import { TEMPLATE_RULES } from '../site/selector-rules';
import { buildTestWorld, startTestShops } from '../testing/demo-harness';
import type { DemoShop } from '../world/demo-world';
import type { RunningDemoShops } from './demo-server';

describe('the demo shops server', () => {
  const world = buildTestWorld();
  let running: RunningDemoShops;
  let clock: { now: number };
  let manifest: DemoShopsManifest;
  const base = (shop: DemoShop) => `http://${shop.address}:${running.addressing.port}`;
  const get = (url: string, init: RequestInit = {}) => fetch(url, { redirect: 'manual', ...init });
  const shopWhere = (test: (shop: DemoShop) => boolean): DemoShop => {
    const found = world.shops.find(test);
    if (!found) throw new Error('no shop of that kind in the test world');
    return found;
  };
  // Each shop's own rate limit and 503 bursts depend on time: most tests step the clock a lot.
  const later = (ms = 60_000) => (clock.now += ms);

  beforeAll(async () => {
    ({ running, clock } = await startTestShops(world));
    manifest = (await (await get(`${running.adminUrl}/__admin/shops`)).json()) as DemoShopsManifest;
  });
  afterAll(() => running.close());

  it('serves every shop on its own address, the index and manifest on the admin address only', async () => {
    expect(manifest.shops).toHaveLength(60);
    expect(manifest.shops[5]).toMatchObject({
      index: 5,
      baseUrl: base(world.shops[5] as DemoShop),
      name: world.shops[5]?.shop.name,
    });
    const home = await get(`${base(world.shops[5] as DemoShop)}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(`<h1>${world.shops[5]?.shop.name.replace(/&/g, '&amp;')}</h1>`);
    expect((await get(`${base(world.shops[5] as DemoShop)}/__admin/shops`)).status).toBe(404);
    expect(await (await get(`${running.adminUrl}/`)).text()).toContain(base(world.shops[59] as DemoShop));
  });

  it('answers robots.txt per shop: disallow rules, crawl-delay, a group for our crawler, missing, failing at the top of the hour', async () => {
    later();
    const text = async (shop: DemoShop) => {
      const response = await get(`${base(shop)}/robots.txt`);
      return [response.status, await response.text()] as const;
    };
    expect((await text(shopWhere((s) => s.site.robots === 'disallow-paths')))[1]).toMatch(
      /User-agent: \*\nDisallow: \/cart\nDisallow: \/search/,
    );
    const delayed = shopWhere((s) => s.site.robots === 'crawl-delay');
    expect((await text(delayed))[1]).toContain(`Crawl-delay: ${delayed.site.crawlDelaySeconds}`);
    expect((await text(shopWhere((s) => s.site.robots === 'bot-group')))[1]).toMatch(
      /User-agent: PriceCompareBot\nDisallow: \/cart[\s\S]*User-agent: \*\nDisallow: \/\n/,
    );
    expect((await text(shopWhere((s) => s.site.robots === 'missing')))[0]).toBe(404);
    const failing = shopWhere((s) => s.site.robots === 'server-error');
    const hour = Math.ceil(clock.now / 3_600_000) * 3_600_000;
    clock.now = hour + 5 * 60_000;
    expect((await text(failing))[0]).toBe(503);
    clock.now = hour + 15 * 60_000;
    expect((await text(failing))[0]).toBe(200);
  });

  it('lists every listed product in its sitemaps, and each answers with its markup', async () => {
    later();
    for (const markup of ['json-ld', 'microdata', 'opengraph', 'html'] as const) {
      const shop = shopWhere(
        (s) =>
          s.site.markup === markup &&
          s.site.sitemap &&
          !s.site.slowMs &&
          !s.site.burstSeconds &&
          !s.site.minIntervalMs &&
          s.offers.length > 0,
      );
      const index = await (await get(`${base(shop)}/sitemap.xml`)).text();
      const productSitemap = /<loc>([^<]*products-1\.xml)<\/loc>/.exec(index)?.[1] as string;
      const urls = [...(await (await get(productSitemap)).text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map(
        (m) => m[1] as string,
      );
      expect(urls.length).toBeGreaterThan(0);
      const item = shop.byPath.get(new URL(urls[0] as string).pathname);
      expect(item).toBeDefined();
      const page = await (await get(urls[0] as string)).text();
      const live = running.market.stateOf(shop, item as NonNullable<typeof item>, clock.now);
      const amount = decimalAmount(live.priceMinor, item?.offer.currency ?? '');
      if (markup === 'json-ld') expect(page).toMatch(new RegExp(`"price": "${amount}"`));
      if (markup === 'microdata') expect(page).toContain(`<meta itemprop="price" content="${amount}">`);
      if (markup === 'opengraph') expect(page).toContain(`<meta property="product:price:amount" content="${amount}">`);
      if (markup === 'html') {
        expect(page).not.toContain('application/ld+json');
        expect(page).not.toContain('itemprop="price"');
        // The published selector rules name elements the page has.
        const rules = manifest.shops[shop.shop.index]?.selectorRules;
        expect(rules).toEqual(TEMPLATE_RULES[shop.site.template]);
        const nameClass = /[.#]([\w-]+)$/.exec(rules?.name.split(' ')[0] ?? '')?.[1] as string;
        expect(page).toMatch(new RegExp(`(class|id)="${nameClass}"`));
      }
    }
  });

  it('publishes a feed per format and country that our feed package reads, with the prices the pages show', async () => {
    later();
    const calm = world.shops.filter((s) => s.site.feeds.length > 0 && !s.site.burstSeconds && !s.site.minIntervalMs);
    let abroad = 0;
    for (const shop of calm.slice(0, 8)) {
      const entry = manifest.shops[shop.shop.index]!;
      const countries = [...new Set(shop.offers.map((item) => item.offer.country))];
      expect(entry.feeds).toHaveLength(shop.site.feeds.length * countries.length);
      for (const feed of entry.feeds) {
        const response = await get(feed.url);
        expect(response.status).toBe(200);
        const offers: FeedOffer[] = [];
        const report = await analyzeFeed(Buffer.from(await response.arrayBuffer()), {
          defaults: { country: feed.country, currency: feed.currency, language: feed.language },
          onOffer: (offer) => void offers.push(offer),
        });
        expect(report).toMatchObject({ format: feed.format, complete: true });
        const listed = shop.offers.filter(
          (item) => item.offer.country === feed.country && running.market.stateOf(shop, item, clock.now).listed,
        );
        expect(report.rows).toBe(listed.length);
        if (feed.country !== shop.shop.country) abroad += 1;
        // The seed leaves some items without GTIN and MPN: those are the only rejections.
        expect(Object.keys(report.rejectedByReason).filter((reason) => reason !== 'identifier_required')).toEqual([]);
        for (const offer of offers.slice(0, 5)) {
          const item = shop.byOfferId.get(offer.shopOfferId);
          expect(item?.offer.country).toBe(feed.country);
          expect(offer.price).toEqual({
            amountMinor: running.market.stateOf(shop, item as NonNullable<typeof item>, clock.now).priceMinor,
            currency: feed.currency,
          });
          expect(offer.link).toBe(`${base(shop)}${item?.path}`);
        }
      }
    }
    expect(abroad).toBeGreaterThan(0);
    expect((await get(`${base(calm[0]!)}${calm[0]!.site.feeds[0]!.path}?country=US`)).status).toBe(404);
  });

  it('refuses requests faster than a throttling shop allows with 429 and Retry-After', async () => {
    const shop = shopWhere((s) => s.site.minIntervalMs > 0 && !s.site.burstSeconds);
    later(600_000);
    expect((await get(`${base(shop)}/`)).status).toBe(200);
    clock.now += 500;
    const refused = await get(`${base(shop)}/`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('5');
    clock.now += shop.site.minIntervalMs;
    expect((await get(`${base(shop)}/`)).status).toBe(200);
  });

  it("answers 503 with Retry-After during a shop's burst, and normally after it", async () => {
    const shop = shopWhere((s) => s.site.burstSeconds > 0 && !s.site.minIntervalMs);
    const cycle = shop.site.burstEverySeconds * 1000;
    const burstStart = Math.ceil((clock.now + shop.shop.index * 37_000) / cycle) * cycle - shop.shop.index * 37_000;
    clock.now = burstStart + 20_000;
    const during = await get(`${base(shop)}/`);
    expect(during.status).toBe(503);
    expect(Number(during.headers.get('retry-after'))).toBe(shop.site.burstSeconds - 20);
    clock.now = burstStart + shop.site.burstSeconds * 1000 + 1000;
    expect((await get(`${base(shop)}/`)).status).toBe(200);
  });

  it('redirects old item links to product pages, and loops /deals on shops that do', async () => {
    later(600_000);
    const shop = shopWhere(
      (s) => s.site.redirects && !s.site.burstSeconds && !s.site.minIntervalMs && s.offers.length > 0,
    );
    const item = shop.offers[0] as DemoShop['offers'][number];
    const moved = await get(`${base(shop)}/item/${encodeURIComponent(item.offer.shopOfferId)}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(item.path);
    const category = await (await get(`${base(shop)}/c/${shop.categories[0]?.slug}`)).text();
    expect(category).toContain('href="/item/');
    const looping = shopWhere((s) => s.site.redirectLoop && !s.site.burstSeconds && !s.site.minIntervalMs);
    const first = await get(`${base(looping)}/deals`);
    const second = await get(`${base(looping)}/deals/today`);
    expect([first.status, first.headers.get('location'), second.status, second.headers.get('location')]).toEqual([
      302,
      '/deals/today',
      302,
      '/deals',
    ]);
  });

  it('changes a price through the admin endpoint: the page and the feed follow, and it reverts', async () => {
    later(600_000);
    const shop = shopWhere(
      (s) =>
        s.site.markup === 'json-ld' &&
        s.site.feeds.some((f) => f.format === 'google-merchant-xml') &&
        !s.site.burstSeconds &&
        !s.site.minIntervalMs,
    );
    const item = shop.offers.find(
      (candidate) => running.market.stateOf(shop, candidate, clock.now).listed,
    ) as DemoShop['offers'][number];
    const offerUrl = `${running.adminUrl}/__admin/offers/${shop.shop.index}/${encodeURIComponent(item.offer.shopOfferId)}`;
    const bad = await get(offerUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ priceMinor: -5, availability: 'maybe' }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { violations: { field: string }[] }).violations.map((v) => v.field)).toEqual([
      'priceMinor',
      'availability',
    ]);
    const changed = await get(offerUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ priceMinor: 12345, availability: 'out_of_stock' }),
    });
    expect(await changed.json()).toMatchObject({ priceMinor: 12345, availability: 5, listed: true });
    const page = await (await get(`${base(shop)}${item.path}`)).text();
    expect(page).toContain(`"price": "${decimalAmount(12345, item.offer.currency)}"`);
    expect(page).toContain('"availability": "https://schema.org/OutOfStock"');
    later(3000);
    const feed = await (await get(`${base(shop)}/feeds/google.xml`)).text();
    expect(feed).toContain(`<g:id>${item.offer.shopOfferId}</g:id>`);
    expect(feed).toMatch(new RegExp(`${decimalAmount(12345, item.offer.currency)} ${item.offer.currency}`));
    await get(offerUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ listed: false }),
    });
    later(3000);
    expect((await get(`${base(shop)}${item.path}`)).status).toBe(shop.site.gone410 ? 410 : 404);
    expect(await (await get(`${base(shop)}/feeds/google.xml`)).text()).not.toContain(
      `<g:id>${item.offer.shopOfferId}</g:id>`,
    );
    const reverted = await (await get(offerUrl, { method: 'DELETE' })).json();
    expect(reverted).toMatchObject({
      priceMinor: running.market.stateOf(shop, item, clock.now).priceMinor,
      listed: true,
    });
  });

  it('answers 404 or 410 for delisted products, by the shop', async () => {
    later(600_000);
    const withDelisted = world.shops
      .filter((s) => !s.site.burstSeconds && !s.site.minIntervalMs)
      .map((shop) => ({
        shop,
        item: shop.offers.find((item) => !running.market.stateOf(shop, item, clock.now).listed),
      }))
      .filter((found) => found.item);
    expect(withDelisted.length).toBeGreaterThan(0);
    for (const { shop, item } of withDelisted.slice(0, 5))
      expect((await get(`${base(shop)}${item?.path}`)).status).toBe(shop.site.gone410 ? 410 : 404);
  });

  it('logs every request per host and counts arrivals closer than the interval, and the most in flight', async () => {
    await get(`${running.adminUrl}/__admin/requests`, { method: 'DELETE' });
    const shop = shopWhere((s) => !s.site.burstSeconds && !s.site.minIntervalMs && !s.site.slowMs);
    const start = later(600_000);
    for (const step of [0, 200, 1500, 1700]) {
      clock.now = start + step;
      await get(`${base(shop)}/`);
    }
    const summary = (await (await get(`${running.adminUrl}/__admin/requests?minIntervalMs=1000`)).json()) as {
      hosts: {
        host: string;
        requests: number;
        overRate: number;
        minGapMs: number;
        maxInFlight: number;
        byStatus: Record<string, number>;
      }[];
    };
    expect(summary.hosts).toEqual([
      {
        host: `${shop.address}:${running.addressing.port}`,
        shopIndex: shop.shop.index,
        requests: 4,
        overRate: 2,
        minGapMs: 200,
        maxInFlight: 1,
        byStatus: { '200': 4 },
        first: start,
        last: start + 1700,
        dropped: 0,
      },
    ]);
    expect((await get(`${running.adminUrl}/__admin/requests?minIntervalMs=x`)).status).toBe(400);
  });
});
