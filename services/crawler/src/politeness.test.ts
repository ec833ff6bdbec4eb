import { createEmbeddedCache } from '@pc/in-process-cache/embedded-cache';
import { eventually } from '@pc/kit/testing/eventually';
import { CrawlerHarness } from './test-support/crawler-harness.js';
import { FixtureSite, jsonLdProductPage, listingPage, type FixturePage } from './test-support/fixture-site.js';

const PRODUCTS = 12;
const products = Array.from({ length: PRODUCTS }, (_, i) => `/p/${i}`);

/**
 * Politeness as the shop sees it: the fixture site's own request log is the judge, never the
 * crawler's bookkeeping.
 */
describe('politeness', () => {
  it('two crawler instances sharing one politeness store never overlap on a host nor exceed its rate', async () => {
    const site = await FixtureSite.start(() => ({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
      '/': listingPage(products),
      // Slow answers: a second instance would overlap if the lease did not hold it back.
      ...Object.fromEntries(
        products.map((path, i) => [
          path,
          { ...jsonLdProductPage({ name: `P${i}`, sku: `P${i}`, price: '10.00', currency: 'CHF' }), delayMs: 60 },
        ]),
      ),
    }));
    const harness = await CrawlerHarness.start({
      ports: [site.port],
      instances: 2,
      cache: createEmbeddedCache(),
      env: { CRAWLER_DEFAULT_DELAY: '150ms' },
    });
    try {
      await harness.shopListed('shop-2', `${site.origin}/`);
      await eventually(() => new Set(harness.observed.map((offer) => offer.shopOfferId)).size === PRODUCTS, 30_000);
      expect(site.maxInFlight).toBe(1);
      expect(site.shortestGapMs()).toBeGreaterThanOrEqual(150);
      // Each page once: the second instance found every URL already visited when its turn came.
      expect(
        site
          .paths()
          .filter((path) => path.startsWith('/p/'))
          .sort(),
      ).toEqual([...products].sort());
    } finally {
      await harness.stop();
      await site.close();
    }
  });

  it('slows down for a 429 with Retry-After, and honours Crawl-delay', async () => {
    const site = await FixtureSite.start(() => ({
      '/robots.txt': {
        headers: { 'content-type': 'text/plain' },
        body: 'User-agent: PriceCompareBot\nCrawl-delay: 0.3\n',
      },
      '/': listingPage(['/p/a', '/p/b']),
      '/p/a': (count) =>
        count === 1
          ? { status: 429, headers: { 'retry-after': '2' }, body: 'slow down' }
          : jsonLdProductPage({ name: 'A', sku: 'A', price: '1.00', currency: 'CHF' }),
      '/p/b': jsonLdProductPage({ name: 'B', sku: 'B', price: '2.00', currency: 'CHF' }),
    }));
    const harness = await CrawlerHarness.start({ ports: [site.port], env: { CRAWLER_DEFAULT_DELAY: '50ms' } });
    try {
      await harness.shopListed('shop-3', `${site.origin}/`);
      await eventually(() => harness.observed.length >= 2, 30_000);
      const throttled = site.requests.findIndex((request) => request.path === '/p/a');
      const next = site.requests[throttled + 1];
      expect(next).toBeDefined();
      // Retry-After: 2 → nothing at all for two seconds after the 429.
      expect(next!.at - site.requests[throttled]!.at).toBeGreaterThanOrEqual(2_000);
      // Crawl-delay 0.3 s outranks the 50 ms default.
      expect(site.shortestGapMs()).toBeGreaterThanOrEqual(300);
      const { host } = await harness.crawler.getHost({ host: `127.0.0.1:${site.port}` });
      expect(host?.lastThrottledAt).toBeDefined();
      expect(host?.lastErrors.map((error) => error.error)).toContain('http 429');
    } finally {
      await harness.stop();
      await site.close();
    }
  });

  it('slows down for good after a 429: a shop wanting 300 ms between requests gets them, and is not asked too soon again', async () => {
    let lastServed = 0;
    const answered: number[] = [];
    // The demo shops' rule: 429 (Retry-After: 1) to a request sooner than 300 ms after the last one served.
    const guarded = (page: FixturePage) => (): FixturePage => {
      const now = performance.now();
      if (now - lastServed < 300) {
        answered.push(429);
        return { status: 429, headers: { 'retry-after': '1' }, body: 'too many requests' };
      }
      answered.push(200);
      lastServed = now;
      return page;
    };
    const many = Array.from({ length: 8 }, (_, i) => `/q/${i}`);
    const site = await FixtureSite.start(() => ({
      '/robots.txt': guarded({ headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' }),
      '/sitemap.xml': guarded({ status: 404, body: 'no sitemap' }),
      '/': guarded(listingPage(many)),
      ...Object.fromEntries(
        many.map((path, i) => [
          path,
          guarded(jsonLdProductPage({ name: `Q${i}`, sku: `Q${i}`, price: '3.00', currency: 'CHF' })),
        ]),
      ),
    }));
    const harness = await CrawlerHarness.start({ ports: [site.port], env: { CRAWLER_DEFAULT_DELAY: '150ms' } });
    try {
      await harness.shopListed('shop-4', `${site.origin}/`);
      await eventually(() => new Set(harness.observed.map((offer) => offer.shopOfferId)).size === many.length, 30_000);
      // Every request was answered by the rule: one 429 at most (the default delay is 150 ms),
      // then Retry-After waited out and the host given 150 ms more: none came too soon again.
      expect(answered.length).toBe(site.requests.length);
      const throttled = answered.indexOf(429);
      expect(throttled).toBeGreaterThan(0);
      expect(answered.filter((status) => status === 429)).toHaveLength(1);
      const gaps = site.requests.map((request, i) => (i === 0 ? Infinity : request.at - site.requests[i - 1]!.at));
      expect(gaps[throttled + 1]).toBeGreaterThanOrEqual(1_000);
      expect(gaps.slice(throttled + 1).filter((gap) => gap < 300)).toEqual([]);
      const { host } = await harness.crawler.getHost({ host: `127.0.0.1:${site.port}` });
      expect(host?.effectiveDelayMs).toBe(300);
    } finally {
      await harness.stop();
      await site.close();
    }
  });

  it('follows a redirect on the host only after its delay, and leaves one to another site to that site', async () => {
    const elsewhere = await FixtureSite.start(() => ({
      '/p/moved': jsonLdProductPage({ name: 'Moved', sku: 'M', price: '1.00', currency: 'CHF' }),
    }));
    const site = await FixtureSite.start(() => ({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
      '/': listingPage(['/item/1', '/item/2', '/gone-elsewhere']),
      '/item/1': { status: 301, headers: { location: '/p/1' } },
      '/item/2': { status: 302, headers: { location: '/item/3' } },
      '/item/3': { status: 301, headers: { location: '/p/2' } },
      '/p/1': jsonLdProductPage({ name: 'One', sku: 'R1', price: '1.00', currency: 'CHF' }),
      '/p/2': jsonLdProductPage({ name: 'Two', sku: 'R2', price: '2.00', currency: 'CHF' }),
      '/gone-elsewhere': { status: 302, headers: { location: `${elsewhere.origin}/p/moved` } },
    }));
    const harness = await CrawlerHarness.start({
      ports: [site.port, elsewhere.port],
      env: { CRAWLER_DEFAULT_DELAY: '250ms' },
    });
    try {
      await harness.shopListed('shop-5', `${site.origin}/`);
      await eventually(() => new Set(harness.observed.map((offer) => offer.shopOfferId)).size === 2, 30_000);
      const gone = await eventually(
        async () =>
          (await harness.crawler.getUrl({ url: `${site.origin}/gone-elsewhere` })).url?.lastVisitAt &&
          (await harness.crawler.getUrl({ url: `${site.origin}/gone-elsewhere` })).url,
        20_000,
      );
      expect(site.paths()).toEqual(expect.arrayContaining(['/item/1', '/p/1', '/item/2', '/item/3', '/p/2']));
      expect(site.shortestGapMs()).toBeGreaterThanOrEqual(250);
      expect(gone).toMatchObject({
        lastHttpStatus: 302,
        lastError: `redirected to ${elsewhere.origin}/p/moved (another site: not followed)`,
      });
      expect(elsewhere.paths()).toEqual([]);
    } finally {
      await harness.stop();
      await site.close();
      await elsewhere.close();
    }
  });

  it('comes back to a site whose robots.txt failed when robots.txt is asked again, not an interval later', async () => {
    const site = await FixtureSite.start(() => ({
      '/robots.txt': { status: 503, headers: { 'content-type': 'text/plain' }, body: 'busy' },
      '/': listingPage(['/p/a']),
    }));
    const harness = await CrawlerHarness.start({ ports: [site.port], env: { CRAWLER_MIN_INTERVAL: '1h' } });
    try {
      await harness.shopListed('shop-5', `${site.origin}/`);
      const start = await eventually(async () => {
        const url = (await harness.crawler.getUrl({ url: `${site.origin}/` }).catch(() => ({ url: undefined }))).url;
        return url?.lastVisitAt && url;
      }, 20_000);
      expect(site.paths()).toEqual(['/robots.txt']);
      // robots.txt is asked again a minute after its first failure: the start page is due then.
      const dueIn = start.nextVisitAt!.getTime() - start.lastVisitAt!.getTime();
      expect(dueIn).toBeGreaterThan(30_000);
      expect(dueIn).toBeLessThanOrEqual(61_000);
    } finally {
      await harness.stop();
      await site.close();
    }
  });
});
