import { createServiceClient } from '@pc/kit/grpc/client';
import { useTestIdentity } from '@pc/kit/identity/testing/test-identity';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { ListOffersRequest, OffersServiceService } from '@pc/proto/offers/v1/offers';
import {
  answerOf,
  newStaffUser,
  renderPage,
  signInToPanel,
  type RouteAnswer,
  type StaffSession,
} from './admin-panel-session';
import { seedHeldPrice, type HeldPrice } from './held-price-fixture';
import { startPlatform, type Platform } from './platform-harness';

/**
 * The shopping panel's held prices (web/admin/app/routes/shopping.held-prices.tsx, ADR 146) in one
 * process: loader, action and view as Remix runs them in the panel's frame, signed in through its
 * sign-in, over real gRPC to offers (ListHeldOffers, ConfirmOfferPrice). Three shops sell a product
 * at CHF 289, 299 and 309 and one at CHF 2.99, which offers holds back; shopping staff see it with
 * the others' median, confirm it after a confirm step, and offers then lists it without a hold.
 */

// The admin app's calls sign as it does in production.
useTestIdentity('admin');

const PAGE = 'http://admin.test/admin/shopping/held-prices';

type Route = typeof import('../admin/app/routes/shopping.held-prices');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's data, read by each test
type Answer = RouteAnswer<any>;

let platform: Platform;
let route: Route;
let layout: typeof import('../admin/app/routes/shopping');
let held: HeldPrice;
let staff: StaffSession;
let crawlerOnly: StaffSession;

const get = (search = '', who: StaffSession = staff) =>
  new Request(`${PAGE}${search}`, { headers: { cookie: who.cookie } });
const load = (search = '', who: StaffSession = staff): Promise<Answer> =>
  answerOf(() => route.loader({ request: get(search, who), params: {}, context: {} }));
const post = (fields: Readonly<Record<string, string>>, who: StaffSession = staff): Promise<Answer> => {
  const body = new FormData();
  body.set('_csrf', who.csrf);
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return answerOf(() =>
    route.action({
      request: new Request(PAGE, { method: 'POST', headers: { cookie: who.cookie }, body }),
      params: {},
      context: {},
    }),
  );
};
const render = async (request: Request = get()): Promise<string> =>
  (
    await renderPage(route, 'held-prices', request, { id: 'routes/shopping', path: 'admin/shopping', module: layout })
  ).replaceAll('<!-- -->', '');

/** The product's Swiss offers as offers lists them: shop name and whether the price is held. */
const listed = async () => {
  const offers = createServiceClient(OffersServiceService, platform.addresses.offers);
  const answer = await offers.listOffers(
    ListOffersRequest.fromPartial({ productId: held.productId, country: 'CH', page: { page: 1, hitsPerPage: 10 } }),
  );
  return answer.offers.map((offer) => [offer.shop?.name, offer.price?.amountMinor, Boolean(offer.priceHold)]);
};

beforeAll(async () => {
  platform = await startPlatform();
  // Loaded now: the admin app's config reads the addresses the platform put in process.env.
  route = await import('../admin/app/routes/shopping.held-prices');
  layout = await import('../admin/app/routes/shopping');
  await newStaffUser(platform, 'shopping-staff@platform.test', AdminPanel.ADMIN_PANEL_SHOPPING);
  await newStaffUser(platform, 'crawler-only@platform.test', AdminPanel.ADMIN_PANEL_CRAWLER);
  staff = await signInToPanel('shopping', 'shopping-staff@platform.test', 'secret-pass');
  crawlerOnly = await signInToPanel('crawler', 'crawler-only@platform.test', 'secret-pass');
  expect(staff.csrf).not.toBe('');
  held = await seedHeldPrice(platform);
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('the shopping panel’s held prices', () => {
  jest.setTimeout(60_000);

  it('lists the held offer: shop, country, the held price, the others’ median, since when', async () => {
    const answer = await load();
    expect(answer.status).toBe(200);
    expect(answer.data.page).toMatchObject({ page: 1, total: 1, pages: 1 });
    expect(answer.data.page.rows).toEqual([
      expect.objectContaining({
        id: held.heldOffer.id,
        shop: 'Rappen Discount',
        country: 'CH',
        price: 'CHF 2.99',
        median: 'CHF 299.00',
        compared: 3,
        heldSince: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      }),
    ]);
    const html = await render();
    expect(html).toContain('Held prices');
    expect(html).toContain('href="/admin/shopping/held-prices"'); // in the panel's navigation
    expect(html).toContain('CHF 299.00 (3 offers)');
    expect(html).toContain(`href="/admin/shopping/products/${held.productId}/offers#offer-${held.heldOffer.id}"`);
    expect(html).toContain('Confirm this price');
    expect((await load('?page=2')).data.page).toMatchObject({ rows: [], page: 2, total: 1 });
  });

  it('confirms the price after a confirm step; offers then lists it without a hold', async () => {
    const first = await post({ _intent: 'confirm', offerId: held.heldOffer.id });
    expect(first).toMatchObject({ status: 200, data: { stage: 'confirm', destructive: true } });
    expect(first.data.summary.title).toBe(
      'Confirm the price CHF 2.99 of Rappen Discount, Sennheiser Momentum 4 Wireless Headphones',
    );
    // Nothing is written before the confirmation.
    expect(await listed()).toContainEqual(['Rappen Discount', 299, true]);

    const done = await post({ _intent: 'confirm', _confirmed: '1', ...first.data.fields });
    expect(done).toMatchObject({ status: 302, location: '/shopping/held-prices?done=1' });
    expect(await listed()).toEqual([
      ['Rappen Discount', 299, false],
      ['Seeblick Audio', 28_900, false],
      ['Bergton', 29_900, false],
      ['Limmat Hifi', 30_900, false],
    ]);
    expect((await load('?done=1')).data.page.rows).toEqual([]);
  });

  it('refuses an offer that is not held, and staff without the shopping panel', async () => {
    expect(await post({ _intent: 'confirm', offerId: held.heldOffer.id })).toMatchObject({ status: 404 });
    expect(await post({ _intent: 'confirm', offerId: '' })).toMatchObject({
      status: 400,
      data: { errors: { offerId: expect.any(String) } },
    });
    expect((await load('', crawlerOnly)).status).toBe(302);
    const refused = await post({ _intent: 'confirm', _confirmed: '1', offerId: held.heldOffer.id }, crawlerOnly);
    expect(refused.status).toBe(302);
  });
});
