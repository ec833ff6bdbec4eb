import { createServiceClient } from '@pc/kit/grpc/client';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { AffiliatesServiceService } from '@pc/proto/affiliates/v1/affiliates';
import { ClickOrigin } from '@pc/proto/affiliates/v1/types';
import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import { ListOffersRequest, OffersServiceService } from '@pc/proto/offers/v1/offers';
import { NotificationsServiceService } from '@pc/proto/notifications/v1/notifications';
import { AlertKind, Channel } from '@pc/proto/notifications/v1/types';
import { startAccountSite, type AccountSite } from './account-site';
import type { BrowserSession } from './browser-session';
import { renderSitePage } from './site-page';

/**
 * "Download your data" (ADR 148) over the real services, each started from its app.ts: Anna keeps
 * a favourite with a note, a price alert, a compare pick, a recently viewed product, a product
 * review and a click-out; Bruno keeps
 * his own, and a list of 250 products. Anna's /account/data.json is a JSON attachment no cache
 * keeps, holding her profile and each of those, named in the page's language, and nothing of
 * Bruno's; Bruno's holds his long list whole. A visitor goes to login and comes back; with
 * notifications down the answer is a 503 to try again, never a copy without the alerts.
 */

type DataRoute = typeof import('~/routes/account.data[.]json');
type AccountRoute = typeof import('~/routes/account._index');

const SITE = 'http://site.test';
const MANY = 250;

let site: AccountSite;
let dataRoute: DataRoute;
let accountRoute: AccountRoute;
const cookies = { anna: '', bruno: '' };
const ids = { anna: '', bruno: '' };

const cookieOf = (session: BrowserSession) =>
  [...session.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');

/** The route's answer, thrown (a redirect) or returned. */
const download = (cookie: string, extraCookie = '') =>
  Promise.resolve(
    dataRoute.loader({
      request: new Request(`${SITE}/account/data.json`, {
        headers: { cookie: [cookie, extraCookie].filter(Boolean).join('; ') },
      }),
      params: {},
      context: {},
    }),
  ).catch((thrown: unknown) => thrown) as Promise<Response>;

beforeAll(async () => {
  site = await startAccountSite();
  dataRoute = await import('~/routes/account.data[.]json');
  accountRoute = await import('~/routes/account._index');
  await import('~/i18n/messages.server');
  const { headphones, bose, earbuds } = site.catalogue.products;
  const accounts = createServiceClient(AccountsServiceService, site.platform.addresses.accounts);
  const notifications = createServiceClient(NotificationsServiceService, site.platform.addresses.notifications);

  for (const [who, email] of [
    ['anna', 'anna@data-copy.test'],
    ['bruno', 'bruno@data-copy.test'],
  ] as const) {
    cookies[who] = cookieOf(await site.signedIn(email));
    const { user } = await accounts.login({ email, password: 'secret-pass', rememberMe: false, client: undefined });
    ids[who] = user?.id ?? '';
  }

  await accounts.addFavourite({
    actorUserId: ids.anna,
    listId: '',
    productId: headphones.productId,
    note: 'for the train',
  });
  await notifications.createPriceAlert({
    actorUserId: ids.anna,
    productId: bose.productId,
    country: 'CH',
    kind: AlertKind.ALERT_KIND_TARGET_PRICE,
    targetPrice: { amountMinor: 19_900, currency: 'CHF' },
    dropPercent: 0,
    rearmAutomatically: false,
    channels: [Channel.CHANNEL_PUSH],
  });
  await accounts.setComparePicks({ actorUserId: ids.anna, productIds: [bose.productId, headphones.productId] });
  // Anna follows an offer while signed in: affiliates records the click with her user.
  const { offers: listed } = await createServiceClient(OffersServiceService, site.platform.addresses.offers).listOffers(
    ListOffersRequest.fromPartial({ productId: headphones.productId, country: 'CH' }),
  );
  const click = await createServiceClient(AffiliatesServiceService, site.platform.addresses.affiliates).resolveClickOut(
    {
      locationId: listed[0]?.locationId ?? '',
      origin: ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE,
      productId: headphones.productId,
      country: 'CH',
      language: 'en',
      userId: ids.anna,
      visitorId: 'visitor-anna',
      ip: '203.0.113.10',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      referrer: '',
      placement: 'offer',
    },
  );
  expect(click.clickId).not.toBe('');
  await createServiceClient(CatalogServiceService, site.platform.addresses.catalog).addReview({
    actorUserId: ids.anna,
    productId: headphones.productId,
    author: 'Anna M.',
    rating: 4,
    title: 'Quiet',
    body: 'Quiet and light on the train.',
    language: 'en',
    sourceDomain: '',
    sourceReviewId: '',
    sourceUrl: '',
    publishedAt: undefined,
  });
  await accounts.recordRecentlyViewed({
    actorUserId: ids.anna,
    items: [{ productId: earbuds.productId, viewedAt: undefined }],
  });

  await accounts.addFavourite({
    actorUserId: ids.bruno,
    listId: '',
    productId: earbuds.productId,
    note: 'brunos note',
  });
  // More than two pages of a list (the services answer at most 100 a page): the copy holds them all.
  const { list: many } = await accounts.createFavouriteList({ actorUserId: ids.bruno, name: 'Many', public: false });
  for (let i = 0; i < MANY; i += 1)
    await accounts.addFavourite({
      actorUserId: ids.bruno,
      listId: many?.id ?? '',
      productId: `gone-${String(i).padStart(3, '0')}`,
      note: '',
    });
  await notifications.createPriceAlert({
    actorUserId: ids.bruno,
    productId: headphones.productId,
    country: 'CH',
    kind: AlertKind.ALERT_KIND_BACK_IN_STOCK,
    targetPrice: undefined,
    dropPercent: 0,
    rearmAutomatically: false,
    channels: [Channel.CHANNEL_PUSH],
  });
}, 180_000);

afterAll(async () => {
  await site?.platform.stop();
});

describe('the account page', () => {
  it('offers the download in a section of its own before "Delete account"', async () => {
    const html = await renderSitePage(
      accountRoute,
      'account',
      new Request(`${SITE}/account`, { headers: { cookie: cookies.anna } }),
    );
    expect(html).toContain('<h2 id="data-heading">Your data</h2>');
    expect(html).toMatch(/<a class="button" href="\/account\/data\.json" download="">Download your data \(JSON\)<\/a>/);
    expect(html.indexOf('id="data-heading"')).toBeLessThan(html.indexOf('id="delete-heading"'));
  });
});

describe('GET /account/data.json', () => {
  it('answers a JSON attachment named by the day, which no cache keeps', async () => {
    const answer = await download(cookies.anna);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    const day = new Date().toISOString().slice(0, 10);
    expect(answer.headers.get('Content-Disposition')).toBe(`attachment; filename="pricecompare-data-${day}.json"`);
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('holds the profile, the favourite, the alert, the compare picks and the recently viewed product', async () => {
    const copy = await (await download(cookies.anna)).json();
    const { headphones, bose, earbuds } = site.catalogue.products;
    expect(copy.format_version).toBe(1);
    expect(Date.parse(copy.exported_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(copy.profile).toMatchObject({
      id: ids.anna,
      name: 'Anna Muster',
      email: 'anna@data-copy.test',
      is_business: false,
    });
    expect(Date.parse(copy.profile.created_at)).toBeGreaterThan(0);
    expect(copy.favourite_lists).toEqual([
      expect.objectContaining({
        is_default: true,
        items: [
          {
            product_id: headphones.productId,
            product_name: headphones.name,
            note: 'for the train',
            added_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          },
        ],
      }),
    ]);
    expect(copy.price_alerts).toEqual([
      expect.objectContaining({
        product_id: bose.productId,
        product_name: bose.name,
        country: 'CH',
        kind: 'target_price',
        target_price: { amount: 19_900, currency: 'CHF' },
      }),
    ]);
    expect(copy.compare_picks).toEqual([
      { product_id: bose.productId, product_name: bose.name },
      { product_id: headphones.productId, product_name: headphones.name },
    ]);
    expect(copy.recently_viewed).toEqual([
      expect.objectContaining({ product_id: earbuds.productId, product_name: earbuds.name }),
    ]);
    expect(copy.product_reviews).toEqual([
      expect.objectContaining({
        product_id: headphones.productId,
        product_name: headphones.name,
        author: 'Anna M.',
        rating: { value: 4 },
        body: 'Quiet and light on the train.',
      }),
    ]);
    expect(copy.shop_reviews).toEqual([]);
    expect(copy.clicks).toEqual([
      expect.objectContaining({
        kind: 'offer',
        product_id: headphones.productId,
        product_name: headphones.name,
        country: 'CH',
        origin: 'product_page',
        device: 'desktop',
      }),
    ]);
    expect(copy.push_subscriptions).toEqual([]);
    expect(copy.business).toBeNull();
  });

  it('holds where Anna is signed in, from the site and the test’s own sign-in, and no session token', async () => {
    const copy = await (await download(cookies.anna)).json();
    expect(copy.sessions).toHaveLength(2);
    expect(copy.sessions[0]).toEqual(
      expect.objectContaining({ remembered: false, last_active_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }),
    );
    const token = /pc_session=([^;]+)/.exec(cookies.anna)?.[1] ?? '';
    expect(token).not.toBe('');
    expect(JSON.stringify(copy)).not.toContain(decodeURIComponent(token));
  });

  it('holds nothing of another user', async () => {
    const text = await (await download(cookies.anna)).text();
    expect(text).not.toContain(ids.bruno);
    expect(text).not.toContain('bruno@data-copy.test');
    expect(text).not.toContain('brunos note');
    expect(text).not.toContain('back_in_stock');
    const bruno = await (await download(cookies.bruno)).json();
    expect(bruno.profile.email).toBe('bruno@data-copy.test');
    const defaultList = bruno.favourite_lists.find((list: { is_default: boolean }) => list.is_default);
    expect(defaultList.items).toEqual([expect.objectContaining({ note: 'brunos note' })]);
    expect(JSON.stringify(bruno)).not.toContain(ids.anna);
    expect(bruno.product_reviews).toEqual([]);
    expect(bruno.clicks).toEqual([]);
  });

  it('holds every product of a long list, past the services’ pages, unnamed when the catalogue has none', async () => {
    const bruno = await (await download(cookies.bruno)).json();
    const many = bruno.favourite_lists.find((list: { name: string }) => list.name === 'Many');
    expect(many.items).toHaveLength(MANY);
    const products = new Set(many.items.map((item: { product_id: string }) => item.product_id));
    expect(products.size).toBe(MANY);
    expect(products.has('gone-000')).toBe(true);
    expect(products.has(`gone-${MANY - 1}`)).toBe(true);
    expect(many.items[0].product_name).toBeNull();
  });

  it('sends a visitor to login, to come back to the download', async () => {
    const answer = await download('');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe(`/en-ch/login?redirect=${encodeURIComponent('/account/data.json')}`);
  });

  it('answers 503 in the page’s language, and no partial copy, while a service cannot answer', async () => {
    await site.platform.stopService('notifications');
    const answer = await download(cookies.anna);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    expect(answer.headers.get('Content-Disposition')).toBeNull();
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await answer.text()).toBe('Your data could not be gathered just now. Please try again in a few minutes.');
    const german = await download(cookies.anna, 'lang=de');
    expect(await german.text()).toBe(
      'Ihre Daten konnten gerade nicht zusammengestellt werden. Bitte versuchen Sie es in einigen Minuten noch einmal.',
    );
  });
});
