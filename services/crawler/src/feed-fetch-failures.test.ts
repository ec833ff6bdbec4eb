import { FeedFetchFailure, FeedFetchOutcome } from '@pc/proto/crawler/v1/types';
import { eventually } from '@pc/kit/testing/eventually';
import { CrawlerHarness } from './test-support/crawler-harness.js';
import { FixtureSite } from './test-support/fixture-site.js';

const CSV = 'text/csv; charset=utf-8';
const header = 'id,title,brand,gtin,mpn,price,link,availability';
const feedOf = (origin: string) => `${header}\nA-1,Anvil,Acme,,A-1,9.90 CHF,${origin}/p/a-1,in stock\n`;
const huge = `${header}\n${'H-1,Huge,Acme,,H-1,1.00 CHF,http://x/p,in stock\n'.repeat(40_000)}`;

/**
 * Why a feed fetch failed travels as a code (FeedFetch.failure), set where the crawler knows it,
 * so offers tells the owner the reason without reading the crawler's words: real local sites
 * answering 404/410/401/403/400/429/500, a redirect loop, a body past the size limit, a slow
 * answer past the time limit, robots.txt's Disallow and a page that is not a feed. Sites that
 * make their host back off (5xx, the time limit, 429) are sites of their own, so no fetch waits
 * for another's back-off.
 */
describe('feed fetch failure reasons', () => {
  let answers: FixtureSite;
  let broken: FixtureSite;
  let slow: FixtureSite;
  let busy: FixtureSite;
  let harness: CrawlerHarness;

  beforeAll(async () => {
    answers = await FixtureSite.start(({ origin }) => ({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /private/\n' },
      '/feed.csv': { headers: { 'content-type': CSV }, body: feedOf(origin) },
      '/gone.csv': { status: 404, body: 'not here' },
      '/removed.csv': { status: 410, body: 'gone for good' },
      '/login.csv': { status: 401, body: 'log in first' },
      '/locked.csv': { status: 403, body: 'forbidden' },
      '/bad-request.csv': { status: 400, body: 'bad request' },
      '/loop.csv': { status: 302, headers: { location: `${origin}/loop.csv` } },
      '/huge.csv': { headers: { 'content-type': CSV }, body: huge },
      '/not-a-feed.csv': { body: '<!doctype html><html><body><h1>Welcome</h1></body></html>' },
      '/private/feed.csv': { headers: { 'content-type': CSV }, body: feedOf(origin) },
    }));
    broken = await FixtureSite.start(() => ({ '/feed.csv': { status: 500, body: 'internal error' } }));
    slow = await FixtureSite.start(({ origin }) => ({
      '/feed.csv': { headers: { 'content-type': CSV }, body: feedOf(origin), delayMs: 5_000 },
    }));
    busy = await FixtureSite.start(() => ({
      '/feed.csv': { status: 429, headers: { 'retry-after': '1' }, body: 'slow down' },
    }));
    harness = await CrawlerHarness.start({
      ports: [answers.port, broken.port, slow.port, busy.port],
      env: { CRAWLER_DISCOVER_SHOPS: 'false', CRAWLER_FEED_MAX_BYTES: String(256 * 1024), CRAWLER_FEED_TIMEOUT: '2s' },
    });
  });

  afterAll(async () => {
    await harness.stop();
    await Promise.all([answers.close(), broken.close(), slow.close(), busy.close()]);
  });

  /** The FeedFetched the crawler published for each feed of the shop, by feed id. */
  const fetchedOf = (shopId: string, count: number) =>
    eventually(() => {
      const events = harness.feedsFetched.filter((event) => event.shopId === shopId);
      return events.length === count && new Map(events.map((event) => [event.feedId, event.fetch]));
    }, 60_000);

  it('names the HTTP status class, the guard’s limit, robots.txt and an unreadable file in FeedFetched', async () => {
    const at = (path: string) => `${answers.origin}${path}`;
    await harness.shopListed('shop-answers', `${answers.origin}/`, 1, [
      { id: 'works', url: at('/feed.csv') },
      { id: 'not-found', url: at('/gone.csv') },
      { id: 'removed', url: at('/removed.csv') },
      { id: 'login', url: at('/login.csv') },
      { id: 'locked', url: at('/locked.csv') },
      { id: 'bad-request', url: at('/bad-request.csv') },
      { id: 'loop', url: at('/loop.csv') },
      { id: 'huge', url: at('/huge.csv') },
      { id: 'html', url: at('/not-a-feed.csv') },
      { id: 'robots', url: at('/private/feed.csv') },
    ]);
    const fetched = await fetchedOf('shop-answers', 10);
    const failures = Object.fromEntries([...fetched].map(([feedId, fetch]) => [feedId, fetch?.failure]));
    expect(failures).toEqual({
      works: FeedFetchFailure.FEED_FETCH_FAILURE_UNSPECIFIED,
      'not-found': FeedFetchFailure.FEED_FETCH_FAILURE_NOT_FOUND,
      removed: FeedFetchFailure.FEED_FETCH_FAILURE_NOT_FOUND,
      login: FeedFetchFailure.FEED_FETCH_FAILURE_ACCESS_DENIED,
      locked: FeedFetchFailure.FEED_FETCH_FAILURE_ACCESS_DENIED,
      'bad-request': FeedFetchFailure.FEED_FETCH_FAILURE_HTTP_ERROR,
      loop: FeedFetchFailure.FEED_FETCH_FAILURE_REDIRECTS,
      huge: FeedFetchFailure.FEED_FETCH_FAILURE_TOO_LARGE,
      html: FeedFetchFailure.FEED_FETCH_FAILURE_UNREADABLE,
      robots: FeedFetchFailure.FEED_FETCH_FAILURE_ROBOTS,
    });
    expect(fetched.get('works')?.outcome).toBe(FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED);
    expect(fetched.get('robots')?.outcome).toBe(FeedFetchOutcome.FEED_FETCH_OUTCOME_BLOCKED_BY_ROBOTS);
    // Kept with the fetch: the shop's list of fetches says the same.
    const { fetches } = await harness.crawler.listFeedFetches({
      shopId: 'shop-answers',
      feedId: 'locked',
      page: undefined,
    });
    expect(fetches.map((fetch) => fetch.failure)).toEqual([FeedFetchFailure.FEED_FETCH_FAILURE_ACCESS_DENIED]);
  }, 90_000);

  it('names a server error, a fetch past the time limit and a shop that keeps asking us to slow down', async () => {
    await harness.shopListed('shop-broken', `${broken.origin}/`, 1, [
      { id: 'broken', url: `${broken.origin}/feed.csv` },
    ]);
    await harness.shopListed('shop-slow', `${slow.origin}/`, 1, [{ id: 'slow', url: `${slow.origin}/feed.csv` }]);
    await harness.shopListed('shop-busy', `${busy.origin}/`, 1, [{ id: 'busy', url: `${busy.origin}/feed.csv` }]);
    const [broke, timedOut, throttled] = await Promise.all([
      fetchedOf('shop-broken', 1),
      fetchedOf('shop-slow', 1),
      fetchedOf('shop-busy', 1),
    ]);
    expect(broke.get('broken')).toMatchObject({
      httpStatus: 500,
      failure: FeedFetchFailure.FEED_FETCH_FAILURE_SERVER_ERROR,
    });
    expect(timedOut.get('slow')).toMatchObject({
      outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_FETCH_FAILED,
      failure: FeedFetchFailure.FEED_FETCH_FAILURE_TIMEOUT,
    });
    expect(throttled.get('busy')).toMatchObject({
      httpStatus: 429,
      failure: FeedFetchFailure.FEED_FETCH_FAILURE_THROTTLED,
    });
    // Asked three times (Retry-After honoured) before the fetch was recorded as failed.
    expect(busy.requests.filter((request) => request.path === '/feed.csv')).toHaveLength(3);
  }, 90_000);
});
