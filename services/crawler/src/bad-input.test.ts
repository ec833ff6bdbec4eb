import { CrawlJobStatus, VisitOutcome } from '@pc/proto/crawler/v1/types';
import { eventually } from '@pc/kit/testing/eventually';
import { CrawlerHarness } from './test-support/crawler-harness.js';
import { FixtureSite, jsonLdProductPage } from './test-support/fixture-site.js';

/** A shop that misbehaves: each case ends in a clear error on its URL and job, and nothing else changes. */
describe('bad input and misbehaving shops', () => {
  let site: FixtureSite;
  let harness: CrawlerHarness;
  const HUGE = 50 * 1024 * 1024;

  beforeAll(async () => {
    // 10 MB of robots.txt: its first 500 KiB are read (RFC 9309 §2.5), the rules at the top hold.
    const robots = `User-agent: *\nDisallow: /private\n${'# filler line of a very long robots.txt\n'.repeat(Math.ceil((10 * 1024 * 1024) / 40))}`;
    site = await FixtureSite.start(() => ({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: robots },
      '/loop-a': { status: 302, headers: { location: '/loop-b' } },
      '/loop-b': { status: 302, headers: { location: '/loop-a' } },
      '/huge': { body: `<html><body>${'x'.repeat(HUGE)}</body></html>` },
      '/p/fine': jsonLdProductPage({ name: 'Fine', sku: 'F', price: '5.00', currency: 'CHF' }),
    }));
    harness = await CrawlerHarness.start({
      ports: [site.port],
      env: { CRAWLER_DEFAULT_DELAY: '20ms', CRAWLER_DISCOVER_SHOPS: 'false' },
    });
    await harness.shopListed('shop-bad', `${site.origin}/`);
    await eventually(() => harness.apps[0]!.store.shops.get('shop-bad'));
  });

  afterAll(async () => {
    await harness.stop();
    await site.close();
  });

  const schedule = (url: string) =>
    harness.crawler.scheduleCrawl({
      actorUserId: harness.staffUserId,
      target: { target: { $case: 'url', value: url } },
      priority: 5,
      reason: 'test',
      runAt: undefined,
      interval: undefined,
    });
  const finished = (jobId: string) =>
    eventually(async () => {
      const { job } = await harness.crawler.getCrawlStatus({ jobId, target: undefined });
      // Queued, then running while its request is out, then its result.
      const waiting = [CrawlJobStatus.CRAWL_JOB_STATUS_QUEUED, CrawlJobStatus.CRAWL_JOB_STATUS_RUNNING];
      return job && !waiting.includes(job.status) && job;
    }, 30_000);

  it('refuses private and metadata addresses, other schemes and ports before anything is queued', async () => {
    for (const url of [
      'http://10.0.0.1/p',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'gopher://shop.example/',
      `http://shop.example:6379/`,
      'not a url',
    ]) {
      await expect(schedule(url)).rejects.toMatchObject({ code: 3 });
    }
    const { jobs } = await harness.crawler.listCrawlJobs({
      actorUserId: harness.staffUserId,
      statuses: [],
      host: '',
      shopId: '',
      page: undefined,
    });
    expect(jobs).toEqual([]);
  });

  it('ends a redirect loop with its error, a 50 MB page at the size limit, and still crawls the rest', async () => {
    const loop = await finished((await schedule(`${site.origin}/loop-a`)).job!.id);
    expect(loop).toMatchObject({ status: CrawlJobStatus.CRAWL_JOB_STATUS_FAILED });
    expect(loop.error).toMatch(/^limit:redirect_loop: redirect loop/);
    const huge = await finished((await schedule(`${site.origin}/huge`)).job!.id);
    expect(huge.error).toMatch(/^limit:size: the body is larger than 5242880 bytes/);
    const fine = await finished((await schedule(`${site.origin}/p/fine`)).job!.id);
    expect(fine).toMatchObject({ status: CrawlJobStatus.CRAWL_JOB_STATUS_SUCCEEDED, offersObserved: 1 });
    expect((await harness.crawler.getUrl({ url: `${site.origin}/huge` })).url).toMatchObject({
      lastOutcome: VisitOutcome.VISIT_OUTCOME_FAILED,
    });
  });

  it('reads the first 500 KiB of a 10 MB robots.txt and obeys it', async () => {
    const { robots } = await harness.crawler.getRobots({ host: `127.0.0.1:${site.port}`, refresh: false });
    expect(robots?.httpStatus).toBe(200);
    expect(Buffer.byteLength(robots?.body ?? '')).toBe(500 * 1024);
    expect(await harness.crawler.checkUrl({ url: `${site.origin}/private/x`, userAgent: '' })).toMatchObject({
      allowed: false,
      matchedRule: 'Disallow: /private',
    });
    const blocked = await finished((await schedule(`${site.origin}/private/x`)).job!.id);
    expect(blocked.status).toBe(CrawlJobStatus.CRAWL_JOB_STATUS_BLOCKED_BY_ROBOTS);
    expect(site.paths().filter((path) => path.startsWith('/private'))).toEqual([]);
  });
});
