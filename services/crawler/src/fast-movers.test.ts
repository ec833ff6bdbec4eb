import { eventually } from '@pc/kit/testing/eventually';
import { CrawlerHarness } from './test-support/crawler-harness.js';
import { FixtureSite, jsonLdProductPage, listingPage } from './test-support/fixture-site.js';

/** Product pages whose prices move are found by their visits and visited on the fast movers' schedule (ADR 069). */
describe('fast movers, end to end on a local shop site', () => {
  let site: FixtureSite;
  let harness: CrawlerHarness;

  beforeAll(async () => {
    site = await FixtureSite.start(() => ({
      '/': listingPage(['/p/moving', '/p/steady']),
      // A new price on every visit.
      '/p/moving': (count: number) =>
        jsonLdProductPage({ name: 'Moving Kettle', sku: 'M-1', price: `${20 + count}.00`, currency: 'CHF' }),
      '/p/steady': jsonLdProductPage({ name: 'Steady Kettle', sku: 'S-1', price: '20.00', currency: 'CHF' }),
    }));
    harness = await CrawlerHarness.start({
      ports: [site.port],
      // Seconds instead of hours, so the pages are compared a few times within the test.
      env: {
        CRAWLER_INITIAL_INTERVAL: '1s',
        CRAWLER_MIN_INTERVAL: '1s',
        CRAWLER_MAX_INTERVAL: '2s',
        CRAWLER_FAST_MOVER_INTERVAL: '60s',
      },
    });
    await harness.shopListed('shop-1', `${site.origin}/`);
  });

  afterAll(async () => {
    await harness.stop();
    await site.close();
  });

  /** The URL as GetUrl shows it; undefined until the crawler has found it. */
  const urlOf = async (path: string) =>
    (await harness.crawler.getUrl({ url: `${site.origin}${path}` }).catch(() => ({ url: undefined }))).url;

  it('makes a page seen changing twice a fast mover, on its interval, and leaves a steady page alone', async () => {
    const moving = await eventually(async () => {
      const url = await urlOf('/p/moving');
      return url?.fastMover && url;
    }, 30_000);
    expect(moving.visitInterval).toMatchObject({ seconds: 60 });
    expect(moving.priceChangesPerDay).toBeGreaterThan(1_000);
    await eventually(async () => ((await urlOf('/p/steady'))?.unchangedVisits ?? 0) >= 3, 30_000);
    expect(await urlOf('/p/steady')).toMatchObject({ fastMover: false, priceChangesPerDay: 0 });
  });
});
