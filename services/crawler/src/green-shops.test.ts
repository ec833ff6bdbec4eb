import { ObservationSource } from '@pc/proto/crawler/events/v1/events';
import { FeedFetchOutcome } from '@pc/proto/crawler/v1/types';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { eventually } from '@pc/kit/testing/eventually';
import { CrawlerHarness } from './test-support/crawler-harness.js';
import { FixtureSite, jsonLdProductPage, type FixturePage } from './test-support/fixture-site.js';

const CSV = 'text/csv; charset=utf-8';

/** A shop's site: robots.txt, a product page, and a feed that answers 304 to its own ETag. */
const shopSite = (sku: string) =>
  FixtureSite.start(({ origin }) => {
    const feed = [
      'id,title,brand,gtin,mpn,price,link,availability',
      `${sku}-1,Kettle ${sku},Acme,,K-${sku}-1,39.90 CHF,${origin}/p/${sku}-1,in stock`,
      `${sku}-2,Teapot ${sku},Acme,,T-${sku}-2,24.50 CHF,${origin}/p/${sku}-2,in stock`,
    ].join('\n');
    return {
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
      '/feed.csv': (_count, headers): FixturePage =>
        headers['if-none-match'] === '"v1"'
          ? { status: 304 }
          : { headers: { 'content-type': CSV, etag: '"v1"' }, body: feed },
      '/p/page': jsonLdProductPage({ name: `Mug ${sku}`, sku: `${sku}-P`, price: '12.00', currency: 'CHF' }),
    };
  });

/**
 * A shop certified green by staff (Shop.green in ShopChanged, ADR 108): every offer the crawler
 * observes for it — from its feeds and from its pages — is green; another shop's are not. A change
 * of the flag reads the shop's feeds again at once, in full, with the new flag.
 */
describe('green shops: the crawler marks their observations green', () => {
  let green: FixtureSite;
  let plain: FixtureSite;
  let harness: CrawlerHarness;

  beforeAll(async () => {
    [green, plain] = await Promise.all([shopSite('G'), shopSite('P')]);
    harness = await CrawlerHarness.start({
      ports: [green.port, plain.port],
      env: { CRAWLER_DISCOVER_SHOPS: 'false' },
    });
  });

  afterAll(async () => {
    await harness.stop();
    await Promise.all([green.close(), plain.close()]);
  });

  const feedObservations = (feedId: string, fetchId: string) =>
    harness.observed.filter((offer) => offer.feedId === feedId && offer.feedFetchId === fetchId);
  const fetchesOf = (feedId: string) => harness.feedsFetched.filter((event) => event.feedId === feedId);

  it("observes a green shop's feed items green, and another shop's not", async () => {
    await harness.shopListed(
      'shop-green',
      `${green.origin}/`,
      1,
      [{ id: 'feed-green', url: `${green.origin}/feed.csv` }],
      ShopStatus.SHOP_STATUS_ACTIVE,
      true,
    );
    await harness.shopListed('shop-plain', `${plain.origin}/`, 1, [
      { id: 'feed-plain', url: `${plain.origin}/feed.csv` },
    ]);
    const [greenFetch, plainFetch] = await eventually(() => {
      const both = [fetchesOf('feed-green')[0], fetchesOf('feed-plain')[0]];
      return both.every(Boolean) && both;
    }, 30_000);
    const greenItems = feedObservations('feed-green', greenFetch!.fetch!.id);
    const plainItems = feedObservations('feed-plain', plainFetch!.fetch!.id);
    expect(greenItems.map((offer) => [offer.shopOfferId, offer.isGreen]).sort()).toEqual([
      ['G-1', true],
      ['G-2', true],
    ]);
    expect(plainItems.map((offer) => [offer.shopOfferId, offer.isGreen]).sort()).toEqual([
      ['P-1', false],
      ['P-2', false],
    ]);
  });

  it("observes a green shop's product pages green, and another shop's not", async () => {
    for (const site of [green, plain]) {
      await harness.crawler.scheduleCrawl({
        actorUserId: harness.staffUserId,
        target: { target: { $case: 'url', value: `${site.origin}/p/page` } },
        priority: 10,
        reason: 'test',
        runAt: undefined,
        interval: undefined,
      });
    }
    const pages = await eventually(() => {
      const read = harness.observed.filter((offer) => offer.source === ObservationSource.OBSERVATION_SOURCE_PAGE);
      return read.length >= 2 && read;
    }, 30_000);
    expect(pages.map((offer) => [offer.shopId, offer.shopOfferId, offer.isGreen]).sort()).toEqual([
      ['shop-green', 'G-P', true],
      ['shop-plain', 'P-P', false],
    ]);
  });

  it('reads the feeds again at once and in full when the flag changes, the items with the new flag', async () => {
    const before = fetchesOf('feed-green').length;
    await harness.shopListed(
      'shop-green',
      `${green.origin}/`,
      2,
      [{ id: 'feed-green', url: `${green.origin}/feed.csv` }],
      ShopStatus.SHOP_STATUS_ACTIVE,
      false,
    );
    const again = await eventually(() => fetchesOf('feed-green')[before], 30_000);
    // Not a 304 to the feed's ETag: the whole feed was read, every item observed again.
    expect(again.fetch?.outcome).toBe(FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED);
    const items = feedObservations('feed-green', again.fetch!.id);
    expect(items.map((offer) => [offer.shopOfferId, offer.isGreen]).sort()).toEqual([
      ['G-1', false],
      ['G-2', false],
    ]);
    // The other shop's feed was left alone.
    expect(fetchesOf('feed-plain')).toHaveLength(1);
  });
});
