import { ProductUniverse } from '@pc/seed/catalog/product-universe';
import { saleSeasons } from '@pc/seed/history/sale-calendar';
import { ShopSeasons } from '@pc/seed/history/shop-seasons';
import { observationBatches } from '@pc/seed/ingest/observation-stream';
import { OfferPlanner } from '@pc/seed/offers/offer-planner';
import { generateShops } from '@pc/seed/shops/shop-directory';
import { builtinTaxonomy } from '@pc/seed/taxonomy/builtin-categories';
import { ShopSite } from '../site/shop-site';
import { buildTestWorld, TEST_WORLD } from '../testing/demo-harness';
import { LiveMarket } from './live-market';

describe('the demo world', () => {
  const world = buildTestWorld();

  it('sells exactly the seed\'s offers, at the seed\'s prices of its last ("now") observation', () => {
    const { seed, untilDay, historyDays } = TEST_WORLD;
    const shops = generateShops(seed, TEST_WORLD.shops);
    const universe = new ProductUniverse({ seed, untilDay, historyDays });
    const planner = new OfferPlanner(
      { seed, untilDay, historyDays, imageBaseUrl: TEST_WORLD.imageBaseUrl },
      shops,
      builtinTaxonomy(),
    );
    const context = {
      seed,
      untilDay,
      historyDays,
      seasons: new ShopSeasons(seed, saleSeasons(untilDay - historyDays, untilDay)),
    };
    const shopIds = shops.map((shop) => `shop-${shop.index}`);
    const latest = new Map<string, { url: string; price: number; title: string }>();
    for (const batch of observationBatches(universe, planner, context, {
      seed,
      untilDay,
      historyDays,
      products: TEST_WORLD.products,
      cohortSize: 5000,
      batchSize: 1000,
      shopIds,
    })) {
      for (const { payload } of batch)
        latest.set(`${payload.shopId}:${payload.shopOfferId}`, {
          url: payload.url,
          price: payload.price?.amountMinor ?? 0,
          title: payload.title,
        });
    }
    const market = new LiveMarket(seed, world.startMs);
    const sold = world.shops.flatMap((shop) => shop.offers.map((item) => ({ shop, item })));
    expect(sold).toHaveLength(latest.size);
    for (const { shop, item } of sold) {
      const observed = latest.get(`shop-${shop.shop.index}:${item.offer.shopOfferId}`);
      expect(observed).toBeDefined();
      expect(new URL(observed?.url ?? '').pathname).toBe(item.path);
      expect(item.offer.title).toBe(observed?.title);
      // At the world's "now" nothing has moved yet (unless delisted).
      expect(market.stateOf(shop, item, world.startMs).priceMinor).toBe(observed?.price);
    }
  });

  it('is deterministic: the same flags give the same pages and feeds byte for byte, another seed others', () => {
    const again = buildTestWorld();
    const other = buildTestWorld({ seed: '2' });
    const at = world.startMs + 5 * 3_600_000;
    const render = (w: typeof world) => {
      const site = new ShopSite(w, new LiveMarket(w.options.seed, w.startMs));
      return w.shops.slice(0, 10).map((shop) => {
        const origin = `http://${shop.address}:8800`;
        const first = shop.offers[0];
        return [
          site.respond(shop, '/', new URLSearchParams(), origin, at).body,
          first ? site.respond(shop, first.path, new URLSearchParams(), origin, at).body : '',
          ...shop.site.feeds.map((feed) => site.respond(shop, feed.path, new URLSearchParams(), origin, at).body),
        ].join('\n');
      });
    };
    expect(render(again)).toEqual(render(world));
    expect(render(other)).not.toEqual(render(world));
  });

  it('moves prices over time as a pure function of the time: fast movers within hours, all agree on a moment', () => {
    const market = new LiveMarket(TEST_WORLD.seed, world.startMs);
    const fast = world.shops.find((shop) => shop.site.fastMover && shop.offers.length > 10);
    expect(fast).toBeDefined();
    const items = fast?.offers ?? [];
    const prices = (at: number) =>
      items.map((item) => market.stateOf(fast as (typeof world.shops)[number], item, at).priceMinor);
    const atStart = prices(world.startMs);
    const later = prices(world.startMs + 4 * 3_600_000);
    expect(later).not.toEqual(atStart);
    expect(prices(world.startMs + 4 * 3_600_000)).toEqual(later);
    expect(
      new LiveMarket(TEST_WORLD.seed, world.startMs).stateOf(
        fast as (typeof world.shops)[number],
        items[0] as (typeof items)[number],
        world.startMs + 4 * 3_600_000,
      ),
    ).toEqual(
      market.stateOf(
        fast as (typeof world.shops)[number],
        items[0] as (typeof items)[number],
        world.startMs + 4 * 3_600_000,
      ),
    );
  });

  it('gives every site style, feed format and misbehaviour to some shop', () => {
    const sites = world.shops.map((shop) => shop.site);
    expect(new Set(sites.map((site) => site.markup))).toEqual(new Set(['json-ld', 'microdata', 'opengraph', 'html']));
    expect(new Set(sites.map((site) => site.robots))).toEqual(
      new Set(['open', 'disallow-paths', 'crawl-delay', 'bot-group', 'missing', 'server-error']),
    );
    expect(new Set(sites.flatMap((site) => site.feeds.map((feed) => feed.format)))).toEqual(
      new Set(['google-merchant-xml', 'csv', 'tsv', 'idealo-csv']),
    );
    for (const habit of [
      'slowMs',
      'minIntervalMs',
      'burstSeconds',
      'redirects',
      'redirectLoop',
      'brokenJsonLd',
      'conflictingPrices',
      'gone410',
      'fastMover',
    ] as const) {
      expect(sites.some((site) => Boolean(site[habit]))).toBe(true);
    }
  });

  it('breaks JSON-LD on some pages of shops that do, lists conflicting prices on others, and delays slow shops', () => {
    const site = new ShopSite(world, new LiveMarket(TEST_WORLD.seed, world.startMs));
    const at = world.startMs + 3_600_000;
    const pages = (shop: (typeof world.shops)[number]) =>
      shop.offers
        .map((item) => site.respond(shop, item.path, new URLSearchParams(), 'http://shop', at))
        .filter((answer) => answer.status === 200);
    const scripts = (shop: (typeof world.shops)[number]) =>
      pages(shop).map(
        (answer) => /<script type="application\/ld\+json">\n([\s\S]*?)\n<\/script>/.exec(answer.body)?.[1] ?? '',
      );
    const parses = (json: string) => {
      try {
        JSON.parse(json);
        return true;
      } catch {
        return false;
      }
    };
    const broken = world.shops.filter((shop) => shop.site.brokenJsonLd).flatMap(scripts);
    expect(broken.some((json) => !parses(json))).toBe(true);
    expect(
      world.shops
        .filter((shop) => shop.site.markup === 'json-ld' && !shop.site.brokenJsonLd)
        .flatMap(scripts)
        .every(parses),
    ).toBe(true);
    const conflicting = world.shops
      .filter((shop) => shop.site.conflictingPrices)
      .flatMap(scripts)
      .filter(parses)
      .map((json) => JSON.parse(json) as { offers: unknown });
    expect(conflicting.some((data) => Array.isArray(data.offers) && data.offers.length === 2)).toBe(true);
    const slow = world.shops.find(
      (shop) => shop.site.slowMs > 0 && shop.offers.length > 0,
    ) as (typeof world.shops)[number];
    expect(pages(slow)[0]?.delayMs).toBe(slow.site.slowMs);
  });
});
