import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { createServiceClient } from '@pc/kit/grpc/client';
import { useTestIdentity } from '@pc/kit/identity/testing/test-identity';
import {
  answerOf,
  newStaffUser,
  renderPage,
  signInToPanel,
  type RouteAnswer,
  type StaffSession,
} from './admin-panel-session';
import { seedCatalogue, type Catalogue } from './platform-fixture';
import { startPlatform, type Platform } from './platform-harness';

/**
 * The admin panel's page of one shop's offers (web/admin/app/routes/admin.shops_.$shop_.offers.tsx)
 * in one process: loader and view as Remix runs them, signed in through the panel's sign-in, over
 * real gRPC to offers (ListOwnShopOffers, ADR 115), filled through the crawler's ingest path.
 * Staff answering a shop see what its owner sees: its listed offers beside the lowest price of
 * their product in their country, and the not-listed ones with why.
 */

// The admin app's calls sign as it does in production.
useTestIdentity('admin');

type Route = typeof import('../admin/app/routes/admin.shops_.$shop_.offers');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's data, read by each test
type Answer = RouteAnswer<any>;
type Row = { id: string; title: string; country: string; lowest: string; cheapest: boolean; reason: string };

let platform: Platform;
let route: Route;
let catalogue: Catalogue;
let staff: StaffSession;
let shoppingOnly: StaffSession;

const pageOf = (shopId: string) => `http://admin.test/admin/admin/shops/${shopId}/offers`;

const load = (shopId: string, search = '', who: StaffSession = staff): Promise<Answer> =>
  answerOf(() =>
    route.loader({
      request: new Request(`${pageOf(shopId)}${search}`, { headers: { cookie: who.cookie } }),
      params: { shop: shopId },
      context: {},
    }),
  );

const rows = (answer: Answer): Row[] => answer.data.table.page.rows;

/** The page as the app renders it, for the signed-in staff user. */
const render = (shopId: string, search = '') =>
  renderPage(
    route,
    'admin/admin/shops/:shop/offers',
    new Request(`${pageOf(shopId)}${search}`, { headers: { cookie: staff.cookie } }),
  );

beforeAll(async () => {
  platform = await startPlatform();
  // Loaded now: the admin app's config reads the addresses the platform put in process.env.
  route = await import('../admin/app/routes/admin.shops_.$shop_.offers');
  catalogue = await seedCatalogue(platform);
  await newStaffUser(platform, 'shop-staff@platform.test', AdminPanel.ADMIN_PANEL_ADMIN);
  await newStaffUser(platform, 'shopping-only@platform.test', AdminPanel.ADMIN_PANEL_SHOPPING);
  staff = await signInToPanel('admin', 'shop-staff@platform.test', 'secret-pass');
  shoppingOnly = await signInToPanel('shopping', 'shopping-only@platform.test', 'secret-pass');
  expect(staff.csrf).not.toBe('');
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('the admin panel’s offers of a shop', () => {
  it('lists the listed offers, each beside its product’s lowest price in its country', async () => {
    const answer = await load(catalogue.shopIds.rheinmarkt);
    expect(answer.status).toBe(200);
    expect(answer.data.table).toMatchObject({ state: 'listed', listedCount: 3, notListedCount: 0 });
    const byCountry = rows(answer).map((row) => [row.country, row.lowest, row.cheapest]);
    // Its headphones in CH cost more than Alpenhaus's; in DE and for the Bose it is the only offer.
    expect(byCountry).toEqual(
      expect.arrayContaining([
        ['CH', 'CHF 279.00', false],
        ['DE', 'EUR 299.00', true],
        ['CH', 'CHF 379.00', true],
      ]),
    );
    const html = await render(catalogue.shopIds.rheinmarkt);
    expect(html).toContain('Listed (3)');
    expect(html).toContain('CHF 279.00 of 2 offers');
  });

  it('lists an offer staff hid under "not listed", with their reason', async () => {
    const bose = rows(await load(catalogue.shopIds.rheinmarkt)).find((row) => row.lowest === 'CHF 379.00');
    const offers = createServiceClient(OffersServiceService, platform.addresses.offers);
    await offers.setOfferHidden({
      actorUserId: platform.staffUserId,
      offerId: bose?.id ?? '',
      hidden: true,
      reason: 'Counterfeit reported',
    });
    const answer = await load(catalogue.shopIds.rheinmarkt, '?state=not-listed');
    expect(answer.data.table).toMatchObject({ state: 'not-listed', listedCount: 2, notListedCount: 1 });
    expect(rows(answer)).toEqual([expect.objectContaining({ id: bose?.id, reason: 'hidden' })]);
    expect(await render(catalogue.shopIds.rheinmarkt, '?state=not-listed')).toContain(
      'no: hidden (Counterfeit reported)',
    );
  });

  it('is the admin panel’s: another panel’s staff and an unknown shop are refused', async () => {
    expect((await load(catalogue.shopIds.alpenhaus, '', shoppingOnly)).status).toBe(302);
    expect((await load('sh_unknown')).status).toBe(404);
  });
});
