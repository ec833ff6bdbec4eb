import { status as GrpcStatus } from '@grpc/grpc-js';
import { createServiceClient } from '@pc/kit/grpc/client';
import { eventually } from '@pc/kit/testing/eventually';
import type { ScheduleCrawlRequest } from '@pc/proto/crawler/v1/crawler';
import type { CrawlTarget } from '@pc/proto/crawler/v1/types';
import { AuditServiceService } from '@pc/proto/staff/v1/audit';
import { CrawlerHarness } from './test-support/crawler-harness.js';
import { FixtureSite, jsonLdProductPage, listingPage } from './test-support/fixture-site.js';

const DAY = { seconds: 86_400, nanos: 0 };

/**
 * Staff's crawls of a shop's site from the crawler panel: a site's start page judged by the fetch
 * guard before anything is queued, a request only checked (validate_only), the schedules listed
 * with their host, shop and reason, and a schedule disabled — audited.
 */
describe("staff's crawl schedules", () => {
  let site: FixtureSite;
  let harness: CrawlerHarness;

  beforeAll(async () => {
    site = await FixtureSite.start(({ origin }) => ({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
      '/': listingPage([`${origin}/p/lamp`]),
      '/p/lamp': jsonLdProductPage({ name: 'Lamp', sku: 'L1', price: '39.00', currency: 'CHF' }),
    }));
    harness = await CrawlerHarness.start({
      ports: [site.port],
      env: { CRAWLER_DEFAULT_DELAY: '20ms', CRAWLER_DISCOVER_SHOPS: 'false' },
    });
    await harness.shopListed('shop-site', `${site.origin}/`);
    await eventually(() => harness.apps[0]!.store.shops.get('shop-site'));
  });

  afterAll(async () => {
    await harness.stop();
    await site.close();
  });

  const host = () => `127.0.0.1:${site.port}`;
  const request = (
    target: CrawlTarget['target'],
    fields: Partial<ScheduleCrawlRequest> = {},
  ): ScheduleCrawlRequest => ({
    actorUserId: harness.staffUserId,
    target: { target },
    priority: 5,
    reason: 'no feed: crawl the site',
    runAt: undefined,
    interval: DAY,
    ...fields,
  });
  const jobs = async () =>
    (
      await harness.crawler.listCrawlJobs({
        actorUserId: harness.staffUserId,
        statuses: [],
        host: '',
        shopId: '',
        page: undefined,
      })
    ).jobs;
  const schedules = async () =>
    (
      await harness.crawler.listSchedules({
        actorUserId: harness.staffUserId,
        host: '',
        shopId: '',
        enabledOnly: false,
        page: undefined,
      })
    ).schedules;
  const auditOf = async (entityType: string) =>
    (
      await createServiceClient(AuditServiceService, harness.address, { deadlineMs: 5_000 }).listAuditEntries({
        actorUserId: harness.staffUserId,
        panel: 'crawler',
        entityType,
        entityId: '',
        byUserId: '',
        action: '',
        page: { page: 1, hitsPerPage: 50 },
      })
    ).entries;

  it('refuses a site whose start page the fetch guard refuses, naming target.host, before anything is queued', async () => {
    for (const refused of ['10.0.0.1', 'http://169.254.169.254', '127.0.0.1:6379', '[::1]']) {
      await expect(harness.crawler.scheduleCrawl(request({ $case: 'host', value: refused }))).rejects.toMatchObject({
        code: GrpcStatus.INVALID_ARGUMENT,
        violations: [
          expect.objectContaining({ field: 'target.host', reason: expect.stringContaining('may not fetch') }),
        ],
      });
    }
    expect(await jobs()).toEqual([]);
    expect(await schedules()).toEqual([]);
    expect(site.paths()).toEqual([]);
  });

  it('only checks a request with validate_only: the same refusals, and nothing queued, stored, fetched or audited', async () => {
    await expect(
      harness.crawler.scheduleCrawl(request({ $case: 'url', value: 'http://10.0.0.1/' }, { validateOnly: true })),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'target.url' })],
    });
    await expect(
      harness.crawler.scheduleCrawl(
        request({ $case: 'host', value: host() }, { validateOnly: true, interval: { seconds: 60, nanos: 0 } }),
      ),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'interval' })],
    });
    await expect(
      harness.crawler.scheduleCrawl(request({ $case: 'host', value: host() }, { validateOnly: true, actorUserId: '' })),
    ).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });

    const checked = await harness.crawler.scheduleCrawl(
      request({ $case: 'host', value: host() }, { validateOnly: true }),
    );
    expect(checked).toEqual({ job: undefined, schedule: undefined });
    expect(await jobs()).toEqual([]);
    expect(await schedules()).toEqual([]);
    expect(await auditOf('crawl_target')).toEqual([]);
    expect(site.paths()).toEqual([]);
  });

  it("schedules a site's crawl every day, listed with its host, shop and reason, and crawls it now", async () => {
    const { job, schedule } = await harness.crawler.scheduleCrawl(request({ $case: 'host', value: `${site.origin}/` }));
    expect(schedule).toMatchObject({
      target: { target: { $case: 'host', value: host() } },
      host: host(),
      shopId: 'shop-site',
      reason: 'no feed: crawl the site',
      interval: DAY,
      enabled: true,
    });
    expect(await schedules()).toEqual([schedule]);
    const { schedules: ofShop } = await harness.crawler.listSchedules({
      actorUserId: harness.staffUserId,
      host: '',
      shopId: 'shop-site',
      enabledOnly: true,
      page: undefined,
    });
    expect(ofShop.map((listed) => listed.id)).toEqual([schedule!.id]);
    // Its crawl runs now: the start page, and the product it links to.
    await eventually(() => site.paths().includes('/p/lamp'), 20_000);
    const { job: latest } = await harness.crawler.getCrawlStatus({
      jobId: '',
      target: { target: { $case: 'host', value: host() } },
    });
    expect(latest).toMatchObject({ id: job!.id, scheduleId: schedule!.id });
    // Only checked, a paused host is refused as it would be when queued.
    await harness.crawler.updateHost({
      actorUserId: harness.staffUserId,
      host: host(),
      paused: true,
      clearBackoff: false,
    });
    await expect(
      harness.crawler.scheduleCrawl(request({ $case: 'url', value: `${site.origin}/p/lamp` }, { validateOnly: true })),
    ).rejects.toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION, reason: 'HOST_PAUSED' });
    await harness.crawler.updateHost({
      actorUserId: harness.staffUserId,
      host: host(),
      paused: false,
      clearBackoff: false,
    });
  });

  it('disables a schedule on CancelCrawl, audited before and after', async () => {
    const [schedule] = await schedules();
    const { schedule: disabled } = await harness.crawler.cancelCrawl({
      actorUserId: harness.staffUserId,
      jobId: '',
      scheduleId: schedule!.id,
    });
    expect(disabled).toMatchObject({ id: schedule!.id, enabled: false, host: host(), shopId: 'shop-site' });
    const [entry] = await auditOf('crawl_schedule');
    expect(entry).toMatchObject({
      action: 'crawl_schedule.disable',
      entityId: schedule!.id,
      actorUserId: harness.staffUserId,
    });
    expect(JSON.parse(entry!.beforeJson)).toMatchObject({ enabled: true, target: { host: host() } });
    expect(JSON.parse(entry!.afterJson)).toMatchObject({ enabled: false });
    await expect(
      harness.crawler.cancelCrawl({ actorUserId: harness.staffUserId, jobId: '', scheduleId: 'sch_unknown' }),
    ).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
  });
});
