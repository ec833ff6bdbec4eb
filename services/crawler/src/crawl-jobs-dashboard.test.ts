import { status as GrpcStatus } from '@grpc/grpc-js';
import { createServiceClient } from '@pc/kit/grpc/client';
import { eventually } from '@pc/kit/testing/eventually';
import { AuditServiceService } from '@pc/proto/staff/v1/audit';
import { JobsServiceService, type Job } from '@pc/proto/staff/v1/jobs';
import { CrawlerHarness } from './test-support/crawler-harness.js';
import { FixtureSite } from './test-support/fixture-site.js';

const CSV = 'text/csv; charset=utf-8';

/** Feed imports and re-crawls in the infrastructure panel's job dashboard, from the crawler's own records. */
describe("the crawler's jobs through JobsService", () => {
  let site: FixtureSite;
  let harness: CrawlerHarness;
  let jobs: ReturnType<typeof createServiceClient<typeof JobsServiceService>>;

  beforeAll(async () => {
    site = await FixtureSite.start(({ origin }) => ({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /private\n' },
      '/p/kettle': {
        headers: { 'content-type': 'text/html' },
        body: '<html><body><h1>Steel Kettle</h1></body></html>',
      },
      '/p/kettle-now': { headers: { 'content-type': 'text/html' }, body: '<html><body><h1>Kettle</h1></body></html>' },
      '/p/kettle-later': {
        headers: { 'content-type': 'text/html' },
        body: '<html><body><h1>Kettle</h1></body></html>',
      },
      '/private/p': { headers: { 'content-type': 'text/html' }, body: '<html></html>' },
      ...Object.fromEntries(
        Object.entries({ slow: 900, medium: 450, quick: 0 }).map(([name, delayMs]) => [
          `/p/${name}`,
          { headers: { 'content-type': 'text/html' }, body: '<html><body>Kettle</body></html>', delayMs },
        ]),
      ),
      '/feed.csv': {
        headers: { 'content-type': CSV },
        body: `id,title,brand,gtin,mpn,price,link,availability\nK-1,Steel Kettle,Acme,,K1,49.90 CHF,${origin}/p/kettle,in stock\n`,
      },
    }));
    harness = await CrawlerHarness.start({
      ports: [site.port],
      env: { CRAWLER_DEFAULT_DELAY: '20ms', CRAWLER_DISCOVER_SHOPS: 'false' },
    });
    jobs = createServiceClient(JobsServiceService, harness.address, { deadlineMs: 10_000 });
  });

  afterAll(async () => {
    await harness.stop();
    await site.close();
  });

  /** A staff re-crawl of the page: now, or in an hour (its URL is new, so its visit waits for the job). */
  const crawl = async (path: string, runAt?: Date) =>
    (
      await harness.crawler.scheduleCrawl({
        actorUserId: harness.staffUserId,
        target: { target: { $case: 'url', value: `${site.origin}${path}` } },
        priority: 5,
        reason: 're-crawl now',
        runAt,
        interval: undefined,
      })
    ).job!.id;
  const crawlLater = (path: string) => crawl(path, new Date(Date.now() + 3_600_000));
  const crawlNow = (path: string) => crawl(path);
  const jobOf = async (id: string): Promise<Job> =>
    (await jobs.getJob({ actorUserId: harness.staffUserId, jobId: id })).job!;
  const list = (fields: {
    state?: string;
    kind?: string;
    actorUserId?: string;
    sort?: string;
    page?: { page: number; hitsPerPage: number };
  }) => jobs.listJobs({ actorUserId: harness.staffUserId, state: '', kind: '', sort: '', page: undefined, ...fields });
  it('shows a feed import with its state, duration, log and result', async () => {
    await harness.shopListed('shop-1', `${site.origin}/`, 1, [{ id: 'feed-1', url: `${site.origin}/feed.csv` }]);
    const job = await eventually(
      async () => (await list({ kind: 'crawler.feed-import', state: 'succeeded' })).jobs[0],
      30_000,
    );
    expect(job).toMatchObject({ service: 'crawler', kind: 'crawler.feed-import', attempts: 1 });
    expect(JSON.parse(job.payloadJson)).toMatchObject({ target: { feed: { shopId: 'shop-1', feedId: 'feed-1' } } });
    expect(JSON.parse(job.resultJson)).toMatchObject({ httpStatus: 200 });
    expect((await jobOf(job.id)).logLines.join('\n')).toContain('CRAWL_JOB_STATUS_SUCCEEDED: HTTP 200');
    expect((await list({})).kinds).toEqual(['crawler.crawl-host', 'crawler.feed-import', 'crawler.recrawl-url']);
  });

  it('runs a waiting re-crawl now, cancels one, and retries the cancelled one as the same job, audited', async () => {
    // Fresh URLs: their first visit is due only when the job is.
    const soon = await crawlLater('/p/kettle-now');
    expect(await jobOf(soon)).toMatchObject({ state: 'queued', kind: 'crawler.recrawl-url' });
    await jobs.runJobNow({ actorUserId: harness.staffUserId, jobId: soon });
    await eventually(async () => (await jobOf(soon)).state === 'succeeded', 20_000);

    const cancelled = await crawlLater('/p/kettle-later');
    expect((await jobs.cancelJob({ actorUserId: harness.staffUserId, jobId: cancelled })).job).toMatchObject({
      state: 'cancelled',
    });
    expect(
      await jobs.cancelJob({ actorUserId: harness.staffUserId, jobId: cancelled }).catch((error: unknown) => error),
    ).toMatchObject({
      code: GrpcStatus.FAILED_PRECONDITION,
    });
    // Another crawl waiting on the same page is the one asked for: the retry is refused meanwhile.
    const waiting = await crawlLater('/p/kettle-later');
    await expect(jobs.retryJob({ actorUserId: harness.staffUserId, jobId: cancelled })).rejects.toMatchObject({
      code: GrpcStatus.FAILED_PRECONDITION,
    });
    await jobs.cancelJob({ actorUserId: harness.staffUserId, jobId: waiting });
    const retried = (await jobs.retryJob({ actorUserId: harness.staffUserId, jobId: cancelled })).job!;
    // Staff keep the job they were looking at: the same id, queued again, then run.
    expect(retried).toMatchObject({ id: cancelled, state: 'queued' });
    await eventually(async () => (await jobOf(cancelled)).state === 'succeeded', 20_000);
    expect(await jobOf(cancelled)).toMatchObject({ attempts: 1 });
    expect((await jobOf(cancelled)).logLines.join('\n')).toContain(
      `retried by ${harness.staffUserId} after 0 attempts`,
    );

    const audit = createServiceClient(AuditServiceService, harness.address, { deadlineMs: 10_000 });
    const entries = await audit.listAuditEntries({
      actorUserId: harness.staffUserId,
      panel: 'infrastructure',
      entityType: 'job',
      entityId: '',
      byUserId: '',
      action: '',
      page: undefined,
    });
    expect(entries.entries.map((entry) => `${entry.action} ${entry.entityId}`)).toEqual([
      `job.retry ${cancelled}`,
      `job.cancel ${waiting}`,
      `job.cancel ${cancelled}`,
      `job.run_now ${soon}`,
    ]);
  });

  it('retries a failed crawl as one more attempt of the same job', async () => {
    const blocked = await crawlNow('/private/blocked');
    await eventually(async () => (await jobOf(blocked)).state === 'failed', 20_000);
    expect(await jobOf(blocked)).toMatchObject({ attempts: 1 });
    await jobs.retryJob({ actorUserId: harness.staffUserId, jobId: blocked });
    await eventually(async () => (await jobOf(blocked)).attempts === 2, 20_000);
    expect(await jobOf(blocked)).toMatchObject({ id: blocked, state: 'failed' });
    expect((await jobOf(blocked)).logLines.join('\n')).toContain('after 1 attempts');
  });

  it('sorts by how long each run took, not by when it ended, and pages without overlap', async () => {
    // Run one after the other: the slowest ends first, the quickest last.
    const ids: Record<string, string> = {};
    for (const name of ['slow', 'medium', 'quick']) {
      ids[name] = await crawlNow(`/p/${name}`);
      await eventually(async () => (await jobOf(ids[name]!)).state === 'succeeded', 20_000);
    }
    const durations = await Promise.all(
      ['quick', 'medium', 'slow'].map(async (name) => (await jobOf(ids[name]!)).durationMs),
    );
    expect(durations[0]).toBeLessThan(durations[1]!);
    expect(durations[1]).toBeLessThan(durations[2]!);
    const ours = (listed: Job[]) => listed.map((job) => job.id).filter((id) => Object.values(ids).includes(id));
    const query = { kind: 'crawler.recrawl-url', state: 'succeeded' };
    expect(ours((await list({ ...query, sort: 'duration' })).jobs)).toEqual([ids.quick, ids.medium, ids.slow]);
    expect(ours((await list({ ...query, sort: '-duration' })).jobs)).toEqual([ids.slow, ids.medium, ids.quick]);
    const all = (await list({ ...query, sort: '-duration' })).jobs.map((job) => job.id);
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 2); page += 1)
      paged.push(
        ...(await list({ ...query, sort: '-duration', page: { page, hitsPerPage: 2 } })).jobs.map((job) => job.id),
      );
    expect(paged).toEqual(all);
  });

  it('shows a crawl robots.txt forbids as failed, and refuses bad input', async () => {
    const { job } = await harness.crawler.scheduleCrawl({
      actorUserId: harness.staffUserId,
      target: { target: { $case: 'url', value: `${site.origin}/private/p` } },
      priority: 5,
      reason: '',
      runAt: undefined,
      interval: undefined,
    });
    await eventually(async () => (await jobOf(job!.id)).state === 'failed', 20_000);
    expect((await list({ state: 'failed' })).jobs.map((failed) => failed.id)).toContain(job!.id);
    await expect(list({ state: 'exploded' })).rejects.toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    // A call without a staff user sees no job (a front is never staff on its own).
    await expect(list({ actorUserId: '' })).rejects.toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
    });
    await expect(jobs.runJobNow({ actorUserId: harness.staffUserId, jobId: job!.id })).rejects.toMatchObject({
      code: GrpcStatus.FAILED_PRECONDITION,
    });
    await expect(jobs.getJob({ actorUserId: harness.staffUserId, jobId: 'job_nope' })).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
  });
});
