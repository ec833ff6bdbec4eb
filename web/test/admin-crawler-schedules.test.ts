import { status as GrpcStatus } from '@grpc/grpc-js';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { CrawlerServiceService } from '@pc/proto/crawler/v1/crawler';
import { OffersServiceService, RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import { AuditServiceService } from '@pc/proto/staff/v1/audit';
import { createServiceClient } from '@pc/kit/grpc/client';
import { useTestIdentity } from '@pc/kit/identity/testing/test-identity';
import { eventually } from '@pc/kit/testing/eventually';
import type { CrawlerApp } from '../../services/crawler/src/app';
import { FixtureSite, jsonLdProductPage, listingPage } from '../../services/crawler/src/test-support/fixture-site';
import {
  answerOf,
  newStaffUser,
  renderPage,
  signInToPanel,
  type RouteAnswer,
  type StaffSession,
} from './admin-panel-session';
import { startCrawlerBeside, type CrawlerBesidePlatform } from './crawler-beside-platform';
import { startPlatform, type Platform } from './platform-harness';

/**
 * The crawler panel's schedules page (web/admin/app/routes/crawler.schedules.tsx) in one process:
 * its loader, action and view as Remix runs them, signed in through the crawler panel's own
 * sign-in, over real gRPC to the crawler (built from its app.ts on the platform's data dir and
 * event log: it learns the shops from offers' ShopChanged, checks staff:crawler with accounts,
 * stores, audits and crawls a local shop site), offers (the shop) and accounts. The page lists the
 * schedules with their latest crawl, schedules a crawl of a shop's site after a confirm step,
 * refuses bad start URLs beside the field with nothing scheduled, and disables a schedule.
 */

// The admin app's calls sign as it does in production (a user front: the staff user travels signed).
useTestIdentity('admin');

const PANEL = 'http://admin.test/admin/crawler';
const PAGE = `${PANEL}/schedules`;
const PRODUCTS = 21;

type Route = typeof import('../admin/app/routes/crawler.schedules');

type Staff = StaffSession;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's data, read by each test
type Answer = RouteAnswer<any>;

let platform: Platform;
let site: FixtureSite;
let crawlerApp: CrawlerApp;
let crawlerBeside: CrawlerBesidePlatform;
let crawlerAddress = '';
let route: Route;
let layout: typeof import('../admin/app/routes/crawler');
let crawler: ReturnType<typeof createServiceClient<typeof CrawlerServiceService>>;
let staff: Staff;
let staffId = '';
let shopId = '';
/** A shop whose site is on a private address the crawler's fetch guard refuses. */
let privateShopId = '';

/** Signs in to the crawler panel through its sign-in page, as a browser does. */
const signIn = (email: string, password: string) => signInToPanel('crawler', email, password);
const host = () => `127.0.0.1:${site.port}`;

function formRequest(who: Staff, fields: Readonly<Record<string, string>>): Request {
  return new Request(PAGE, {
    method: 'POST',
    headers: { cookie: who.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: who.csrf, ...fields }).toString(),
  });
}

const load = (who: Staff = staff, query = '') =>
  answerOf(() =>
    route.loader({
      request: new Request(`${PAGE}${query}`, { headers: { cookie: who.cookie } }),
      params: {},
      context: {},
    }),
  );
const post = (fields: Readonly<Record<string, string>>, who: Staff = staff) =>
  answerOf(() => route.action({ request: formRequest(who, fields), params: {}, context: {} }));
const confirm = (first: Answer) => {
  expect(first).toMatchObject({ status: 200, data: { stage: 'confirm' } });
  return post({ _intent: first.data.intent, _confirmed: '1', ...first.data.fields });
};

/** The page in the crawler panel's frame (its navigation), as the app renders it. */
const render = (request: Request): Promise<string> =>
  renderPage(route, 'schedules', request, { id: 'routes/crawler', path: 'admin/crawler', module: layout });

/** The crawler's schedules (as the bootstrap admin reads them). */
const schedules = async (filter: { shopId?: string; host?: string } = {}) =>
  (
    await crawler.listSchedules({
      actorUserId: platform.staffUserId,
      host: filter.host ?? '',
      shopId: filter.shopId ?? '',
      enabledOnly: false,
      page: { page: 1, hitsPerPage: 200 },
    })
  ).schedules;
const jobCount = async () =>
  (
    await crawler.listCrawlJobs({
      actorUserId: platform.staffUserId,
      statuses: [],
      host: '',
      shopId: '',
      page: { page: 1, hitsPerPage: 1 },
    })
  ).page?.total ?? 0;
/** The crawler's audit entries of staff's crawls, newest first. */
const auditEntries = async (entityType: string) =>
  (
    await createServiceClient(AuditServiceService, crawlerAddress).listAuditEntries({
      actorUserId: platform.staffUserId,
      panel: 'crawler',
      entityType,
      entityId: '',
      byUserId: '',
      action: '',
      page: { page: 1, hitsPerPage: 100 },
    })
  ).entries;

/** A new user holding one panel's role, granted by the platform's bootstrap admin; its id. */
const staffUser = (email: string, panel: AdminPanel) => newStaffUser(platform, email, panel);

beforeAll(async () => {
  platform = await startPlatform();
  // A shop's site without a feed: a category start page, products, and a part robots.txt keeps private.
  site = await FixtureSite.start(({ origin }) => ({
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /private\n' },
    '/': listingPage([`${origin}/p/1`, `${origin}/p/2`]),
    ...Object.fromEntries(
      Array.from({ length: PRODUCTS }, (_, i) => [
        `/p/${i + 1}`,
        jsonLdProductPage({ name: `Lamp ${i + 1}`, sku: `L${i + 1}`, price: '39.00', currency: 'CHF' }),
      ]),
    ),
  }));
  crawlerBeside = await startCrawlerBeside(platform, site.port);
  crawlerApp = crawlerBeside.app;
  crawlerAddress = crawlerBeside.address;
  // Loaded now: the admin app's config reads the addresses in process.env.
  route = await import('../admin/app/routes/crawler.schedules');
  layout = await import('../admin/app/routes/crawler');
  crawler = createServiceClient(CrawlerServiceService, crawlerAddress);
  const offers = createServiceClient(OffersServiceService, platform.addresses.offers);
  const register = async (name: string, homepageUrl: string) =>
    (
      await offers.registerShop(
        RegisterShopRequest.fromPartial({
          actorUserId: platform.staffUserId,
          name,
          homepageUrl,
          countries: ['CH'],
          directoryListing: true,
        }),
      )
    ).shop?.id ?? '';
  shopId = await register('Lampenladen', `${site.origin}/`);
  privateShopId = await register('Intranet Shop', 'http://10.20.0.5/');
  // The crawler knows both shops' hosts from ShopChanged.
  await eventually(async () => (await crawlerApp.store.shops.get(privateShopId)) !== null, 20_000);
  await eventually(async () => (await crawlerApp.store.shops.get(shopId)) !== null, 20_000);
  staffId = await staffUser('crawl-staff@platform.test', AdminPanel.ADMIN_PANEL_CRAWLER);
  staff = await signIn('crawl-staff@platform.test', 'secret-pass');
  expect(staff.csrf).not.toBe('');
}, 120_000);

afterAll(async () => {
  await crawlerBeside?.stop();
  await platform?.stop();
  await site?.close();
});

describe('the crawler panel’s schedules page', () => {
  it('lists the schedules with their latest crawl, paged by the crawler, and is in the panel’s navigation', async () => {
    // 21 product pages each re-crawled every 6 hours (made through the crawler, as the seed would).
    for (let i = 1; i <= PRODUCTS; i += 1)
      await crawler.scheduleCrawl({
        actorUserId: platform.staffUserId,
        target: { target: { $case: 'url', value: `${site.origin}/p/${i}` } },
        priority: 0,
        runAt: undefined,
        interval: { seconds: 21_600, nanos: 0 },
        reason: 'price watch',
      });
    await eventually(async () => {
      const { job } = await crawler.getCrawlStatus({
        jobId: '',
        target: { target: { $case: 'url', value: `${site.origin}/p/1` } },
      });
      return job?.offersObserved === 1;
    }, 20_000);

    const first = await load();
    expect(first.status).toBe(200);
    expect(first.data.page).toMatchObject({ page: 1, size: 20, total: PRODUCTS, pages: 2 });
    expect(first.data.page.rows).toHaveLength(20);
    const lamp = first.data.page.rows.find((row: { target: string }) => row.target === `${site.origin}/p/1`);
    expect(lamp).toMatchObject({
      kind: 'page',
      host: host(),
      shopId,
      intervalSeconds: 21_600,
      enabled: true,
      reason: 'price watch',
      crawl: { status: 'succeeded', pagesFetched: 1, offersObserved: 1, httpStatus: 200 },
    });
    const second = await load(staff, '?page=2');
    expect(second.data.page.rows).toHaveLength(1);

    const html = (await render(new Request(PAGE, { headers: { cookie: staff.cookie } }))).replaceAll('<!-- -->', '');
    expect(html).toContain('href="/admin/crawler/schedules"');
    expect(html).toContain('Crawl schedules');
    expect(html).toContain(`Page: ${site.origin}/p/1`);
    expect(html).toContain('Succeeded');
    expect(html).toContain('1 pages, 1 offers');
    expect(html).toContain('1–20 of 21');
    // The form carries the panel's CSRF token.
    expect(html).toContain(
      `aria-label="Crawl a shop’s site"><input type="hidden" name="_csrf" value="${staff.csrf}"/>`,
    );
  });

  it("schedules a crawl of a shop's site after a confirm step: the crawler has it, crawls it and audits it", async () => {
    const audited = (await auditEntries('crawl_target')).length;
    const fields = { _intent: 'schedule', shopId, urls: `${site.origin}/\n`, interval: '1d', reason: 'no feed yet' };
    const first = await post(fields);
    expect(first).toMatchObject({ status: 200, data: { stage: 'confirm', intent: 'schedule' } });
    expect(first.data.summary.title).toBe('Crawl the site of Lampenladen');
    expect(first.data.summary.facts).toEqual([
      { label: 'Shop', value: `Lampenladen (${shopId}) · 127.0.0.1 · Active` },
      {
        label: `${site.origin}/`,
        value: `the whole site of ${host()}: start page, sitemaps, links · robots.txt allows it`,
      },
    ]);
    expect(first.data.summary.changes).toEqual([
      { label: 'Repeat', before: '', after: 'Every day' },
      { label: 'Reason', before: '', after: 'no feed yet' },
    ]);
    // Nothing is scheduled before the confirm step.
    expect((await schedules({ host: host() })).filter((s) => s.target?.target?.$case === 'host')).toEqual([]);

    const done = await confirm(first);
    expect(done).toMatchObject({ status: 302, location: `/crawler/schedules?shop=${shopId}&done=1` });
    const site_ = (await schedules({ shopId })).find((s) => s.target?.target?.$case === 'host');
    expect(site_).toMatchObject({
      target: { target: { $case: 'host', value: host() } },
      host: host(),
      shopId,
      interval: { seconds: 86_400 },
      enabled: true,
      reason: 'no feed yet',
    });
    // Listed on the page it leads to, and crawled from the start page.
    // (Soonest run first: the shop's 21 pages every 6 hours come before its site every day.)
    const listed = await eventually(async () => {
      const page = await load(staff, `?shop=${shopId}&done=1&size=50`);
      const row = page.data.page.rows.find((r: { id: string }) => r.id === site_?.id);
      return row?.crawl?.status === 'succeeded' && row;
    }, 20_000);
    expect(listed).toMatchObject({ kind: 'site', target: host(), shopId, intervalSeconds: 86_400 });
    expect(site.paths()).toContain('/');
    const entries = await auditEntries('crawl_target');
    expect(entries).toHaveLength(audited + 1);
    expect(entries[0]).toMatchObject({ actorUserId: staffId, action: 'crawl.schedule' });
    expect(JSON.parse(entries[0]!.afterJson)).toMatchObject({ scheduleId: site_?.id, reason: 'no feed yet' });

    // The same site again on a schedule is refused: that one is to be disabled first.
    const again = await post(fields);
    expect(again).toMatchObject({ status: 400, data: { stage: 'errors', intent: 'schedule' } });
    expect(again.data.errors).toEqual({
      urls: `${site.origin}/: already crawled on schedule ${site_?.id}; disable that one first to change it.`,
    });
    // Once: a crawl now, no schedule; its start page shows in the URL schedule.
    const count = (await schedules()).length;
    const once = await confirm(await post({ ...fields, urls: `${site.origin}/p/2`, interval: 'once' }));
    expect(once).toMatchObject({ status: 302, location: `/crawler/urls?host=${encodeURIComponent(host())}&done=1` });
    expect(await schedules()).toHaveLength(count);
  });

  it('refuses bad start URLs, shops and fields beside their input, and schedules nothing', async () => {
    const before = { schedules: (await schedules()).length, jobs: await jobCount() };
    const audited = (await auditEntries('crawl_target')).length;
    const errorsOf = async (fields: Record<string, string>) => {
      const answer = await post({ _intent: 'schedule', shopId, interval: '1d', reason: '', ...fields });
      expect(answer).toMatchObject({ status: 400, data: { stage: 'errors' } });
      return answer.data.errors;
    };

    expect(await errorsOf({ urls: 'ftp://127.0.0.1/catalog\nwww.lampenladen.ch' })).toEqual({
      urls: '“ftp://127.0.0.1/catalog” is not an http(s) URL. “www.lampenladen.ch” is not an http(s) URL.',
    });
    expect(await errorsOf({ urls: 'https://elsewhere.example/' })).toEqual({
      urls: `https://elsewhere.example/: not on the site of Lampenladen (${host()}, 127.0.0.1); its offers would belong to no shop.`,
    });
    // robots.txt of the site keeps /private from crawlers.
    expect(await errorsOf({ urls: `${site.origin}/private/catalog` })).toEqual({
      urls: `${site.origin}/private/catalog: robots.txt disallows it for the crawler (Disallow: /private, line 2).`,
    });
    // The crawler's fetch guard refuses a site on a private address (its own check, validate_only).
    const guarded = await errorsOf({ shopId: privateShopId, urls: 'http://10.20.0.5/' });
    expect(Object.keys(guarded)).toEqual(['urls']);
    expect(guarded.urls).toMatch(/^http:\/\/10\.20\.0\.5\/: the crawler may not fetch it: /);
    expect(await errorsOf({ shopId: 'shop_unknown', urls: `${site.origin}/` })).toEqual({
      shopId: 'No shop has this id.',
    });
    expect(await errorsOf({ urls: '', interval: 'hourly', reason: 'x'.repeat(201) })).toEqual({
      urls: 'Required.',
      interval: 'Not a valid value.',
      reason: 'At most 200 characters.',
    });
    expect(
      await errorsOf({ urls: Array.from({ length: 11 }, (_, i) => `${site.origin}/p/${i + 1}`).join('\n') }),
    ).toEqual({ urls: 'At most 10 start URLs.' });
    // The confirm post is checked again: a bad URL never reaches the crawler.
    expect(
      await post({
        _intent: 'schedule',
        _confirmed: '1',
        shopId,
        urls: 'http://10.0.0.1/',
        interval: '1d',
        reason: '',
      }),
    ).toMatchObject({
      status: 400,
      data: { errors: { urls: expect.stringContaining('not on the site of Lampenladen') } },
    });
    // Shown beside the text area, the form keeping what was typed.
    const html = await render(
      formRequest(staff, { _intent: 'schedule', shopId, urls: 'ftp://127.0.0.1/catalog', interval: '1d', reason: '' }),
    );
    expect(html).toContain('aria-describedby="urls-error"');
    expect(html).toContain(
      '<span class="field-error" id="urls-error" role="alert">“ftp://127.0.0.1/catalog” is not an http(s) URL.</span>',
    );
    expect(html).toContain('ftp://127.0.0.1/catalog</textarea>');
    // A form without the session's CSRF token is refused.
    expect(
      await post({ _intent: 'schedule', _csrf: 'forged', shopId, urls: `${site.origin}/`, interval: '1d', reason: '' }),
    ).toMatchObject({ status: 403 });

    expect((await schedules()).length).toBe(before.schedules);
    expect(await jobCount()).toBe(before.jobs);
    expect(await auditEntries('crawl_target')).toHaveLength(audited);
  });

  it('disables a schedule after a confirm step, audited by the crawler', async () => {
    const [schedule] = await schedules({ shopId });
    const fields = { _intent: 'disable', scheduleId: schedule!.id, host: schedule!.host };
    const first = await post(fields);
    expect(first.data.summary).toMatchObject({
      changes: [{ label: 'State', before: 'Enabled', after: 'Disabled' }],
    });
    expect((await schedules({ shopId }))[0]).toMatchObject({ id: schedule!.id, enabled: true });
    const done = await confirm(first);
    expect(done).toMatchObject({
      status: 302,
      location: `/crawler/schedules?host=${encodeURIComponent(schedule!.host)}&done=1`,
    });
    expect((await schedules({ shopId })).find((s) => s.id === schedule!.id)).toMatchObject({ enabled: false });
    const [entry] = await auditEntries('crawl_schedule');
    expect(entry).toMatchObject({ actorUserId: staffId, action: 'crawl_schedule.disable', entityId: schedule!.id });
    expect(await post(fields)).toMatchObject({
      status: 400,
      data: { errors: { _form: 'This schedule is already disabled.' } },
    });
    expect(await post({ ...fields, scheduleId: 'sch_unknown' })).toMatchObject({ status: 404 });
  });

  it('is the crawler panel’s alone: another panel’s role cannot sign in to it, nor have the crawler list or schedule', async () => {
    const shoppingId = await staffUser('shopping-staff@platform.test', AdminPanel.ADMIN_PANEL_SHOPPING);
    const shopping = await signIn('shopping-staff@platform.test', 'secret-pass');
    expect(shopping.csrf).toBe('');
    const before = (await schedules()).length;
    expect(await load(shopping)).toMatchObject({ status: 302, location: expect.stringContaining('/crawler/login') });
    expect(
      await post({ _intent: 'schedule', shopId, urls: `${site.origin}/p/3`, interval: '1d', reason: '' }, shopping),
    ).toMatchObject({ status: 302, location: expect.stringContaining('/crawler/login') });
    // The crawler checks the role itself.
    await expect(
      crawler.listSchedules({ actorUserId: shoppingId, host: '', shopId: '', enabledOnly: false, page: undefined }),
    ).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    await expect(
      crawler.scheduleCrawl({
        actorUserId: shoppingId,
        target: { target: { $case: 'url', value: `${site.origin}/p/3` } },
        priority: 0,
        runAt: undefined,
        interval: { seconds: 86_400, nanos: 0 },
        reason: '',
        validateOnly: true,
      }),
    ).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    expect(await schedules()).toHaveLength(before);
  });
});
