import { Availability } from '@pc/proto/common/v1/commerce';
import { ExtractionMethod, ObservationSource } from '@pc/proto/crawler/events/v1/events';
import { CrawlJobStatus, FeedFetchOutcome } from '@pc/proto/crawler/v1/types';
import { FeedStatus, ShopStatus } from '@pc/proto/offers/v1/types';
import { eventually } from '@pc/kit/testing/eventually';
import { CrawlerHarness } from './test-support/crawler-harness.js';
import { FixtureSite, type FixturePage } from './test-support/fixture-site.js';

const CSV = 'text/csv; charset=utf-8';
const header = 'id,title,brand,gtin,mpn,price,link,availability';
const feedOf = (
  origin: string,
  price = '129.90 CHF',
  last = `A-4,Anvil Tiny,Acme,4006381333932,AT-4,9.90 CHF,${origin}/p/a-4,in stock`,
) =>
  [
    header,
    `A-1,Anvil Executive,Acme,4006381333931,,${price},${origin}/p/a-1,in stock`,
    `A-2,Anvil Junior,Acme,,AJ-2,49.00 CHF,${origin}/p/a-2,out of stock`,
    // Rejected: no price; a GTIN failing its check digit is only a warning.
    `A-3,Anvil Broken,Acme,,AB-3,,${origin}/p/a-3,in stock`,
    last,
  ].join('\n');

const huge = (origin: string) =>
  `${header}\n${Array.from({ length: 60_000 }, (_, i) => `H-${i},Huge ${i},Acme,,H-${i},1.00 CHF,${origin}/p/h-${i},in stock`).join('\n')}\n`;

/** A feed job's end, by its id. */
async function finishedJob(harness: CrawlerHarness, jobId: string) {
  return eventually(async () => {
    const { job } = await harness.crawler.getCrawlStatus({ jobId, target: undefined });
    return (
      job &&
      ![
        CrawlJobStatus.CRAWL_JOB_STATUS_QUEUED,
        CrawlJobStatus.CRAWL_JOB_STATUS_RUNNING,
        CrawlJobStatus.CRAWL_JOB_STATUS_BACKING_OFF,
      ].includes(job.status) &&
      job
    );
  }, 30_000);
}

const analyseNow = (harness: CrawlerHarness, shopId: string, feedId: string) =>
  harness.crawler.scheduleCrawl({
    actorUserId: harness.staffUserId,
    target: { target: { $case: 'feed', value: { shopId, feedId } } },
    priority: 5,
    reason: '',
    runAt: undefined,
    interval: undefined,
  });

describe('feed fetches', () => {
  let site: FixtureSite;
  let harness: CrawlerHarness;
  let price = '129.90 CHF';
  let last: string | undefined;
  const etag = () => `"${Buffer.from(`${price}|${last ?? ''}`).toString('hex')}"`;

  beforeAll(async () => {
    site = await FixtureSite.start(({ origin }) => ({
      '/robots.txt': {
        headers: { 'content-type': 'text/plain' },
        body: `User-agent: *\nDisallow: /private/\n\nSitemap: ${origin}/sitemap.xml\n`,
      },
      '/sitemap.xml': {
        headers: { 'content-type': 'application/xml' },
        body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/p/a-1</loc></url></urlset>`,
      },
      // Answers If-None-Match with 304 while the feed is unchanged.
      '/feed.csv': (_count, headers): FixturePage =>
        headers['if-none-match'] === etag()
          ? { status: 304 }
          : { headers: { 'content-type': CSV, etag: etag() }, body: feedOf(origin, price, last) },
      '/not-a-feed.csv': { body: '<!doctype html><html><body><h1>Welcome to our shop</h1></body></html>' },
      '/private/feed.csv': { headers: { 'content-type': CSV }, body: feedOf(origin) },
      // 4 MB against a 1 MiB limit: declared (refused before reading) and streamed (cut at the limit).
      '/huge.csv': {
        headers: { 'content-type': CSV, 'content-length': String(Buffer.byteLength(huge(origin))) },
        body: huge(origin),
      },
      '/huge-stream.csv': { headers: { 'content-type': CSV }, body: huge(origin) },
      '/busy.csv': (count): FixturePage =>
        count === 1
          ? { status: 429, headers: { 'retry-after': '1' }, body: 'slow down' }
          : { headers: { 'content-type': CSV }, body: feedOf(origin) },
    }));
    harness = await CrawlerHarness.start({
      ports: [site.port],
      env: { CRAWLER_DISCOVER_SHOPS: 'false', CRAWLER_FEED_MAX_BYTES: String(1024 * 1024) },
    });
  });

  afterAll(async () => {
    await harness.stop();
    await site.close();
  });

  const fetchesOf = async (shopId: string, feedId = '') =>
    (await harness.crawler.listFeedFetches({ shopId, feedId, page: undefined })).fetches;

  it('fetches a new feed at once: every valid item an OfferObserved, then FeedFetched with the report', async () => {
    await harness.shopListed('shop-feed', `${site.origin}/`, 1, [{ id: 'feed-1', url: `${site.origin}/feed.csv` }]);
    const fetched = await eventually(() => harness.feedsFetched.find((event) => event.feedId === 'feed-1'), 30_000);
    expect(fetched).toMatchObject({
      shopId: 'shop-feed',
      complete: true,
      fetch: {
        outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED,
        httpStatus: 200,
        itemsTotal: 4,
        itemsValid: 3,
        itemsInvalid: 1,
        url: `${site.origin}/feed.csv`,
      },
    });
    expect(fetched.fetch?.issues).toEqual(
      expect.arrayContaining(['line 4: price: required', 'line 5: gtin: gtin_check_digit (4006381333932)']),
    );
    // Rejected items by reason and field; the feed's first read has nothing to compare with.
    expect(fetched.fetch).toMatchObject({ rejectedByReason: { required: 1 }, rejectedByField: { price: 1 } });
    expect(fetched.fetch?.offers).toBeUndefined();
    expect(fetched.fetch?.startedAt).toBeInstanceOf(Date);
    expect(fetched.fetch?.contentHash).toMatch(/^[0-9a-f]{64}$/);
    const items = harness.observed.filter((offer) => offer.feedId === 'feed-1');
    expect(items.map((offer) => offer.shopOfferId).sort()).toEqual(['A-1', 'A-2', 'A-4']);
    expect(items.find((offer) => offer.shopOfferId === 'A-1')).toMatchObject({
      shopId: 'shop-feed',
      feedFetchId: fetched.fetch?.id,
      url: `${site.origin}/p/a-1`,
      price: { amountMinor: 12_990, currency: 'CHF' },
      gtin: '04006381333931',
      availability: Availability.AVAILABILITY_IN_STOCK,
      country: 'CH',
      language: 'de',
      source: ObservationSource.OBSERVATION_SOURCE_FEED,
      extraction: ExtractionMethod.EXTRACTION_METHOD_NONE,
    });
    // The fetch is listed for the shop, and the feed has its schedule (ShopChanged's interval).
    expect(await fetchesOf('shop-feed')).toMatchObject([
      { id: fetched.fetch?.id, outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED, itemsValid: 3 },
    ]);
    const { schedules } = await harness.crawler.listSchedules({
      actorUserId: harness.staffUserId,
      host: '',
      shopId: 'shop-feed',
      enabledOnly: true,
      page: undefined,
    });
    expect(schedules).toMatchObject([
      {
        target: { target: { $case: 'feed', value: { shopId: 'shop-feed', feedId: 'feed-1' } } },
        interval: { seconds: 86_400 },
        enabled: true,
      },
    ]);
    // A shop with feeds is read from its feeds: its robots.txt's sitemap does not start a crawl of its pages.
    expect(new Set(site.paths())).toEqual(new Set(['/robots.txt', '/feed.csv']));
  });

  it('asks conditionally when analysed again: 304 is NOT_MODIFIED with no observations; a changed feed is read again', async () => {
    const before = harness.observed.length;
    const unchanged = await finishedJob(harness, (await analyseNow(harness, 'shop-feed', 'feed-1')).job!.id);
    expect(unchanged).toMatchObject({
      status: CrawlJobStatus.CRAWL_JOB_STATUS_SUCCEEDED,
      httpStatus: 304,
      offersObserved: 0,
      reason: 'analyse now',
    });
    expect((await fetchesOf('shop-feed', 'feed-1'))[0]).toMatchObject({
      outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_NOT_MODIFIED,
      httpStatus: 304,
    });
    expect(harness.observed.length).toBe(before);
    price = '119.90 CHF';
    const changed = await finishedJob(harness, (await analyseNow(harness, 'shop-feed', 'feed-1')).job!.id);
    expect(changed).toMatchObject({
      status: CrawlJobStatus.CRAWL_JOB_STATUS_SUCCEEDED,
      httpStatus: 200,
      offersObserved: 3,
    });
    await eventually(
      () => harness.observed.some((offer) => offer.shopOfferId === 'A-1' && offer.price?.amountMinor === 11_990),
      30_000,
    );
  });

  it("compares each complete read with the feed's last one: offers new, changed, unchanged and removed", async () => {
    // The read before changed A-1's price only.
    expect((await fetchesOf('shop-feed', 'feed-1'))[0]?.offers).toEqual({
      added: 0,
      changed: 1,
      unchanged: 2,
      removed: 0,
      removedSample: [],
    });
    // offers tells of the shop again (its feed's status after a fetch, say): the comparison survives it.
    const feeds = harness.apps[0]!.store.feeds;
    const before = await feeds.get('feed-1');
    expect(before?.itemSetFetchId).toBe((await fetchesOf('shop-feed', 'feed-1'))[0]?.id);
    await harness.shopListed('shop-feed', `${site.origin}/`, 2, [{ id: 'feed-1', url: `${site.origin}/feed.csv` }]);
    const after = await eventually(async () => {
      const current = await feeds.get('feed-1');
      return current && current._version !== before?._version && current;
    });
    expect(after?.itemSetFetchId).toBe(before?.itemSetFetchId);
    // A-4 leaves the feed, A-5 joins it.
    last = `A-5,Anvil Mini,Acme,,AM-5,19.90 CHF,${site.origin}/p/a-5,in stock`;
    await finishedJob(harness, (await analyseNow(harness, 'shop-feed', 'feed-1')).job!.id);
    const [latest] = await fetchesOf('shop-feed', 'feed-1');
    expect(latest).toMatchObject({
      outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED,
      offers: { added: 1, changed: 0, unchanged: 2, removed: 1, removedSample: ['A-4'] },
    });
    const published = await eventually(
      () => harness.feedsFetched.find((event) => event.fetch?.id === latest?.id),
      30_000,
    );
    expect(published.fetch?.offers).toEqual(latest?.offers);
    // Only the latest complete read's items are kept.
    const kept = await harness.apps[0]!.store.feedItems.find({ fetchId: latest!.id });
    expect(kept.flatMap((chunk) => chunk.ids).sort()).toEqual(['A-1', 'A-2', 'A-5']);
    expect(await harness.apps[0]!.store.feedItems.count({})).toBe(kept.length);
  });

  it('reports bad feeds with a clear error, observes nothing from them and keeps them incomplete', async () => {
    await harness.shopListed('shop-bad-feeds', `${site.origin}/`, 1, [
      { id: 'html', url: `${site.origin}/not-a-feed.csv` },
      { id: 'missing', url: `${site.origin}/no-such-feed.csv` },
      { id: 'private', url: 'http://10.1.2.3/feed.csv' },
      { id: 'huge', url: `${site.origin}/huge.csv` },
      { id: 'robots', url: `${site.origin}/private/feed.csv` },
    ]);
    const ends = await eventually(async () => {
      const fetches = await fetchesOf('shop-bad-feeds');
      return (
        fetches.length === 5 &&
        fetches.every((fetch) => fetch.finishedAt) &&
        new Map(fetches.map((fetch) => [fetch.feedId, fetch]))
      );
    }, 30_000);
    expect(ends.get('huge')?.error).toMatch(
      /^limit:size: the body is larger than 1048576 bytes \(Content-Length \d+\)$/,
    );
    expect(ends.get('html')).toMatchObject({
      outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_PARSE_FAILED,
      httpStatus: 200,
      itemsValid: 0,
      error: expect.stringMatching(/^not a product feed/),
    });
    expect(ends.get('missing')).toMatchObject({
      outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_FETCH_FAILED,
      httpStatus: 404,
      error: 'http 404: the feed URL did not answer with a feed',
    });
    expect(ends.get('private')).toMatchObject({
      outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_FETCH_FAILED,
      httpStatus: 0,
      error: expect.stringMatching(/^refused:address: /),
    });
    expect(ends.get('huge')).toMatchObject({
      outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_FETCH_FAILED,
      itemsValid: 0,
      error: expect.stringMatching(/^limit:size: /),
    });
    expect(ends.get('robots')).toMatchObject({
      outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_BLOCKED_BY_ROBOTS,
      error: 'disallowed by robots.txt (Disallow: /private/)',
    });
    expect(site.paths()).not.toContain('/private/feed.csv');
    expect(harness.observed.filter((offer) => offer.shopId === 'shop-bad-feeds')).toEqual([]);
    await eventually(
      () => harness.feedsFetched.filter((event) => event.shopId === 'shop-bad-feeds').length === 5,
      30_000,
    );
    expect(
      harness.feedsFetched.filter((event) => event.shopId === 'shop-bad-feeds').every((event) => !event.complete),
    ).toBe(true);
  }, 90_000);

  it('cuts a feed that streams past the size limit: the items read until then stand, the fetch is not complete', async () => {
    await harness.shopListed('shop-streaming', `${site.origin}/`, 1, [
      { id: 'huge-stream', url: `${site.origin}/huge-stream.csv` },
    ]);
    const fetched = await eventually(
      () => harness.feedsFetched.find((event) => event.feedId === 'huge-stream'),
      30_000,
    );
    expect(fetched).toMatchObject({
      complete: false,
      fetch: {
        outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_FETCH_FAILED,
        error: expect.stringMatching(/^limit:size: /),
      },
    });
    const valid = fetched.fetch!.itemsValid;
    expect(valid).toBeGreaterThan(1_000);
    expect(valid).toBeLessThan(60_000);
    await eventually(() => harness.observed.filter((offer) => offer.feedId === 'huge-stream').length === valid, 30_000);
    // Its items were kept as they streamed (more than one chunk), then dropped: an incomplete read is compared with nothing.
    expect(await harness.apps[0]!.store.feedItems.count({ feedId: 'huge-stream' })).toBe(0);
    expect(fetched.fetch?.offers).toBeUndefined();
  }, 90_000);

  it('waits out a 429 and its Retry-After before asking again, and records one fetch', async () => {
    await harness.shopListed('shop-busy', `${site.origin}/`, 1, [{ id: 'busy', url: `${site.origin}/busy.csv` }]);
    const fetched = await eventually(() => harness.feedsFetched.find((event) => event.feedId === 'busy'), 30_000);
    expect(fetched.fetch).toMatchObject({ outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED, itemsValid: 3 });
    const asked = site.requests.filter((request) => request.path === '/busy.csv');
    expect(asked).toHaveLength(2);
    expect(asked[1]!.at - asked[0]!.at).toBeGreaterThanOrEqual(1_000);
    expect(await fetchesOf('shop-busy')).toHaveLength(1);
  });

  it('refuses to fetch a feed it does not know, or one that is disabled, and stops fetching feeds that leave the list', async () => {
    await expect(analyseNow(harness, 'shop-feed', 'no-such-feed')).rejects.toMatchObject({ code: 5 });
    await expect(analyseNow(harness, 'shop-other', 'feed-1')).rejects.toMatchObject({ code: 5 });
    await harness.shopListed('shop-feed', `${site.origin}/`, 3, [
      { id: 'feed-1', url: `${site.origin}/feed.csv`, status: FeedStatus.FEED_STATUS_DISABLED },
    ]);
    await eventually(async () => (await harness.apps[0]!.store.feeds.get('feed-1'))?.enabled === false);
    await expect(analyseNow(harness, 'shop-feed', 'feed-1')).rejects.toMatchObject({ code: 9 });
    await harness.shopListed('shop-feed', `${site.origin}/`, 4, [], ShopStatus.SHOP_STATUS_ACTIVE);
    await eventually(async () => (await harness.apps[0]!.store.feeds.get('feed-1'))?.deleted === true);
    await expect(analyseNow(harness, 'shop-feed', 'feed-1')).rejects.toMatchObject({ code: 5 });
    const { schedules } = await harness.crawler.listSchedules({
      actorUserId: harness.staffUserId,
      host: '',
      shopId: 'shop-feed',
      enabledOnly: true,
      page: undefined,
    });
    expect(schedules).toEqual([]);
  });
});
