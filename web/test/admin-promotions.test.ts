import type { ComponentType } from 'react';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { AccountType, AdminPanel } from '@pc/proto/accounts/v1/types';
import { AffiliatesServiceService, ListPromotionsRequest } from '@pc/proto/affiliates/v1/affiliates';
import { PromotionStatus } from '@pc/proto/affiliates/v1/types';
import { OffersServiceService, RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import { AuditServiceService, ListAuditEntriesRequest } from '@pc/proto/staff/v1/audit';
import { createServiceClient } from '@pc/kit/grpc/client';
import { useTestIdentity } from '@pc/kit/identity/testing/test-identity';
import {
  answerOf as answerOfRoute,
  renderPage,
  signInToPanel,
  type RouteAnswer,
  type StaffSession,
} from './admin-panel-session';
import { startPlatform, type Platform } from './platform-harness';

/**
 * The admin app's promotions (affiliates panel), end to end in one process: the routes' loaders
 * and actions as Remix calls them, signed in through the panel's own sign-in, over real gRPC to
 * affiliates (which reads shops from offers and roles from accounts), each service started from
 * its app.ts with the embedded adapters; then the site's promotions page as the BFF loads it.
 */

// The admin app's calls sign as it does in production.
useTestIdentity('admin');

const DAY = 86_400_000;
const ADMIN = 'http://admin.test/admin/affiliates';
const ALL_STATUSES = [
  PromotionStatus.PROMOTION_STATUS_SCHEDULED,
  PromotionStatus.PROMOTION_STATUS_ACTIVE,
  PromotionStatus.PROMOTION_STATUS_ENDED,
];
const dayOf = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString().slice(0, 10);
const midnight = (day: string) => new Date(`${day}T00:00:00Z`);

type Loader = (args: LoaderFunctionArgs) => unknown;
type Action = (args: ActionFunctionArgs) => unknown;
type Staff = StaffSession;
/** What the promotions pages answer: a redirect, or data with its status. */
type Answer = RouteAnswer<
  Record<string, unknown> & {
    stage?: string;
    errors?: Record<string, string>;
    fields?: Record<string, string>;
    summary?: { title: string; changes: { label: string; before: string; after: string }[] };
  }
>;

let platform: Platform;
let affiliates: ReturnType<typeof createServiceClient<typeof AffiliatesServiceService>>;
let accounts: ReturnType<typeof createServiceClient<typeof AccountsServiceService>>;
let list: typeof import('../admin/app/routes/affiliates.promotions');
let page: typeof import('../admin/app/routes/affiliates.promotions_.$promotion');
let promotionsPage: typeof import('~/data/promotions.server').promotionsPage;
let siteContext: typeof import('~/site/site-context.server').siteContext;
let shopId = '';
let staff: Staff;
let promotionId = '';

const form = (url: string, cookie: string, fields: Readonly<Record<string, string>>) =>
  new Request(url, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

/** Runs a loader or action of the promotions pages. */
const answerOf = (run: () => unknown) => answerOfRoute<Answer['data']>(run);

/** Signs in to the affiliates panel through its sign-in page, as a browser does. */
const signIn = (email: string, password: string) => signInToPanel('affiliates', email, password);

/** Posts a form of a panel page to its action: confirmed (the confirm step's second post) unless told. */
const post = (
  route: { action: Action },
  path: string,
  params: Record<string, string>,
  who: Staff,
  fields: Readonly<Record<string, string>>,
  options: { confirmed?: boolean } = {},
) =>
  answerOf(() =>
    route.action({
      request: form(`${ADMIN}/${path}`, who.cookie, {
        _csrf: who.csrf,
        ...(options.confirmed === false ? {} : { _confirmed: '1' }),
        ...fields,
      }),
      params,
      context: {},
    }),
  );
const get = (route: { loader: Loader }, path: string, params: Record<string, string>, who: Staff) =>
  answerOf(() =>
    route.loader({
      request: new Request(`${ADMIN}/${path}`, { headers: { cookie: who.cookie } }),
      params,
      context: {},
    }),
  );

/**
 * The page as the app renders it (the route's loader, action and view, at `pattern`, under a root
 * that gives the language): for a GET of `path`, or for a POST of `fields` (the view then shows
 * the action's answer).
 */
const render = (
  route: { loader: Loader; action: Action; default: ComponentType },
  pattern: string,
  path: string,
  who: Staff,
  fields?: Readonly<Record<string, string>>,
): Promise<string> =>
  renderPage(
    route,
    `admin/affiliates/${pattern}`,
    fields
      ? form(`${ADMIN}/${path}`, who.cookie, { _csrf: who.csrf, _confirmed: '1', ...fields })
      : new Request(`${ADMIN}/${path}`, { headers: { cookie: who.cookie } }),
  );

const create = (fields: Readonly<Record<string, string>>, who = staff, options: { confirmed?: boolean } = {}) =>
  post(list, 'promotions', {}, who, { _intent: 'create', ...fields }, options);
const edit = (
  id: string,
  fields: Readonly<Record<string, string>>,
  who = staff,
  options: { confirmed?: boolean } = {},
) => post(page, `promotions/${id}`, { promotion: id }, who, { _intent: 'edit', ...fields }, options);
const stored = async (id: string) =>
  (await affiliates.getPromotion({ promotionId: id }, { asUser: platform.staffUserId })).promotion;
const promotionCount = async () =>
  (
    await affiliates.listPromotions(
      ListPromotionsRequest.fromPartial({ statuses: ALL_STATUSES, page: { page: 1, hitsPerPage: 100 } }),
    )
  ).page?.total ?? -1;
const siteTitles = async (locale: string) =>
  (await promotionsPage(siteContext(new Request(`http://site.test/${locale}/promotions`), locale))).promotions;

const start = dayOf(-DAY);
const end = dayOf(10 * DAY);
/** Every field of the new-promotion form. */
const complete = () => ({
  shopId,
  productId: 'p_headphones',
  brandSlug: 'Sony',
  title: 'Kopfhörer-Wochen',
  description: 'Zehn Prozent auf alle Kopfhörer.',
  url: 'https://alpenhaus.example/aktion/kopfhoerer',
  imageUrl: 'https://alpenhaus.example/img/kopfhoerer.jpg',
  code: 'HIFI15',
  discountPercent: '15',
  countries: 'ch, AT',
  language: 'DE',
  startsAt: start,
  endsAt: end,
});

beforeAll(async () => {
  platform = await startPlatform();
  // Loaded now: the admin app's and the BFF's configs read the addresses the platform put in process.env.
  list = await import('../admin/app/routes/affiliates.promotions');
  page = await import('../admin/app/routes/affiliates.promotions_.$promotion');
  ({ promotionsPage } = await import('~/data/promotions.server'));
  ({ siteContext } = await import('~/site/site-context.server'));
  affiliates = createServiceClient(AffiliatesServiceService, platform.addresses.affiliates);
  accounts = createServiceClient(AccountsServiceService, platform.addresses.accounts);
  const offers = createServiceClient(OffersServiceService, platform.addresses.offers);
  const { shop } = await offers.registerShop(
    RegisterShopRequest.fromPartial({
      actorUserId: platform.staffUserId,
      name: 'Alpenhaus Elektronik',
      homepageUrl: 'https://alpenhaus.example/',
      countries: ['CH', 'AT'],
      directoryListing: true,
    }),
  );
  shopId = shop?.id ?? '';
  staff = await signIn('root@platform.test', 'root-secret');
  expect(staff.csrf).not.toBe('');
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('the affiliates panel’s new promotion', () => {
  it('confirms first, then creates it with every field through affiliates, which audits it', async () => {
    const confirm = await create(complete(), staff, { confirmed: false });
    expect(confirm).toMatchObject({ status: 200, data: { stage: 'confirm' } });
    expect(confirm.data.summary?.title).toBe('Create the promotion Kopfhörer-Wochen');
    expect(confirm.data.summary?.changes).toEqual(
      expect.arrayContaining([
        { label: 'Shop', before: '', after: `Alpenhaus Elektronik (${shopId})` },
        { label: 'Landing page', before: '', after: 'https://alpenhaus.example/aktion/kopfhoerer' },
        { label: 'Countries', before: '', after: 'CH, AT' },
      ]),
    );
    expect(await promotionCount()).toBe(0);

    const created = await create(complete());
    expect(created.status).toBe(302);
    promotionId = /^\/affiliates\/promotions\/(\w+)\?done=1$/.exec(created.location ?? '')?.[1] ?? '';
    expect(promotionId).not.toBe('');
    // The list links it to its edit page.
    expect(await render(list, 'promotions', 'promotions', staff)).toContain(
      `<a href="/admin/affiliates/promotions/${promotionId}" aria-label="Edit Kopfhörer-Wochen">Kopfhörer-Wochen</a>`,
    );
    expect(await stored(promotionId)).toMatchObject({
      title: 'Kopfhörer-Wochen',
      description: 'Zehn Prozent auf alle Kopfhörer.',
      shopId,
      shopName: 'Alpenhaus Elektronik',
      productId: 'p_headphones',
      brandSlug: 'sony',
      url: 'https://alpenhaus.example/aktion/kopfhoerer',
      imageUrl: 'https://alpenhaus.example/img/kopfhoerer.jpg',
      code: 'HIFI15',
      discountPercent: 15,
      countries: ['CH', 'AT'],
      language: 'de',
      startsAt: midnight(start),
      endsAt: midnight(end),
      status: PromotionStatus.PROMOTION_STATUS_ACTIVE,
    });
    const audit = createServiceClient(AuditServiceService, platform.addresses.affiliates);
    const { entries } = await audit.listAuditEntries(
      ListAuditEntriesRequest.fromPartial({
        actorUserId: platform.staffUserId,
        panel: 'affiliates',
        entityType: 'promotion',
      }),
    );
    expect(entries.map((entry) => [entry.action, entry.entityId, entry.actorUserId])).toEqual([
      ['promotion.create', promotionId, platform.staffUserId],
    ]);
  });

  it('shows on the site’s promotions page of its countries, its click-out through affiliates', async () => {
    expect(await siteTitles('de-ch')).toEqual([
      expect.objectContaining({
        id: promotionId,
        title: 'Kopfhörer-Wochen',
        shop: 'Alpenhaus Elektronik',
        code: 'HIFI15',
        discountPercent: 15,
        href: `/goto/pr_${promotionId}?o=promotions&p=promotion`,
      }),
    ]);
    expect(await siteTitles('de-de')).toEqual([]);
  });

  it('refuses bad fields, each with its error beside its input, the posted values kept, and writes nothing', async () => {
    const refused = await create({
      ...complete(),
      title: ' ',
      url: 'javascript:alert(1)',
      imageUrl: 'ftp://alpenhaus.example/img.jpg',
      discountPercent: '120',
      countries: 'CH, Schweiz',
      startsAt: '2025-02-30',
    });
    expect(refused.status).toBe(400);
    expect(refused.data.errors).toEqual({
      title: 'Required.',
      url: 'Enter an http(s) address.',
      imageUrl: 'Enter an http(s) address.',
      discountPercent: 'Out of the allowed range.',
      countries: 'Not a valid value.',
      startsAt: 'Enter a date (YYYY-MM-DD).',
    });
    expect(refused.data.fields).toMatchObject({ url: 'javascript:alert(1)', countries: 'CH, Schweiz' });
    // Addresses as affiliates takes them: trimmed, http(s) only, at most 2,048 characters.
    expect(
      (await create({ ...complete(), url: `https://alpenhaus.example/${'a'.repeat(2_030)}` })).data.errors,
    ).toEqual({
      url: expect.stringMatching(/^At most/),
    });
    expect(
      (await create({ ...complete(), url: 'mailto:sale@alpenhaus.example', imageUrl: 'data:image/png;base64,AA' })).data
        .errors,
    ).toEqual({ url: 'Enter an http(s) address.', imageUrl: 'Enter an http(s) address.' });
    expect((await create({ ...complete(), endsAt: start, startsAt: end })).data.errors).toEqual({
      endsAt: 'Must be after the start.',
    });
    // The page shows each beside its input, with the posted value.
    const shown = await render(list, 'promotions', 'promotions', staff, {
      _intent: 'create',
      ...complete(),
      url: 'javascript:alert(1)',
      discountPercent: '120',
    });
    expect(shown).toMatch(/<input name="url"[^>]* value="javascript:alert\(1\)"/);
    expect(shown).toContain('<span class="field-error" id="url-error" role="alert">Enter an http(s) address.</span>');
    expect(shown).toContain(
      '<span class="field-error" id="discountPercent-error" role="alert">Out of the allowed range.</span>',
    );
    // A shop affiliates would not find (unknown, or not a listed one).
    const unknownShop = await create({ ...complete(), shopId: 'sh_nowhere' });
    expect(unknownShop).toMatchObject({ status: 400, data: { errors: { shopId: 'No listed shop has this id.' } } });
    expect(await promotionCount()).toBe(1);
  });

  it('shows affiliates’ own field violations beside their inputs, never an error page, and writes nothing', async () => {
    // What only affiliates judges: a repeated country, a brand that is no slug, an end before "now".
    const refused = await create({
      ...complete(),
      countries: 'CH, ch',
      brandSlug: 'Not a slug!',
      startsAt: '',
      endsAt: dayOf(-2 * DAY),
    });
    expect(refused.status).toBe(400);
    expect(refused.data.stage).toBe('errors');
    expect(refused.data.errors).toEqual({
      countries: expect.stringContaining('repeats the country "CH"'),
      brandSlug: expect.stringContaining('slug'),
      endsAt: expect.stringContaining('must be after'),
    });
    expect(await promotionCount()).toBe(1);
  });
});

describe('a promotion’s edit page', () => {
  it('shows every current value, the landing page included', async () => {
    const shown = await get(page, `promotions/${promotionId}`, { promotion: promotionId }, staff);
    expect(shown.status).toBe(200);
    expect(shown.data.promotion).toMatchObject({
      id: promotionId,
      title: 'Kopfhörer-Wochen',
      description: 'Zehn Prozent auf alle Kopfhörer.',
      url: 'https://alpenhaus.example/aktion/kopfhoerer',
      imageUrl: 'https://alpenhaus.example/img/kopfhoerer.jpg',
      shopName: 'Alpenhaus Elektronik',
      productId: 'p_headphones',
      brandSlug: 'sony',
      code: 'HIFI15',
      discountPercent: 15,
      countries: ['CH', 'AT'],
      language: 'de',
      startsAt: midnight(start).toISOString(),
      endsAt: midnight(end).toISOString(),
      status: 'active',
    });
    await expect(get(page, 'promotions/nope', { promotion: 'nope' }, staff)).resolves.toMatchObject({ status: 404 });
  });

  it('renders its form with the current values, and a refused edit with each error beside its input', async () => {
    const path = `promotions/${promotionId}`;
    const shown = await render(page, 'promotions/:promotion', path, staff);
    for (const [name, value] of Object.entries({
      title: 'Kopfhörer-Wochen',
      url: 'https://alpenhaus.example/aktion/kopfhoerer',
      imageUrl: 'https://alpenhaus.example/img/kopfhoerer.jpg',
      code: 'HIFI15',
      discountPercent: '15',
      countries: 'CH, AT',
      language: 'de',
      startsAt: start,
      endsAt: end,
    }))
      expect(shown).toMatch(new RegExp(`<input name="${name}"[^>]* value="${value}"`));
    expect(shown).toContain('>Zehn Prozent auf alle Kopfhörer.</textarea>');
    expect(shown).toContain(`Alpenhaus Elektronik<!-- --> (<!-- -->${shopId}<!-- -->)`);

    // The whole form, as the browser posts it.
    const fields = {
      _intent: 'edit',
      title: 'Kopfhörer-Wochen',
      description: 'Zehn Prozent auf alle Kopfhörer.',
      url: 'alpenhaus.example',
      imageUrl: 'https://alpenhaus.example/img/kopfhoerer.jpg',
      code: 'HIFI15',
      discountPercent: '15',
      countries: 'CH, AT',
      language: 'de',
      startsAt: start,
      endsAt: end,
    };
    const refused = await render(page, 'promotions/:promotion', path, staff, fields);
    expect(refused).toMatch(/<input name="url"[^>]* aria-describedby="url-error" value="alpenhaus.example"/);
    expect(refused).toContain('<span class="field-error" id="url-error" role="alert">Enter an http(s) address.</span>');
    // Affiliates' own violation, beside the input it names.
    const service = await render(page, 'promotions/:promotion', path, staff, {
      ...fields,
      url: 'https://alpenhaus.example/',
      countries: 'CH, ch',
    });
    expect(service).toMatch(/<span class="field-error" id="countries-error" role="alert">repeats the country/);
    expect(await stored(promotionId)).toMatchObject({ url: 'https://alpenhaus.example/aktion/kopfhoerer' });
  });

  it('changes every field after a confirm step of what changes; the site shows the change', async () => {
    const changed = {
      title: 'Kopfhörer-Wochen XL',
      description: '',
      url: ' https://alpenhaus.example/aktion/xl ',
      imageUrl: '',
      code: '',
      discountPercent: '20',
      countries: '',
      language: 'en',
      startsAt: start,
      endsAt: dayOf(20 * DAY),
    };
    const confirm = await edit(promotionId, changed, staff, { confirmed: false });
    expect(confirm.data.stage).toBe('confirm');
    expect(confirm.data.summary?.changes).toEqual(
      expect.arrayContaining([
        { label: 'Promotion', before: 'Kopfhörer-Wochen', after: 'Kopfhörer-Wochen XL' },
        { label: 'Countries', before: 'CH, AT', after: 'all' },
      ]),
    );
    expect(confirm.data.summary?.changes.map((row) => row.label)).not.toContain('Starts');

    const saved = await edit(promotionId, changed);
    expect(saved).toMatchObject({ status: 302, location: `/affiliates/promotions/${promotionId}?done=1` });
    expect(await stored(promotionId)).toMatchObject({
      title: 'Kopfhörer-Wochen XL',
      description: '',
      url: 'https://alpenhaus.example/aktion/xl',
      imageUrl: '',
      code: '',
      discountPercent: 20,
      countries: [],
      language: 'en',
      startsAt: midnight(start),
      endsAt: midnight(dayOf(20 * DAY)),
      // What the edit form does not change.
      shopId,
      productId: 'p_headphones',
      brandSlug: 'sony',
    });
    // For every country now.
    expect((await siteTitles('de-de')).map((promotion) => promotion.title)).toEqual(['Kopfhörer-Wochen XL']);
  });

  it('refuses a bad edit field by field, affiliates’ violations too, and changes nothing', async () => {
    const before = await stored(promotionId);
    const current = {
      title: 'Kopfhörer-Wochen XL',
      url: 'https://alpenhaus.example/aktion/xl',
      discountPercent: '20',
      countries: '',
      language: 'en',
      startsAt: start,
      endsAt: dayOf(20 * DAY),
    };
    expect((await edit(promotionId, { ...current, url: 'alpenhaus.example/xl', startsAt: '' })).data.errors).toEqual({
      url: 'Enter an http(s) address.',
      startsAt: 'Required.',
    });
    const service = await edit(promotionId, { ...current, countries: 'DE, de' });
    expect(service).toMatchObject({ status: 400, data: { stage: 'errors' } });
    expect(service.data.errors).toEqual({ countries: expect.stringContaining('repeats the country "DE"') });
    expect(await stored(promotionId)).toEqual(before);
  });

  it('makes a promotion open-ended again when its end is emptied, after the confirm step says so', async () => {
    const fields = {
      title: 'Kopfhörer-Wochen XL',
      url: 'https://alpenhaus.example/aktion/xl',
      discountPercent: '20',
      countries: '',
      language: 'en',
      startsAt: start,
      endsAt: '',
    };
    const confirm = await edit(promotionId, fields, staff, { confirmed: false });
    expect(confirm.data.summary?.changes).toEqual([{ label: 'Ends', before: dayOf(20 * DAY), after: 'open' }]);
    expect((await stored(promotionId))?.endsAt).toEqual(midnight(dayOf(20 * DAY)));
    expect(await edit(promotionId, fields)).toMatchObject({ status: 302 });
    expect((await stored(promotionId))?.endsAt).toBeUndefined();
    expect((await siteTitles('de-de')).map((promotion) => promotion.title)).toEqual(['Kopfhörer-Wochen XL']);
  });
});

describe('the staff role', () => {
  it('refuses a staff user without staff:affiliates: no sign-in, and no write with a session from before', async () => {
    const { user } = await accounts.register({
      name: 'Shopping Staff',
      email: 'shopping@platform.test',
      password: 'shopping-secret-1',
      passwordConfirmation: 'shopping-secret-1',
      phone: '',
      accountType: AccountType.ACCOUNT_TYPE_PERSONAL,
      company: '',
      termsAccepted: true,
      language: 'en',
      rememberMe: false,
      client: undefined,
    });
    const panels = (adminPanels: AdminPanel[]) =>
      accounts.setUserRoles({
        actorUserId: platform.staffUserId,
        userId: user?.id ?? '',
        isAdmin: true,
        isBusiness: undefined,
        replaceAdminPanels: true,
        adminPanels,
      });
    await panels([AdminPanel.ADMIN_PANEL_SHOPPING]);
    expect((await signIn('shopping@platform.test', 'shopping-secret-1')).csrf).toBe('');

    // Signed in while holding the role, which is then taken away.
    await panels([AdminPanel.ADMIN_PANEL_SHOPPING, AdminPanel.ADMIN_PANEL_AFFILIATES]);
    const former = await signIn('shopping@platform.test', 'shopping-secret-1');
    expect(former.csrf).not.toBe('');
    await panels([AdminPanel.ADMIN_PANEL_SHOPPING]);
    const before = await stored(promotionId);

    expect(await create({ ...complete(), title: 'Not mine' }, former)).toMatchObject({
      status: 403,
      data: { forbidden: 'affiliates' },
    });
    expect(
      await edit(promotionId, { title: 'Not mine', url: 'https://x.example/', startsAt: start }, former),
    ).toMatchObject({ status: 403 });
    expect(await get(page, `promotions/${promotionId}`, { promotion: promotionId }, former)).toMatchObject({
      status: 403,
    });
    expect(await promotionCount()).toBe(1);
    expect(await stored(promotionId)).toEqual(before);
  });
});
