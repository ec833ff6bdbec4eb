import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { createEventPublisher } from '@pc/kit/events/publisher';
import { createServiceClient } from '@pc/kit/grpc/client';
import { useTestIdentity } from '@pc/kit/identity/testing/test-identity';
import { ClickRecorded } from '@pc/proto/affiliates/events/v1/events';
import { Events } from '@pc/proto/event-catalog';
import { OffersServiceService, RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import { answerOf } from './admin-panel-session';
import { BrowserSession } from './browser-session';
import { OpenApiContract } from './openapi-contract';
import { eventually, listOwnedShopWithHeadphones, seedCatalogue, type Catalogue } from './platform-fixture';
import { startPlatform, type Platform } from './platform-harness';
import { registerBusinessUser } from './business-users';
import { renderSitePage } from './site-page';

/**
 * A shop's click report (ADR 135) over the real services, each started from its app.ts: an
 * owner's listed shop selling the fixture's headphones; a visitor's click-out through the site's
 * /goto from a Swiss product page. The owner's report page shows the click in its month, on its
 * day, on the product (by name, linked) and in Switzerland; the month's CSV reads back, with the
 * same CSV library, to that click; another owner gets 404 for both; a month the report does not
 * keep is a 400 naming `month`. A second shop of the owner with more than 100 products clicked in
 * a month: its page lists the 100 most clicked and says the CSV has them all; the CSV lists every one.
 */

// The shop pages link their stylesheet through Vite, which the test does not run.
jest.mock('~/styles/business.css?url', () => ({ __esModule: true, default: '/business.css' }), { virtual: true });

// The site's calls sign as the site does in production (a user front: the actor travels as a signed user).
useTestIdentity('web');

type ReportRoute = typeof import('~/routes/account.business.shops.$shop_.clicks');
type CsvRoute = typeof import('~/routes/account.business.shops.$shop_.clicks[.]csv');
type SettingsRoute = typeof import('~/routes/account.business.shops.$shop');

const SITE = 'http://site.test';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const contract = new OpenApiContract();
let platform: Platform;
let catalogue: Catalogue;
let handle: (request: Request) => Promise<Response>;
let reportRoute: ReportRoute;
let csvRoute: CsvRoute;
let settingsRoute: SettingsRoute;
let shopId = '';
let ownerId = '';
/** The cookies each business user's browser sends once signed in. */
const cookies = { owner: '', stranger: '' };
/** The UTC month and day of the recorded click. */
let clickMonth = '';
let clickDay = '';

const get = (path: string, cookie: string) => new Request(`${SITE}${path}`, { headers: { cookie } });
const reportPath = (query = '') => `/account/business/shops/${shopId}/clicks${query}`;
const csvPath = (query = '') => `/account/business/shops/${shopId}/clicks.csv${query}`;

const reportPage = (cookie: string, query = '') =>
  answerOf(() =>
    reportRoute.loader({ request: get(reportPath(query), cookie), params: { shop: shopId }, context: {} }),
  );

/** The CSV route's answer (a Response, or the one it threw). */
const csv = (cookie: string, query = '') =>
  Promise.resolve(
    csvRoute.loader({ request: get(csvPath(query), cookie), params: { shop: shopId }, context: {} }),
  ).catch((thrown: unknown) => thrown) as Promise<Response>;

async function signIn(email: string): Promise<string> {
  const session = new BrowserSession(handle, contract);
  await session.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
  const login = await session.call('post', '/auth/login', '/auth/login', { body: { email, password: 'secret-pass' } });
  expect(login.status).toBe(200);
  return [...session.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
}

beforeAll(async () => {
  platform = await startPlatform();
  // Loaded now: the BFF's config reads the service addresses the platform put in process.env.
  reportRoute = await import('~/routes/account.business.shops.$shop_.clicks');
  csvRoute = await import('~/routes/account.business.shops.$shop_.clicks[.]csv');
  settingsRoute = await import('~/routes/account.business.shops.$shop');
  const gotoRoute = await import('~/routes/goto.$locationId');
  await import('~/i18n/messages.server');
  const { createApiRequestHandler } = await import('./api-request-handler');
  handle = createApiRequestHandler();
  catalogue = await seedCatalogue(platform);

  const business = (email: string, name: string) => registerBusinessUser(platform, email, name);
  ownerId = await business('owner@report-shop.test', 'Rita Report');
  await business('stranger@other-shop.test', 'Stella Stranger');
  const offers = createServiceClient(OffersServiceService, platform.addresses.offers);
  const { shop } = await offers.registerShop(
    RegisterShopRequest.fromPartial({
      actorUserId: ownerId,
      name: 'Report Audio',
      homepageUrl: 'https://report-audio.example/',
      company: 'Report Audio GmbH',
      email: 'info@report-audio.example',
      address: { line1: 'Seestrasse 2', zipCode: '8002', city: 'Zürich', country: 'CH' },
      phone: '+41 44 000 00 01',
      countries: ['CH'],
      termsAccepted: true,
    }),
  );
  shopId = shop?.id ?? '';
  const { locationId } = await listOwnedShopWithHeadphones(platform, catalogue, {
    ownerId,
    shopId,
    url: 'https://report-audio.example/p/hp',
    price: 27_900,
  });
  // A visitor follows the offer from a Swiss product page of the site.
  await eventually('affiliates to know the offer’s location', async () => {
    const answer = await Promise.resolve(
      gotoRoute.loader({
        request: new Request(`${SITE}/goto/${locationId}?o=product&p=offer`, {
          headers: { 'user-agent': BROWSER, referer: `${SITE}/de-ch/products/x` },
        }),
        params: { locationId },
        context: { clientIp: '203.0.113.44' },
      }),
    ).catch((error: unknown) => error);
    return answer instanceof Response && answer.status === 302 ? answer : undefined;
  });
  const clickedAt = new Date();
  clickMonth = clickedAt.toISOString().slice(0, 7);
  clickDay = clickedAt.toISOString().slice(0, 10);
  const { monthClicks } = await import('~/data/click-report.server');
  await eventually('the click to be folded', async () =>
    (await monthClicks(ownerId, shopId, { month: clickMonth, language: 'en' })).total === 1 ? true : undefined,
  );
  cookies.owner = await signIn('owner@report-shop.test');
  cookies.stranger = await signIn('stranger@other-shop.test');
}, 240_000);

afterAll(async () => {
  await platform?.stop();
});

describe('the click report page', () => {
  it('shows the owner the click in its month, on its day, on the product and in Switzerland', async () => {
    const { status, data } = await reportPage(cookies.owner, `?month=${clickMonth}&days=7`);
    expect(status).toBe(200);
    const headphones = catalogue.products.headphones;
    expect(data).toMatchObject({
      shop: { id: shopId, name: 'Report Audio' },
      months: [clickMonth],
      month: clickMonth,
      days: 7,
      errors: {},
      report: {
        month: clickMonth,
        total: 1,
        products: [{ productId: headphones.productId, name: headphones.name, clicks: 1 }],
        countries: [{ country: 'CH', clicks: 1 }],
      },
      recent: { total: 1 },
    });
    expect(data.report.daily.filter((d: { clicks: number }) => d.clicks > 0)).toEqual([{ day: clickDay, clicks: 1 }]);
    expect(data.report.daily[0].day).toBe(`${clickMonth}-01`);
    expect(data.recent.daily).toHaveLength(7);
    expect(data.recent.daily.at(-1)).toEqual({ day: clickDay, clicks: 1 });

    const html = await renderSitePage(
      reportRoute,
      'account/business/shops/:shop/clicks',
      get(reportPath(`?month=${clickMonth}&days=7`), cookies.owner),
    );
    expect(html).toContain(`<h1>Click report: Report Audio</h1>`);
    expect(html).toContain(`<option value="${clickMonth}" selected="">`);
    expect(html).toContain('<option value="7" selected="">Last 7 days</option>');
    expect(html).toContain(
      `<tr data-product="${headphones.productId}"><td class="number">1</td><td><a href="/en-ch/products/${headphones.productId}">${headphones.name}</a></td><td class="number">1</td></tr>`,
    );
    expect(html).toContain('<tr data-country="CH"><td>Switzerland</td><td class="number">1</td></tr>');
    expect(html).toContain(`<tr data-day="${clickDay}">`);
    expect(html).toContain(`href="/account/business/shops/${shopId}/clicks.csv?month=${clickMonth}"`);
    expect(html).toMatch(new RegExp(`<rect [^>]*data-day="${clickDay}" data-clicks="1">`));
  });

  it('is linked from the shop settings’ clicks as the full report', async () => {
    const html = await renderSitePage(
      settingsRoute,
      'account/business/shops/:shop',
      get(`/account/business/shops/${shopId}`, cookies.owner),
    );
    expect(html).toContain(`<a data-discover="true" href="/account/business/shops/${shopId}/clicks">Full report</a>`);
  });

  it('does not exist for another business account (404), and sends a visitor to sign in', async () => {
    expect((await reportPage(cookies.stranger)).status).toBe(404);
    const guest = await reportPage('');
    expect(guest.status).toBe(302);
    expect(guest.location).toContain('/login?redirect=');
  });

  it('refuses a month it does not keep or a period it does not offer with 400, naming the field at the form', async () => {
    const before = await reportPage(cookies.owner, '?month=2020-01');
    expect(before).toMatchObject({
      status: 400,
      data: { errors: { month: 'clickReport.errors.month' }, report: null },
    });
    const days = await reportPage(cookies.owner, '?days=365');
    expect(days).toMatchObject({ status: 400, data: { errors: { days: 'clickReport.errors.days' } } });
    const html = await renderSitePage(
      reportRoute,
      'account/business/shops/:shop/clicks',
      get(reportPath('?month=2026-13'), cookies.owner),
    );
    expect(html).toContain('Choose one of the months in the list.');
    expect(html).toContain('aria-invalid="true" aria-describedby="report-month-error"');
  });
});

describe('the month’s CSV', () => {
  it('downloads as a UTF-8 CSV that reads back to the recorded click: its day, product and country', async () => {
    const answer = await csv(cookies.owner, `?month=${clickMonth}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('Content-Disposition')).toBe(
      `attachment; filename="clicks-${shopId.replace(/[^\w-]/g, '_')}-${clickMonth}.csv"`,
    );
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows: Record<string, string>[] = parse(bytes, { bom: true, columns: true });
    const headphones = catalogue.products.headphones;
    expect(Object.keys(rows[0]!)).toEqual([
      'section',
      'month',
      'day',
      'product_id',
      'product_name',
      'product_url',
      'country',
      'clicks',
    ]);
    const days = rows.filter((row) => row.section === 'day');
    expect(days[0]?.day).toBe(`${clickMonth}-01`);
    expect(days.filter((row) => row.clicks !== '0')).toEqual([
      {
        section: 'day',
        month: clickMonth,
        day: clickDay,
        product_id: '',
        product_name: '',
        product_url: '',
        country: '',
        clicks: '1',
      },
    ]);
    expect(rows.filter((row) => row.section !== 'day')).toEqual([
      {
        section: 'product',
        month: clickMonth,
        day: '',
        product_id: headphones.productId,
        product_name: headphones.name,
        product_url: `${SITE}/en-ch/products/${headphones.productId}`,
        country: '',
        clicks: '1',
      },
      {
        section: 'country',
        month: clickMonth,
        day: '',
        product_id: '',
        product_name: '',
        product_url: '',
        country: 'CH',
        clicks: '1',
      },
    ]);
    // Every field quoted, records ended by CRLF.
    expect(bytes.toString('utf8').slice(1).split('\r\n')[0]).toBe(
      '"section","month","day","product_id","product_name","product_url","country","clicks"',
    );
  });

  it('is a 400 naming month for a month it does not keep or one that is no month, and 404 for another owner', async () => {
    for (const month of ['2020-01', '2026-13', 'last']) {
      const answer = await csv(cookies.owner, `?month=${month}`);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ errors: [{ field: 'month' }] });
    }
    expect((await csv(cookies.stranger, `?month=${clickMonth}`)).status).toBe(404);
  });
});

/**
 * Publishes counted ClickRecorded events as affiliates' click-out does (key click id, ids of one
 * run in sequence order), onto the platform's event log: the fold counts them as any click-out,
 * without an offer per product to click through /goto.
 */
async function recordClicks(clicks: readonly { shopId: string; productId: string }[], clickedAt: Date): Promise<void> {
  const bus = openEmbeddedEventBus({ path: join(platform.dataDir, 'events', 'log.sqlite') });
  // A click id as affiliates issues them: "ck_", a 13-character run, a 9-character sequence (base 36).
  const run = `${clickedAt.getTime().toString(36).padStart(9, '0')}webt`;
  try {
    await createEventPublisher(bus, 'affiliates').publishAll(
      clicks.map((click, i) => {
        const clickId = `ck_${run}${(i + 1).toString(36).padStart(9, '0')}`;
        const payload = ClickRecorded.fromPartial({
          clickId,
          click: {
            id: clickId,
            shopId: click.shopId,
            productId: click.productId,
            country: 'CH',
            counted: true,
            clickedAt,
          },
          recordedAt: clickedAt,
        });
        return { type: Events.clickRecorded, key: clickId, payload };
      }),
    );
  } finally {
    await bus.close();
  }
}

describe('a month with more than 100 products clicked', () => {
  /** 130 products; product i clicked (i % 3) + 1 times, so the list's order is by clicks, then by id. */
  const PRODUCTS = 130;
  const productIds = Array.from({ length: PRODUCTS }, (_, i) => `pr_many_${String(i).padStart(3, '0')}`);
  const clicksOf = (i: number) => (i % 3) + 1;
  const ranked = productIds
    .map((productId, i) => ({ productId, clicks: clicksOf(i) }))
    .sort((a, b) => b.clicks - a.clicks || (a.productId < b.productId ? -1 : 1));
  let manyShopId = '';
  let month = '';

  beforeAll(async () => {
    const offers = createServiceClient(OffersServiceService, platform.addresses.offers);
    const { shop } = await offers.registerShop(
      RegisterShopRequest.fromPartial({
        actorUserId: ownerId,
        name: 'Report Many',
        homepageUrl: 'https://report-many.example/',
        company: 'Report Audio GmbH',
        email: 'info@report-many.example',
        address: { line1: 'Seestrasse 2', zipCode: '8002', city: 'Zürich', country: 'CH' },
        phone: '+41 44 000 00 01',
        countries: ['CH'],
        termsAccepted: true,
      }),
    );
    manyShopId = shop?.id ?? '';
    const clickedAt = new Date();
    month = clickedAt.toISOString().slice(0, 7);
    await recordClicks(
      productIds.flatMap((productId, i) =>
        Array.from({ length: clicksOf(i) }, () => ({ shopId: manyShopId, productId })),
      ),
      clickedAt,
    );
    const { monthClicks } = await import('~/data/click-report.server');
    await eventually('the clicks to be folded', async () => {
      const report = await monthClicks(ownerId, manyShopId, { month, language: 'en' }).catch(() => null);
      return report?.productCount === PRODUCTS && report.total === ranked.reduce((sum, p) => sum + p.clicks, 0)
        ? true
        : undefined;
    });
  }, 120_000);

  it('the CSV lists every product of the month, most clicks first, then by id', async () => {
    const answer = await Promise.resolve(
      csvRoute.loader({
        request: get(`/account/business/shops/${manyShopId}/clicks.csv?month=${month}`, cookies.owner),
        params: { shop: manyShopId },
        context: {},
      }),
    );
    expect(answer.status).toBe(200);
    const rows: Record<string, string>[] = parse(Buffer.from(await answer.arrayBuffer()), { bom: true, columns: true });
    const products = rows.filter((row) => row.section === 'product');
    expect(products.map((row) => ({ productId: row.product_id, clicks: Number(row.clicks) }))).toEqual(ranked);
    expect(products[PRODUCTS - 1]).toMatchObject({
      product_name: '',
      product_url: `${SITE}/en-ch/products/${ranked[PRODUCTS - 1]!.productId}`,
    });
  });

  it('the page lists the 100 most clicked and says the CSV has all of them', async () => {
    const path = `/account/business/shops/${manyShopId}/clicks?month=${month}&days=7`;
    const { status, data } = await answerOf(() =>
      reportRoute.loader({ request: get(path, cookies.owner), params: { shop: manyShopId }, context: {} }),
    );
    expect(status).toBe(200);
    expect(data.report.productCount).toBe(PRODUCTS);
    expect(data.report.products.map((p: { productId: string }) => p.productId)).toEqual(
      ranked.slice(0, 100).map((p) => p.productId),
    );
    const html = await renderSitePage(reportRoute, 'account/business/shops/:shop/clicks', get(path, cookies.owner));
    expect(html).toContain('The 100 most clicked products of the month; the CSV lists all 130.');
  });
});
