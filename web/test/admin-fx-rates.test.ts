import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { AuditServiceService } from '@pc/proto/staff/v1/audit';
import { createServiceClient } from '@pc/kit/grpc/client';
import { useTestIdentity } from '@pc/kit/identity/testing/test-identity';
import {
  answerOf,
  renderPage,
  newStaffUser,
  signInToPanel,
  type RouteAnswer,
  type StaffSession,
} from './admin-panel-session';
import { startPlatform, type Platform } from './platform-harness';

/**
 * The admin panel's FX rates page (web/admin/app/routes/admin.fx-rates.tsx) in one process: its
 * loader, action and view as Remix runs them, signed in through the panel's own sign-in, over real
 * gRPC to offers (which stores, checks staff:admin and audits) and accounts. The page lists the
 * rates with their age (stale ones flagged), sets one rate by hand or the ECB's daily file after a
 * confirm step, and refuses bad input beside its field with nothing written.
 */

// The admin app's calls sign as it does in production (a user front: the staff user travels signed).
useTestIdentity('admin');

const ADMIN = 'http://admin.test/admin/admin';
const PAGE = `${ADMIN}/fx-rates`;
const DAY = 86_400_000;
const MONTHS = 'January February March April May June July August September October November December'.split(' ');
const today = () => new Date().toISOString().slice(0, 10);

/** A day as the ECB's daily file writes it: "06 December 2026". */
const ecbDay = (date: Date) =>
  `${String(date.getUTCDate()).padStart(2, '0')} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;

/** The ECB's daily file as published (spaces after commas, a trailing comma), cut to four currencies. */
const eurofxrefCsv = (date: Date) => `Date, USD, JPY, CHF, GBP, \n${ecbDay(date)}, 1.0541, 162.23, 0.9385, N/A, \n`;

type Route = typeof import('../admin/app/routes/admin.fx-rates');

/** A panel's cookie and the CSRF token its forms carry. */
type Staff = StaffSession;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's data, read by each test
type Answer = RouteAnswer<any>;

let platform: Platform;
let route: Route;
let readPanelSession: typeof import('../admin/app/auth/panel-cookie.server').readPanelSession;
let offers: ReturnType<typeof createServiceClient<typeof OffersServiceService>>;
let audit: ReturnType<typeof createServiceClient<typeof AuditServiceService>>;
let staff: Staff;
let staffId = '';

/** Signs in to the admin panel through its sign-in page, as a browser does. */
const signIn = (email: string, password: string) => signInToPanel('admin', email, password);

/** A POST of the page's form (multipart, as the upload form sends it; the CSRF token unless given). */
function formRequest(who: Staff, fields: Readonly<Record<string, string>>, file?: string): Request {
  const body = new FormData();
  body.set('_csrf', who.csrf);
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  if (file !== undefined) body.set('file', new File([file], 'eurofxref.csv', { type: 'text/csv' }));
  return new Request(PAGE, { method: 'POST', headers: { cookie: who.cookie }, body });
}

const load = (who: Staff = staff, query = '') =>
  answerOf(() =>
    route.loader({
      request: new Request(`${PAGE}${query}`, { headers: { cookie: who.cookie } }),
      params: {},
      context: {},
    }),
  );
const post = (fields: Readonly<Record<string, string>>, file?: string, who: Staff = staff) =>
  answerOf(() => route.action({ request: formRequest(who, fields, file), params: {}, context: {} }));

/** Posts the confirm step as the page renders it: the same fields again, with `_confirmed=1`. */
const confirm = (first: Answer) => {
  expect(first).toMatchObject({ status: 200, data: { stage: 'confirm' } });
  return post({ _intent: first.data.intent, _confirmed: '1', ...first.data.fields });
};

/** The page as the app renders it (loader, action and view, under a root that gives the language). */
const render = (request: Request): Promise<string> => renderPage(route, 'admin/admin/fx-rates', request);

/** Offers' stored rates in effect: pair, rate, source. */
const stored = async () =>
  (await offers.listFxRates({ actorUserId: staffId, at: undefined })).rates.map((entry) => [
    `${entry.rate?.baseCurrency}>${entry.rate?.quoteCurrency}`,
    entry.rate?.rate,
    entry.source,
  ]);

/** Offers' audit entries of FX rate writes, newest first. */
const auditEntries = async () =>
  (
    await audit.listAuditEntries({
      actorUserId: staffId,
      panel: 'admin',
      entityType: 'fx_rates',
      entityId: '',
      byUserId: '',
      action: '',
      page: undefined,
    })
  ).entries;

/** A new user holding one panel's role, granted by the platform's bootstrap admin; its id. */
const staffUser = (email: string, panel: AdminPanel) => newStaffUser(platform, email, panel);

beforeAll(async () => {
  platform = await startPlatform();
  // Loaded now: the admin app's config reads the addresses the platform put in process.env.
  route = await import('../admin/app/routes/admin.fx-rates');
  ({ readPanelSession } = await import('../admin/app/auth/panel-cookie.server'));
  offers = createServiceClient(OffersServiceService, platform.addresses.offers);
  audit = createServiceClient(AuditServiceService, platform.addresses.offers);
  await staffUser('fx-staff@platform.test', AdminPanel.ADMIN_PANEL_ADMIN);
  staff = await signIn('fx-staff@platform.test', 'secret-pass');
  expect(staff.csrf).not.toBe('');
  staffId = (await readPanelSession(new Request(PAGE, { headers: { cookie: staff.cookie } }), 'admin'))?.userId ?? '';
  // A fresh rate of the ECB and month-old ones of the seed (a cross pair among them).
  await offers.setFxRates({
    actorUserId: platform.staffUserId,
    source: 'ECB',
    rates: [{ baseCurrency: 'EUR', quoteCurrency: 'CHF', rate: '0.9412', asOf: new Date(Date.now() - DAY) }],
  });
  await offers.setFxRates({
    actorUserId: platform.staffUserId,
    source: 'seed',
    rates: [
      { baseCurrency: 'EUR', quoteCurrency: 'USD', rate: '1.05', asOf: new Date(Date.now() - 30 * DAY) },
      { baseCurrency: 'CHF', quoteCurrency: 'USD', rate: '1.2', asOf: new Date(Date.now() - 30 * DAY) },
    ],
  });
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('the admin panel’s FX rates page', () => {
  it('lists the rates in effect with their age and source, flagging those older than 7 days', async () => {
    const page = await load();
    expect(page.status).toBe(200);
    expect(page.data.rows).toEqual([
      expect.objectContaining({ base: 'CHF', quote: 'USD', rate: '1.2', source: 'seed', ageDays: 30, stale: true }),
      expect.objectContaining({ base: 'EUR', quote: 'CHF', rate: '0.9412', source: 'ECB', ageDays: 1, stale: false }),
      expect.objectContaining({ base: 'EUR', quote: 'USD', rate: '1.05', source: 'seed', ageDays: 30, stale: true }),
    ]);
    const html = await render(new Request(PAGE, { headers: { cookie: staff.cookie } }));
    expect(html).toContain('2 of 3 rates are older than 7 days');
    expect(html).toMatch(/<td>30 d · stale<\/td>/);
    expect(html).toMatch(/<td>1 d<\/td>/);
  });

  it("says that offers' ECB job refreshes the rates, from where and how often, before its first run", async () => {
    const page = await load();
    expect(page.data.ecbJob).toMatchObject({
      url: 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref.zip',
      intervalMs: 4 * 3_600_000,
      lastRun: null,
    });
    const html = await render(new Request(PAGE, { headers: { cookie: staff.cookie } }));
    expect(html).toContain(
      'Offers fetches the ECB’s daily reference rates every 4 h from https://www.ecb.europa.eu/stats/eurofxref/eurofxref.zip',
    );
    expect(html).toContain('It has not run yet.');
    expect(html).toMatch(/Next run \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./);
  });

  it('is the admin panel’s alone: another panel’s role cannot sign in to it, nor reach the page without a session', async () => {
    await staffUser('shopping-staff@platform.test', AdminPanel.ADMIN_PANEL_SHOPPING);
    const shopping = await signIn('shopping-staff@platform.test', 'secret-pass');
    expect(shopping.csrf).toBe('');
    expect(await load(shopping)).toMatchObject({ status: 302, location: expect.stringContaining('/admin/login') });
    expect(
      await post({ _intent: 'setRate', base: 'EUR', quote: 'SEK', rate: '11.2', asOf: today() }, undefined, shopping),
    ).toMatchObject({ status: 302, location: expect.stringContaining('/admin/login') });
    expect((await stored()).map(([pair]) => pair)).not.toContain('EUR>SEK');
  });

  it('sets one rate by hand after a confirm step: offers stores it (source manual) and audits it', async () => {
    const entriesBefore = (await auditEntries()).length;
    const first = await post({ _intent: 'setRate', base: 'eur', quote: 'gbp', rate: '0,8537', asOf: today() });
    expect(first.data.summary.changes).toEqual([{ label: 'EUR → GBP', before: '', after: '0.8537' }]);
    expect(await stored()).not.toContainEqual(['EUR>GBP', '0.8537', 'manual']);

    const done = await confirm(first);
    expect(done).toMatchObject({ status: 302 });
    expect(done.location).toBe(`/admin/fx-rates?done=1&stored=1&source=manual&day=${today()}`);
    expect(await stored()).toContainEqual(['EUR>GBP', '0.8537', 'manual']);
    expect((await stored()).map(([pair]) => pair)).not.toContain('GBP>EUR');
    const entries = await auditEntries();
    expect(entries).toHaveLength(entriesBefore + 1);
    expect(entries[0]).toMatchObject({ actorUserId: staffId, action: 'fx_rates.set', entityId: 'manual' });

    const page = await load(staff, new URL(done.location ?? '', PAGE).search);
    expect(page.data.justSet).toEqual({ count: 1, source: 'manual', day: today() });
    expect(page.data.rows).toContainEqual(
      expect.objectContaining({ base: 'EUR', quote: 'GBP', rate: '0.8537', ageDays: 0, stale: false }),
    );
  });

  it("uploads the ECB's daily CSV: every EUR → X rate, its inverse and the stored cross pairs in one SetFxRates, source ECB", async () => {
    const entriesBefore = (await auditEntries()).length;
    const first = await post({ _intent: 'uploadEcb' }, eurofxrefCsv(new Date()));
    expect(first).toMatchObject({
      status: 200,
      data: { stage: 'confirm', intent: 'ecb', fields: { asOf: today(), missing: 'GBP' } },
    });
    // What will be set, before and after (the ECB's EUR → CHF of the day before is replaced).
    expect(first.data.summary.changes).toEqual([
      { label: 'EUR → USD', before: expect.stringContaining('1.05'), after: '1.0541' },
      { label: 'USD → EUR', before: '', after: '0.9486765961' },
      { label: 'EUR → JPY', before: '', after: '162.23' },
      { label: 'JPY → EUR', before: '', after: '0.006164088' },
      { label: 'EUR → CHF', before: expect.stringContaining('0.9412'), after: '0.9385' },
      { label: 'CHF → EUR', before: '', after: '1.0655301012' },
      // The seed's CHF → USD would win over the route through EUR: set again as USD ÷ CHF.
      { label: 'CHF → USD', before: expect.stringContaining('1.2'), after: '1.1231752797' },
    ]);
    const confirmStep = await render(formRequest(staff, { _intent: 'uploadEcb' }, eurofxrefCsv(new Date())));
    expect(confirmStep).toContain(`Set 7 rates from the ECB as of ${today()}`);
    expect(await stored()).not.toContainEqual(['EUR>USD', '1.0541', 'ECB']);

    const done = await confirm(first);
    expect(done).toMatchObject({ status: 302 });
    expect(done.location).toBe(`/admin/fx-rates?done=1&stored=7&source=ECB&day=${today()}`);
    expect(await stored()).toEqual([
      ['CHF>EUR', '1.0655301012', 'ECB'],
      ['CHF>USD', '1.1231752797', 'ECB'],
      ['EUR>CHF', '0.9385', 'ECB'],
      ['EUR>GBP', '0.8537', 'manual'],
      ['EUR>JPY', '162.23', 'ECB'],
      ['EUR>USD', '1.0541', 'ECB'],
      ['JPY>EUR', '0.006164088', 'ECB'],
      ['USD>EUR', '0.9486765961', 'ECB'],
    ]);
    // One write, one audit entry with the seven rates.
    const entries = await auditEntries();
    expect(entries).toHaveLength(entriesBefore + 1);
    expect(entries[0]).toMatchObject({ actorUserId: staffId, action: 'fx_rates.set', entityId: 'ECB' });
    expect(JSON.parse(entries[0]?.afterJson ?? '{}').rates).toHaveLength(7);
    // Nothing is stale now, and what was set is marked.
    const html = await render(
      new Request(`${PAGE}${new URL(done.location ?? '', PAGE).search}`, { headers: { cookie: staff.cookie } }),
    );
    expect(html).toContain('Every rate is at most 7 days old.');
    expect(html).toContain(`7 rates stored (source ECB, as of ${today()})`);
    expect(html.match(/ECB · just set/g)).toHaveLength(7);
    // Conversions use it at once.
    const [converted] = (await offers.getFxRates({ baseCurrency: 'USD', quoteCurrencies: ['EUR'], at: undefined }))
      .rates;
    expect(converted?.rate).toBe('0.9486765961');
  });

  it('refuses a bad rate, code, day or file with a field error and writes nothing', async () => {
    const before = await stored();
    const entriesBefore = (await auditEntries()).length;

    const negative = await post({ _intent: 'setRate', base: 'EUR', quote: 'SEK', rate: '-11.2', asOf: today() });
    expect(negative).toMatchObject({ status: 400, data: { stage: 'errors', intent: 'setRate' } });
    expect(negative.data.errors).toEqual({
      rate: 'Enter a positive decimal number with at most 10 decimals, e.g. 0.9412.',
    });
    // Shown beside its input, the form keeping what was typed.
    const html = await render(
      formRequest(staff, { _intent: 'setRate', base: 'EUR', quote: 'SEK', rate: '-11.2', asOf: today() }),
    );
    expect(html).toMatch(
      /aria-describedby="rate-error"[^>]*value="-11.2"|value="-11.2"[^>]*aria-describedby="rate-error"/,
    );
    expect(html).toContain(
      '<span class="field-error" id="rate-error" role="alert">Enter a positive decimal number with at most 10 decimals, e.g. 0.9412.</span>',
    );
    // The confirm post is checked again: a rate that is no number never reaches offers.
    expect(
      await post({ _intent: 'setRate', _confirmed: '1', base: 'EUR', quote: 'SEK', rate: '11.2abc', asOf: today() }),
    ).toMatchObject({ status: 400, data: { errors: { rate: expect.any(String) } } });
    expect(
      (await post({ _intent: 'setRate', base: 'EURO', quote: 'EUR', rate: '0', asOf: '2026-02-30' })).data.errors,
    ).toEqual({
      base: 'Enter an ISO 4217 currency code such as CHF.',
      rate: expect.any(String),
      asOf: 'Enter a date (YYYY-MM-DD).',
    });
    expect(
      (await post({ _intent: 'setRate', base: 'CHF', quote: 'chf', rate: '1', asOf: today() })).data.errors,
    ).toEqual({
      quote: 'Must differ from the base currency.',
    });
    const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    expect(
      (await post({ _intent: 'setRate', base: 'EUR', quote: 'SEK', rate: '11.2', asOf: tomorrow })).data.errors,
    ).toEqual({
      asOf: 'Must not be after today.',
    });

    const notEcb = await post({ _intent: 'uploadEcb' }, 'name,price\nHeadphones,129.00\n');
    expect(notEcb).toMatchObject({ status: 400, data: { errors: { file: expect.stringContaining('Date, USD') } } });
    const badRate = await post({ _intent: 'uploadEcb' }, eurofxrefCsv(new Date()).replace('1.0541', '-1.0541'));
    expect(badRate).toMatchObject({ status: 400, data: { errors: { file: expect.stringContaining('USD') } } });
    expect(await post({ _intent: 'uploadEcb' })).toMatchObject({
      status: 400,
      data: { errors: { file: 'Choose the file.' } },
    });
    expect(await post({ _intent: 'uploadEcb' }, `Date, USD\n${'1'.repeat(70_000)}\n`)).toMatchObject({
      status: 413,
      data: { errors: { file: expect.stringContaining('larger') } },
    });
    // A form without the session's CSRF token is refused.
    expect(
      await post({ _intent: 'setRate', _csrf: 'forged', base: 'EUR', quote: 'SEK', rate: '11.2', asOf: today() }),
    ).toMatchObject({ status: 403 });

    expect(await stored()).toEqual(before);
    expect(await auditEntries()).toHaveLength(entriesBefore);
  });
});
