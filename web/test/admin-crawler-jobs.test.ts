import { status as GrpcStatus } from '@grpc/grpc-js';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { CrawlerServiceService } from '@pc/proto/crawler/v1/crawler';
import { CrawlJobStatus } from '@pc/proto/crawler/v1/types';
import { OffersServiceService, RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import { AuditServiceService } from '@pc/proto/staff/v1/audit';
import { createServiceClient } from '@pc/kit/grpc/client';
import { useTestIdentity } from '@pc/kit/identity/testing/test-identity';
import { eventually } from '@pc/kit/testing/eventually';
import type { CrawlerApp } from '../../services/crawler/src/app';
import { FixtureSite, jsonLdProductPage } from '../../services/crawler/src/test-support/fixture-site';
import {
  answerOf,
  newStaffUser,
  renderPage,
  signInToPanel,
  type RouteAnswer,
  type RouteModule,
  type StaffSession,
} from './admin-panel-session';
import { startCrawlerBeside, type CrawlerBesidePlatform } from './crawler-beside-platform';
import { startPlatform, type Platform } from './platform-harness';

/**
 * The crawler panel's crawl jobs page (web/admin/app/routes/crawler.jobs.tsx) and a host's page
 * (crawler.hosts_.$host.tsx) in one process: their loaders, actions and views as Remix runs them in
 * the crawler panel's frame, signed in through its sign-in, over real gRPC to the crawler (built
 * from its app.ts on the platform's data dir and event log; it crawls a local shop site whose
 * robots.txt keeps /private from crawlers), offers (the shop) and accounts. The jobs page lists the
 * crawler's jobs newest first with their reason and state, filtered and paged by the crawler, and
 * cancels a queued one after a confirm step; a host's page shows the host's state, its robots.txt,
 * a URL checked against it and its newest jobs.
 */

// The admin app's calls sign as it does in production (a user front: the staff user travels signed).
useTestIdentity('admin');

const PANEL = 'http://admin.test/admin/crawler';
const JOBS = `${PANEL}/jobs`;
const ROBOTS = (origin: string) =>
  `User-agent: *\nDisallow: /private\nAllow: /private/open\n\nSitemap: ${origin}/sitemap.xml\n`;
/** Jobs queued for an hour from now (a backlog), beside the crawled one and the one to cancel. */
const BACKLOG = 20;

type JobsRoute = typeof import('../admin/app/routes/crawler.jobs');
type HostRoute = typeof import('../admin/app/routes/crawler.hosts_.$host');
type HostsRoute = typeof import('../admin/app/routes/crawler.hosts');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's data, read by each test
type Answer = RouteAnswer<any>;
type Row = { id: string; target: string; status: string; reason: string; open: boolean; createdAt: string };

let platform: Platform;
let site: FixtureSite;
let crawlerApp: CrawlerApp;
let crawlerBeside: CrawlerBesidePlatform;
let crawlerAddress = '';
let jobsRoute: JobsRoute;
let hostRoute: HostRoute;
let hostsRoute: HostsRoute;
let layout: typeof import('../admin/app/routes/crawler');
let crawler: ReturnType<typeof createServiceClient<typeof CrawlerServiceService>>;
let staff: StaffSession;
let staffId = '';
let shopId = '';
/** The job that crawled /p/1 (succeeded) and the one queued for /p/2 in an hour. */
let crawledJobId = '';
let queuedJobId = '';

const host = () => `127.0.0.1:${site.port}`;
const hostPage = (name = host()) => `${PANEL}/hosts/${encodeURIComponent(name)}`;

const get = (url: string, who: StaffSession = staff) => new Request(url, { headers: { cookie: who.cookie } });
const postTo = (url: string, who: StaffSession, fields: Readonly<Record<string, string>>) =>
  new Request(url, {
    method: 'POST',
    headers: { cookie: who.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: who.csrf, ...fields }).toString(),
  });

const loadJobs = (query = '', who: StaffSession = staff): Promise<Answer> =>
  answerOf(() => jobsRoute.loader({ request: get(`${JOBS}${query}`, who), params: {}, context: {} }));
const postJobs = (fields: Readonly<Record<string, string>>, who: StaffSession = staff): Promise<Answer> =>
  answerOf(() => jobsRoute.action({ request: postTo(JOBS, who, fields), params: {}, context: {} }));
const confirm = (first: Answer) => {
  expect(first).toMatchObject({ status: 200, data: { stage: 'confirm' } });
  return postJobs({ _intent: first.data.intent, _confirmed: '1', ...first.data.fields });
};
const loadHost = (name: string, query = '', who: StaffSession = staff): Promise<Answer> =>
  answerOf(() =>
    hostRoute.loader({ request: get(`${hostPage(name)}${query}`, who), params: { host: name }, context: {} }),
  );
const postHost = (name: string, fields: Readonly<Record<string, string>>, who: StaffSession = staff) =>
  answerOf(() =>
    hostRoute.action({ request: postTo(hostPage(name), who, fields), params: { host: name }, context: {} }),
  );

/** A page of the crawler panel in its frame (navigation, CSRF token), as the app renders it. */
const render = async (page: RouteModule, path: string, request: Request): Promise<string> =>
  (await renderPage(page, path, request, { id: 'routes/crawler', path: 'admin/crawler', module: layout })).replaceAll(
    '<!-- -->',
    '',
  );

const rowsOf = (answer: Answer): Row[] => answer.data.page.rows;
const jobStatus = async (jobId: string) => (await crawler.getCrawlStatus({ jobId, target: undefined })).job?.status;
/** The crawler's audit entries of crawl jobs, newest first. */
const jobAudit = async () =>
  (
    await createServiceClient(AuditServiceService, crawlerAddress).listAuditEntries({
      actorUserId: platform.staffUserId,
      panel: 'crawler',
      entityType: 'crawl_job',
      entityId: '',
      byUserId: '',
      action: '',
      page: { page: 1, hitsPerPage: 100 },
    })
  ).entries;

const schedule = async (path: string, reason: string, runAt?: Date) =>
  (
    await crawler.scheduleCrawl({
      actorUserId: platform.staffUserId,
      target: { target: { $case: 'url', value: `${site.origin}${path}` } },
      priority: 0,
      runAt,
      interval: undefined,
      reason,
    })
  ).job?.id ?? '';

beforeAll(async () => {
  platform = await startPlatform();
  // A shop's site: product pages, and a robots.txt that keeps /private from crawlers.
  site = await FixtureSite.start(({ origin }) => ({
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: ROBOTS(origin) },
    '/p/1': jsonLdProductPage({ name: 'Lamp 1', sku: 'L1', price: '39.00', currency: 'CHF' }),
    '/p/2': jsonLdProductPage({ name: 'Lamp 2', sku: 'L2', price: '49.00', currency: 'CHF' }),
  }));
  crawlerBeside = await startCrawlerBeside(platform, site.port);
  crawlerApp = crawlerBeside.app;
  crawlerAddress = crawlerBeside.address;
  // Loaded now: the admin app's config reads the addresses in process.env.
  jobsRoute = await import('../admin/app/routes/crawler.jobs');
  hostRoute = await import('../admin/app/routes/crawler.hosts_.$host');
  hostsRoute = await import('../admin/app/routes/crawler.hosts');
  layout = await import('../admin/app/routes/crawler');
  crawler = createServiceClient(CrawlerServiceService, crawlerAddress);
  const offers = createServiceClient(OffersServiceService, platform.addresses.offers);
  shopId =
    (
      await offers.registerShop(
        RegisterShopRequest.fromPartial({
          actorUserId: platform.staffUserId,
          name: 'Lampenladen',
          homepageUrl: `${site.origin}/`,
          countries: ['CH'],
          directoryListing: true,
        }),
      )
    ).shop?.id ?? '';
  // The crawler files the site's host under the shop once ShopChanged has told it.
  await eventually(async () => (await crawlerApp.store.shops.get(shopId)) !== null, 20_000);

  // One page crawled now; a backlog and one more page queued for an hour from now.
  crawledJobId = await schedule('/p/1', 'price check');
  await eventually(async () => (await jobStatus(crawledJobId)) === CrawlJobStatus.CRAWL_JOB_STATUS_SUCCEEDED, 20_000);
  const later = new Date(Date.now() + 3_600_000);
  for (let i = 1; i <= BACKLOG; i += 1) await schedule(`/q/${i}`, 'backlog', later);
  queuedJobId = await schedule('/p/2', 'restock watch', later);

  staffId = await newStaffUser(platform, 'crawl-jobs@platform.test', AdminPanel.ADMIN_PANEL_CRAWLER);
  staff = await signInToPanel('crawler', 'crawl-jobs@platform.test', 'secret-pass');
  expect(staff.csrf).not.toBe('');
}, 120_000);

afterAll(async () => {
  await crawlerBeside?.stop();
  await platform?.stop();
  await site?.close();
});

describe('the crawler panel’s crawl jobs page', () => {
  it('lists the crawler’s jobs newest first with their reason and status, paged by the crawler, and is in the navigation', async () => {
    const first = await loadJobs();
    expect(first.status).toBe(200);
    expect(first.data.page).toMatchObject({ page: 1, size: 20, total: BACKLOG + 2, pages: 2 });
    const rows = rowsOf(first);
    expect(rows).toHaveLength(20);
    // Newest first: the page queued last leads.
    expect(rows[0]).toMatchObject({
      id: queuedJobId,
      kind: 'page',
      target: `${site.origin}/p/2`,
      host: host(),
      status: 'queued',
      open: true,
      reason: 'restock watch',
      startedAt: '',
      finishedAt: '',
    });
    const created = rows.map((row) => row.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    // The crawled page is the oldest: on page 2, with what its fetch brought.
    const second = await loadJobs('?page=2');
    expect(rowsOf(second)).toHaveLength(2);
    expect(rowsOf(second).at(-1)).toMatchObject({
      id: crawledJobId,
      target: `${site.origin}/p/1`,
      status: 'succeeded',
      open: false,
      reason: 'price check',
      attempts: 1,
      httpStatus: 200,
      pagesFetched: 1,
      offersObserved: 1,
      scheduleId: '',
    });

    const html = await render(jobsRoute, 'jobs', get(JOBS));
    expect(html).toContain('href="/admin/crawler/jobs"');
    expect(html).toContain('<h1>Crawl jobs</h1>');
    expect(html).toContain(`Page: ${site.origin}/p/2`);
    expect(html).toContain('restock watch');
    expect(html).toContain('<td>Queued</td>');
    // Its host links to the host's page; each open job has a Cancel form carrying the CSRF token.
    expect(html).toContain(`href="/admin/crawler/hosts/${encodeURIComponent(host())}"`);
    expect(html).toContain(
      `action="/admin/crawler/jobs" class="inline-form" aria-label="Cancel the crawl of ${site.origin}/p/2"><input type="hidden" name="_csrf" value="${staff.csrf}"/><input type="hidden" name="_intent" value="cancel"/><input type="hidden" name="jobId" value="${queuedJobId}"/>`,
    );
    expect(html).toContain('1–20 of 22');
    expect(html).toContain('rel="next"');
  });

  it('filters by status, host and shop, and says a bad host beside its input', async () => {
    const ids = async (query: string) => rowsOf(await loadJobs(`${query}&size=50`)).map((row) => row.id);
    expect(await ids('?status=succeeded')).toEqual([crawledJobId]);
    expect(await ids('?status=queued')).toHaveLength(BACKLOG + 1);
    expect(await ids('?status=open')).toHaveLength(BACKLOG + 1);
    expect(await ids('?status=failed')).toEqual([]);
    expect(await ids(`?host=${encodeURIComponent(host())}`)).toHaveLength(BACKLOG + 2);
    expect(await ids('?host=elsewhere.example')).toEqual([]);
    expect(await ids(`?shop=${shopId}&status=succeeded`)).toEqual([crawledJobId]);
    expect(await ids('?shop=shop_unknown')).toEqual([]);

    const bad = await loadJobs('?host=not%20a%20host');
    expect(bad).toMatchObject({ status: 200, data: { refused: ['host'], page: { rows: [], total: 0 } } });
    const html = await render(jobsRoute, 'jobs', get(`${JOBS}?host=not%20a%20host`));
    expect(html).toContain('aria-describedby="host-error"');
    expect(html).toContain(
      '<span class="field-error" id="host-error" role="alert">Not a host name: write it as www.example-shop.ch, with a port if it has one.</span>',
    );
  });

  it('cancels a queued job after a confirm step: the crawler marks it cancelled, audits it, and the table shows it', async () => {
    const audited = (await jobAudit()).length;
    const first = await postJobs({ _intent: 'cancel', jobId: queuedJobId });
    expect(first).toMatchObject({ status: 200, data: { stage: 'confirm', intent: 'cancel' } });
    expect(first.data.summary).toEqual({
      title: `Cancel the crawl of ${site.origin}/p/2`,
      facts: [
        { label: 'Job', value: queuedJobId },
        { label: 'Reason', value: 'restock watch' },
      ],
      changes: [{ label: 'Status', before: 'Queued', after: 'Cancelled' }],
    });
    // Nothing is cancelled before the confirm step.
    expect(await jobStatus(queuedJobId)).toBe(CrawlJobStatus.CRAWL_JOB_STATUS_QUEUED);

    const done = await confirm(first);
    expect(done).toMatchObject({
      status: 302,
      location: `/crawler/jobs?host=${encodeURIComponent(host())}&done=1`,
    });
    expect(await jobStatus(queuedJobId)).toBe(CrawlJobStatus.CRAWL_JOB_STATUS_CANCELED);
    const entries = await jobAudit();
    expect(entries).toHaveLength(audited + 1);
    expect(entries[0]).toMatchObject({ actorUserId: staffId, action: 'crawl.cancel', entityId: queuedJobId });

    const listed = await loadJobs(`?host=${encodeURIComponent(host())}&done=1`);
    expect(rowsOf(listed).find((row) => row.id === queuedJobId)).toMatchObject({ status: 'canceled', open: false });
    const html = await render(jobsRoute, 'jobs', get(`${JOBS}?host=${encodeURIComponent(host())}&done=1`));
    expect(html).toContain('Saved.');
    expect(html).toContain('<td>Cancelled</td>');
    // A cancelled job has no Cancel form any more.
    expect(html).not.toContain(`name="jobId" value="${queuedJobId}"`);
  });

  it('says a finished job has nothing to cancel, never an error page, and changes nothing', async () => {
    const audited = (await jobAudit()).length;
    const message = `Job ${crawledJobId} has already finished (Succeeded): there is nothing to cancel.`;
    expect(await postJobs({ _intent: 'cancel', jobId: crawledJobId })).toMatchObject({
      status: 400,
      data: { stage: 'errors', errors: { _form: message } },
    });
    // The confirm post is checked again.
    expect(await postJobs({ _intent: 'cancel', _confirmed: '1', jobId: crawledJobId })).toMatchObject({
      status: 400,
      data: { errors: { _form: message } },
    });
    // The job cancelled above is finished too now.
    expect(await postJobs({ _intent: 'cancel', jobId: queuedJobId })).toMatchObject({
      status: 400,
      data: { errors: { _form: `Job ${queuedJobId} has already finished (Cancelled): there is nothing to cancel.` } },
    });
    const html = await render(jobsRoute, 'jobs', postTo(JOBS, staff, { _intent: 'cancel', jobId: crawledJobId }));
    expect(html).toContain(`<p class="form-error" role="alert">${message}</p>`);
    // When the crawler answers JOB_FINISHED at the confirm (it finished in between), the page says so.
    const raced = await loadJobs(`?finished=${crawledJobId}`);
    expect(raced.data).toMatchObject({ finished: { id: crawledJobId, status: 'succeeded' }, query: { filters: {} } });
    expect(await render(jobsRoute, 'jobs', get(`${JOBS}?finished=${crawledJobId}`))).toContain(message);

    expect(await jobStatus(crawledJobId)).toBe(CrawlJobStatus.CRAWL_JOB_STATUS_SUCCEEDED);
    expect(await jobAudit()).toHaveLength(audited);
    expect(await postJobs({ _intent: 'cancel', jobId: 'job_unknown' })).toMatchObject({ status: 404 });
    expect(await postJobs({ _intent: 'cancel', jobId: '' })).toMatchObject({
      status: 400,
      data: { errors: { jobId: 'Required.' } },
    });
  });

  it('is the crawler panel’s alone: another panel’s staff is refused by the pages and by the crawler', async () => {
    const shoppingId = await newStaffUser(platform, 'jobs-shopping@platform.test', AdminPanel.ADMIN_PANEL_SHOPPING);
    const shopping = await signInToPanel('crawler', 'jobs-shopping@platform.test', 'secret-pass');
    expect(shopping.csrf).toBe('');
    const toLogin = { status: 302, location: expect.stringContaining('/crawler/login') };
    expect(await loadJobs('', shopping)).toMatchObject(toLogin);
    expect(await postJobs({ _intent: 'cancel', jobId: crawledJobId }, shopping)).toMatchObject(toLogin);
    expect(await loadHost(host(), '', shopping)).toMatchObject(toLogin);
    expect(await postHost(host(), { _intent: 'refreshRobots' }, shopping)).toMatchObject(toLogin);
    // The crawler checks the role itself.
    await expect(
      crawler.listCrawlJobs({ actorUserId: shoppingId, statuses: [], host: '', shopId: '', page: undefined }),
    ).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    const backlog = rowsOf(await loadJobs('?status=queued'))[0]!;
    await expect(
      crawler.cancelCrawl({ actorUserId: shoppingId, jobId: backlog.id, scheduleId: '' }),
    ).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    expect(await jobStatus(backlog.id)).toBe(CrawlJobStatus.CRAWL_JOB_STATUS_QUEUED);
  });
});

describe('the crawler panel’s host page', () => {
  it('shows the host’s state, its robots.txt as served, its newest jobs and links to its URLs and rules', async () => {
    const answer = await loadHost(host());
    expect(answer.status).toBe(200);
    expect(answer.data.host).toMatchObject({ host: host(), status: 'active', shopId, consecutiveErrors: 0 });
    expect(answer.data.host.urlsKnown).toBeGreaterThanOrEqual(BACKLOG + 2);
    expect(answer.data.robots).toEqual({
      ok: true,
      robots: expect.objectContaining({
        httpStatus: 200,
        body: ROBOTS(site.origin),
        sitemaps: [`${site.origin}/sitemap.xml`],
        crawlDelaySeconds: 0,
      }),
    });
    expect(answer.data.jobs).toMatchObject({ total: BACKLOG + 2, size: 20 });
    expect(answer.data.jobs.rows).toHaveLength(20);
    expect(answer.data.jobs.rows[0]).toMatchObject({ id: queuedJobId, status: 'canceled' });

    const html = await render(hostRoute, 'hosts/:host', get(hostPage(host())));
    expect(html).toContain(`<h1>${host()}</h1>`);
    expect(html).toContain(
      `aria-label="robots.txt as fetched">User-agent: *\nDisallow: /private\nAllow: /private/open\n\nSitemap: ${site.origin}/sitemap.xml\n</pre>`,
    );
    expect(html).toContain('HTTP 200 · its rules apply');
    expect(html).toContain(`<li>${site.origin}/sitemap.xml</li>`);
    const hostParam = encodeURIComponent(host());
    expect(html).toContain(`href="/admin/crawler/urls?host=${hostParam}">Its URLs</a>`);
    expect(html).toContain(`href="/admin/crawler/rules?host=${hostParam}">Its extraction rules</a>`);
    expect(html).toContain(`href="/admin/crawler/jobs?host=${hostParam}">All its crawl jobs</a>`);
    expect(html).toContain('Newest crawl jobs');
    expect(html).toContain('1–20 of 22');
    // Its open jobs are cancelled through the jobs page's confirm step.
    expect(html).toContain('action="/admin/crawler/jobs" class="inline-form"');

    // The hosts table links each host to its page.
    const hosts = await render(hostsRoute, 'hosts', get(`${PANEL}/hosts`));
    expect(hosts).toContain(`<a href="/admin/crawler/hosts/${hostParam}">${host()}</a>`);
  });

  it('fetches robots.txt again on request (the panel’s CSRF token required)', async () => {
    const fetches = () => site.paths().filter((path) => path === '/robots.txt').length;
    const before = fetches();
    const fetchedAt = (await loadHost(host())).data.robots.robots.fetchedAt;
    expect(fetches()).toBe(before);

    expect(await postHost(host(), { _intent: 'refreshRobots', _csrf: 'forged' })).toMatchObject({ status: 403 });
    expect(fetches()).toBe(before);
    const answer = await postHost(host(), { _intent: 'refreshRobots' });
    expect(answer).toMatchObject({
      status: 302,
      location: `/crawler/hosts/${encodeURIComponent(host())}?refreshed=1`,
    });
    expect(fetches()).toBe(before + 1);
    const after = await loadHost(host(), '?refreshed=1');
    expect(after.data.robots.robots.fetchedAt > fetchedAt).toBe(true);
    expect(await render(hostRoute, 'hosts/:host', get(`${hostPage(host())}?refreshed=1`))).toContain(
      'robots.txt fetched again.',
    );
  });

  it('checks a URL or path against robots.txt: disallowed with the deciding rule and its line', async () => {
    const check = async (input: string) =>
      (await loadHost(host(), `?${new URLSearchParams({ check: input })}`)).data.check;
    expect(await check('/private/basket')).toEqual({
      input: '/private/basket',
      url: `${site.origin}/private/basket`,
      check: { kind: 'verdict', allowed: false, rule: 'Disallow: /private', line: 2, group: '*' },
    });
    expect(await check(`${site.origin}/private/open/lamps`)).toMatchObject({
      check: { kind: 'verdict', allowed: true, rule: 'Allow: /private/open', line: 3 },
    });
    expect(await check(`${site.origin}/p/1`)).toMatchObject({ check: { kind: 'verdict', allowed: true, rule: '' } });

    const html = await render(
      hostRoute,
      'hosts/:host',
      get(`${hostPage(host())}?${new URLSearchParams({ check: '/private/basket' })}`),
    );
    expect(html).toContain(
      `<p class="notice" role="status"><strong>Disallowed</strong>: ${site.origin}/private/basket · “Disallow: /private”, line 2, group *</p>`,
    );

    // Bad input is said beside the field.
    expect(await check('ftp://127.0.0.1/private')).toEqual({ input: 'ftp://127.0.0.1/private', problem: 'badUrl' });
    expect(await check('https://elsewhere.example/private')).toMatchObject({ problem: 'otherHost' });
    const bad = await render(hostRoute, 'hosts/:host', get(`${hostPage(host())}?check=elsewhere`));
    expect(bad).toContain('aria-describedby="check-error"');
    expect(bad).toContain(
      `<span class="field-error" id="check-error" role="alert">Enter an http(s) URL of ${host()}, or a path starting with /.</span>`,
    );
  });

  it('says robots.txt is not obtainable on the page (never an error page), and answers 404 for an unknown host', async () => {
    // A host the crawler knows (staff set its rules) whose robots.txt its fetch guard refuses to fetch.
    await crawler.setExtractionRules({
      actorUserId: platform.staffUserId,
      host: '10.20.0.5',
      rules: {
        name: 'h1',
        price: '.price',
        currency: '',
        availability: '',
        gtin: '',
        mpn: '',
        sku: '',
        brand: '',
        image: '',
        updatedAt: undefined,
      },
    });
    const answer = await loadHost('10.20.0.5', '?check=/catalog');
    expect(answer.status).toBe(200);
    expect(answer.data.robots).toEqual({ ok: false, reason: expect.stringContaining('10.20.0.5') });
    // robots.txt not answering rules nothing may be fetched: said so, with the crawler's reason.
    expect(answer.data.check.check).toMatchObject({ kind: 'verdict', allowed: false, line: 0 });
    const html = await render(hostRoute, 'hosts/:host', get(`${hostPage('10.20.0.5')}`));
    expect(html).toContain('<p class="notice" role="status">robots.txt could not be read now: ');
    const refreshed = await postHost('10.20.0.5', { _intent: 'refreshRobots' });
    expect(refreshed).toMatchObject({ status: 200, data: { refresh: 'unavailable' } });

    expect(await loadHost('unknown-shop.example')).toMatchObject({ status: 404, data: { notFound: true } });
    expect(await loadHost('not a host')).toMatchObject({ status: 404 });
    expect(await postHost('unknown-shop.example', { _intent: 'refreshRobots' })).toMatchObject({ status: 404 });
  });
});
