import { Availability } from '@pc/proto/common/v1/commerce';
import { ExtractionMethod, ObservationSource } from '@pc/proto/crawler/events/v1/events';
import { CrawlJobStatus, VisitOutcome } from '@pc/proto/crawler/v1/types';
import { eventually } from '@pc/kit/testing/eventually';
import { CrawlerHarness } from './test-support/crawler-harness.js';
import { FixtureSite, jsonLdProductPage, listingPage } from './test-support/fixture-site.js';

const microdataPage = `<!doctype html><html lang="fr"><body><div itemscope itemtype="https://schema.org/Product">
  <h1 itemprop="name">Enclume Classique</h1><meta itemprop="sku" content="E-2">
  <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price" content="1299.00">1'299.00</span>
  <meta itemprop="priceCurrency" content="CHF"><link itemprop="availability" href="https://schema.org/OutOfStock"></div></div></body></html>`;

describe('the crawler service, end to end on a local shop site', () => {
  let site: FixtureSite;
  let harness: CrawlerHarness;

  beforeAll(async () => {
    site = await FixtureSite.start(({ origin }) => ({
      '/robots.txt': {
        headers: { 'content-type': 'text/plain' },
        body: `User-agent: *\nDisallow: /private\n\nSitemap: ${origin}/sitemap.xml\n`,
      },
      '/sitemap.xml': {
        headers: { 'content-type': 'application/xml' },
        body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/p/anvil</loc></url><url><loc>${origin}/private/secret</loc></url></urlset>`,
      },
      '/': listingPage(['/c/anvils', 'https://elsewhere.example/p/x']),
      '/c/anvils': listingPage(['/p/anvil', '/p/enclume', '/p/gone', '/private/also-secret']),
      '/p/anvil': jsonLdProductPage({
        name: 'Anvil Executive',
        sku: 'A-1',
        price: '129.90',
        currency: 'CHF',
        gtin: '4006381333931',
      }),
      '/p/enclume': { body: microdataPage },
      '/p/gone': { status: 404, body: 'gone' },
      '/private/secret': jsonLdProductPage({ name: 'Secret', sku: 'S', price: '1', currency: 'CHF' }),
    }));
    harness = await CrawlerHarness.start({ ports: [site.port] });
    await harness.shopListed('shop-1', `${site.origin}/`);
  });

  afterAll(async () => {
    await harness.stop();
    await site.close();
  });

  it('finds the products from the start page, the category page and the sitemap, and emits their offers', async () => {
    const offers = await eventually(() => {
      const skus = new Set(harness.observed.map((offer) => offer.shopOfferId));
      return skus.has('A-1') && skus.has('E-2') && harness.observed;
    }, 20_000);
    const anvil = offers.find((offer) => offer.shopOfferId === 'A-1')!;
    expect(anvil).toMatchObject({
      shopId: 'shop-1',
      url: `${site.origin}/p/anvil`,
      title: 'Anvil Executive',
      price: { amountMinor: 12990, currency: 'CHF' },
      gtin: '04006381333931',
      availability: Availability.AVAILABILITY_IN_STOCK,
      country: 'CH',
      language: 'de',
      source: ObservationSource.OBSERVATION_SOURCE_PAGE,
      extraction: ExtractionMethod.EXTRACTION_METHOD_JSON_LD,
    });
    expect(offers.find((offer) => offer.shopOfferId === 'E-2')).toMatchObject({
      price: { amountMinor: 129900, currency: 'CHF' },
      availability: Availability.AVAILABILITY_OUT_OF_STOCK,
      language: 'fr',
      extraction: ExtractionMethod.EXTRACTION_METHOD_MICRODATA,
    });
  });

  it('never asks for what robots.txt disallows, nor for other hosts, and reads robots.txt once', async () => {
    await eventually(
      async () =>
        (await harness.crawler.getUrl({ url: `${site.origin}/p/gone` })).url?.lastOutcome ===
        VisitOutcome.VISIT_OUTCOME_GONE,
      20_000,
    );
    expect(site.paths().filter((path) => path.startsWith('/private'))).toEqual([]);
    expect(site.paths().filter((path) => path === '/robots.txt')).toHaveLength(1);
    expect(new Set(site.requests.map((request) => request.userAgent))).toEqual(
      new Set(['PriceCompareBot/1.0 (+https://pricecompare.example/bot)']),
    );
    const secret = await harness.crawler.getUrl({ url: `${site.origin}/private/secret` });
    expect(secret.url?.lastOutcome).toBe(VisitOutcome.VISIT_OUTCOME_BLOCKED_BY_ROBOTS);
    const check = await harness.crawler.checkUrl({ url: `${site.origin}/private/also-secret`, userAgent: '' });
    expect(check).toEqual({ allowed: false, matchedRule: 'Disallow: /private', matchedLine: 2, matchedGroup: '*' });
  });

  it('keeps to one request at a time and the host’s delay between requests', () => {
    expect(site.maxInFlight).toBe(1);
    expect(site.shortestGapMs()).toBeGreaterThanOrEqual(100);
  });

  it('shows the host, its URLs and a staff-requested re-crawl through the RPCs', async () => {
    const host = `127.0.0.1:${site.port}`;
    const { host: state } = await harness.crawler.getHost({ host });
    expect(state).toMatchObject({ host, shopId: 'shop-1', robotsHttpStatus: 200, effectiveDelayMs: 100 });
    const { urls } = await harness.crawler.listUrls({
      actorUserId: harness.staffUserId,
      host,
      statuses: [],
      query: '/p/',
      page: undefined,
    });
    expect(urls.map((url) => url.url).sort()).toEqual([
      `${site.origin}/p/anvil`,
      `${site.origin}/p/enclume`,
      `${site.origin}/p/gone`,
    ]);
    const before = site.paths().filter((path) => path === '/p/anvil').length;
    const { job } = await harness.crawler.scheduleCrawl({
      actorUserId: harness.staffUserId,
      target: { target: { $case: 'url', value: `${site.origin}/p/anvil` } },
      priority: 10,
      reason: 'price check',
      runAt: undefined,
      interval: undefined,
    });
    const done = await eventually(async () => {
      const status = await harness.crawler.getCrawlStatus({ jobId: job!.id, target: undefined });
      return status.job?.status === CrawlJobStatus.CRAWL_JOB_STATUS_SUCCEEDED && status.job;
    }, 20_000);
    expect(done).toMatchObject({ httpStatus: 200, pagesFetched: 1, offersObserved: 1 });
    expect(site.paths().filter((path) => path === '/p/anvil').length).toBe(before + 1);
  });

  it('visits pages of products with price alerts more often: priority follows the alert count, whichever event comes first', async () => {
    const host = `127.0.0.1:${site.port}`;
    const priorityOf = async (path: string) => {
      const { urls } = await harness.crawler.listUrls({
        actorUserId: harness.staffUserId,
        host,
        statuses: [],
        query: path,
        page: undefined,
      });
      return urls.find((url) => url.url === `${site.origin}${path}`)?.priority;
    };
    expect(await priorityOf('/p/enclume')).toBe(0);
    // Matched first, watched later.
    await harness.offerMatched('of-enclume', `${site.origin}/p/enclume?utm_source=feed`, 'prod-enclume');
    await harness.productWatched('prod-enclume', 1, 3);
    await eventually(async () => (await priorityOf('/p/enclume')) === 6, 10_000);
    // A newer count of none lowers it again.
    await harness.productWatched('prod-enclume', 2, 0);
    await eventually(async () => (await priorityOf('/p/enclume')) === 0, 10_000);
    // Watched first, matched later.
    await harness.productWatched('prod-gone', 1, 1);
    await harness.offerMatched('of-gone', `${site.origin}/p/gone`, 'prod-gone');
    await eventually(async () => (await priorityOf('/p/gone')) === 5, 10_000);
    await harness.productWatched('prod-enclume', 3, 1);
    await eventually(async () => (await priorityOf('/p/enclume')) === 5, 10_000);
  });

  it('refuses bad input with the field at fault and changes nothing', async () => {
    const bad = [
      harness.crawler.scheduleCrawl({
        actorUserId: harness.staffUserId,
        target: { target: { $case: 'url', value: 'ftp://shop.example/x' } },
        priority: 0,
        reason: '',
        runAt: undefined,
        interval: undefined,
      }),
      harness.crawler.scheduleCrawl({
        actorUserId: harness.staffUserId,
        target: { target: { $case: 'host', value: 'not a host/x' } },
        priority: 0,
        reason: '',
        runAt: undefined,
        interval: undefined,
      }),
      harness.crawler.scheduleCrawl({
        actorUserId: harness.staffUserId,
        target: { target: { $case: 'url', value: `${site.origin}/p/anvil` } },
        priority: 0,
        reason: '',
        runAt: undefined,
        interval: { seconds: 60, nanos: 0 },
      }),
      harness.crawler.updateHost({
        actorUserId: harness.staffUserId,
        host: `127.0.0.1:${site.port}`,
        overrideDelayMs: 7_200_000,
        clearBackoff: false,
      }),
      harness.crawler.setExtractionRules({
        actorUserId: harness.staffUserId,
        host: `127.0.0.1:${site.port}`,
        rules: {
          name: 'h1[',
          price: '',
          currency: '',
          availability: '',
          gtin: '',
          mpn: '',
          sku: '',
          brand: '',
          image: '',
          updatedAt: undefined,
        },
      }),
    ];
    for (const call of bad) await expect(call).rejects.toMatchObject({ code: 3 });
    const { jobs } = await harness.crawler.listCrawlJobs({
      actorUserId: harness.staffUserId,
      statuses: [],
      host: '',
      shopId: '',
      page: undefined,
    });
    expect(jobs.filter((job) => job.target?.target?.$case === 'url' && job.reason !== 'price check')).toEqual([]);
  });
});
