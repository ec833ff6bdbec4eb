import { join } from 'node:path';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { createEventPublisher } from '@pc/kit/events/publisher';
import { createServiceClient } from '@pc/kit/grpc/client';
import { useTestIdentity } from '@pc/kit/identity/testing/test-identity';
import type { EventBus } from '@pc/kit/ports/event-bus';
import { eventually } from '@pc/kit/testing/eventually';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { FeedFetched } from '@pc/proto/crawler/events/v1/events';
import { FeedFetch, FeedFetchOutcome } from '@pc/proto/crawler/v1/types';
import { Events } from '@pc/proto/event-catalog';
import { OffersServiceService, RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import {
  answerOf,
  newStaffUser,
  renderPage,
  signInToPanel,
  type RouteAnswer,
  type StaffSession,
} from './admin-panel-session';
import { startPlatform, type Platform } from './platform-harness';

/**
 * The crawler panel's failing feeds (web/admin/app/routes/crawler.failing-feeds.tsx) in one
 * process: loader and view as Remix runs them in the panel's frame, signed in through its
 * sign-in, over real gRPC to offers (ListFailingFeeds, ADR 128), the feeds failing by the
 * crawler's FeedFetched on the platform's event log. Staff see every failing feed across shops,
 * the longest failing first, each linked to its shop and its fetches; the admin panel's page of
 * a shop (web/admin/app/routes/admin.shops_.$shop.tsx) shows each feed's status and why it fails.
 */

// The admin app's calls sign as it does in production.
useTestIdentity('admin');

const PANEL = 'http://admin.test/admin/crawler';

type Route = typeof import('../admin/app/routes/crawler.failing-feeds');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's data, read by each test
type Answer = RouteAnswer<any>;
type Row = { shopId: string; shopName: string; feedId: string; url: string; reason: string; failingSince: string };

let platform: Platform;
let route: Route;
let layout: typeof import('../admin/app/routes/crawler');
let shopRoute: typeof import('../admin/app/routes/admin.shops_.$shop');
let adminLayout: typeof import('../admin/app/routes/admin');
let bus: EventBus;
let staff: StaffSession;
let adminOnly: StaffSession;
/** The bootstrap admin, who holds every panel. */
let rootAdmin: StaffSession;
const shops: Record<'early' | 'late', { shopId: string; feedId: string }> = {
  early: { shopId: '', feedId: '' },
  late: { shopId: '', feedId: '' },
};

const get = (search = '', who: StaffSession = staff) =>
  new Request(`${PANEL}/failing-feeds${search}`, { headers: { cookie: who.cookie } });
const load = (search = '', who: StaffSession = staff): Promise<Answer> =>
  answerOf(() => route.loader({ request: get(search, who), params: {}, context: {} }));
const render = async (search = ''): Promise<string> =>
  (
    await renderPage(route, 'failing-feeds', get(search), {
      id: 'routes/crawler',
      path: 'admin/crawler',
      module: layout,
    })
  ).replaceAll('<!-- -->', '');

/** The admin panel's page of a shop, in its frame. */
const renderShop = async (shopId: string, who: StaffSession): Promise<string> =>
  (
    await renderPage(
      shopRoute,
      'shops/:shop',
      new Request(`http://admin.test/admin/admin/shops/${shopId}`, { headers: { cookie: who.cookie } }),
      { id: 'routes/admin', path: 'admin/admin', module: adminLayout },
    )
  ).replaceAll('<!-- -->', '');

/** A directory shop with one feed, listed by staff. */
async function shopWithFeed(name: string, domain: string): Promise<{ shopId: string; feedId: string }> {
  const offers = createServiceClient(OffersServiceService, platform.addresses.offers);
  const { shop } = await offers.registerShop(
    RegisterShopRequest.fromPartial({
      actorUserId: platform.staffUserId,
      name,
      homepageUrl: `https://${domain}/`,
      countries: ['CH'],
      directoryListing: true,
      feedUrl: `https://${domain}/feed.csv`,
    }),
  );
  return { shopId: shop?.id ?? '', feedId: shop?.feeds[0]?.id ?? '' };
}

/** A failed fetch as the crawler publishes it. */
async function failed(shop: { shopId: string; feedId: string }, at: Date, fetch: Partial<FeedFetch>): Promise<void> {
  const payload = FeedFetched.fromPartial({
    shopId: shop.shopId,
    feedId: shop.feedId,
    fetch: FeedFetch.fromPartial({ id: `ff_${shop.feedId}_${at.getTime()}`, startedAt: at, finishedAt: at, ...fetch }),
    complete: false,
    fetchedAt: at,
  });
  await createEventPublisher(bus, 'crawler').publishAll([{ type: Events.feedFetched, key: payload.feedId, payload }]);
}

beforeAll(async () => {
  platform = await startPlatform();
  // Loaded now: the admin app's config reads the addresses the platform put in process.env.
  route = await import('../admin/app/routes/crawler.failing-feeds');
  layout = await import('../admin/app/routes/crawler');
  shopRoute = await import('../admin/app/routes/admin.shops_.$shop');
  adminLayout = await import('../admin/app/routes/admin');
  bus = openEmbeddedEventBus({ path: join(platform.dataDir, 'events', 'log.sqlite') });
  await newStaffUser(platform, 'crawler-staff@platform.test', AdminPanel.ADMIN_PANEL_CRAWLER);
  await newStaffUser(platform, 'admin-only@platform.test', AdminPanel.ADMIN_PANEL_ADMIN);
  staff = await signInToPanel('crawler', 'crawler-staff@platform.test', 'secret-pass');
  adminOnly = await signInToPanel('admin', 'admin-only@platform.test', 'secret-pass');
  rootAdmin = await signInToPanel('admin', 'root@platform.test', 'root-secret');

  shops.late = await shopWithFeed('Velo Zeit', 'velo-zeit.ch');
  shops.early = await shopWithFeed('Berg Licht', 'berg-licht.ch');
  const now = Date.now();
  await failed(shops.late, new Date(now - 3_600_000), {
    outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_FETCH_FAILED,
    error: 'limit:time: the fetch took longer than 120000 ms',
  });
  await failed(shops.early, new Date(now - 86_400_000), {
    outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_FETCH_FAILED,
    httpStatus: 404,
    error: 'http 404: the feed URL did not answer with a feed',
  });
  const offers = createServiceClient(OffersServiceService, platform.addresses.offers);
  await eventually(
    async () =>
      (await offers.listFailingFeeds({ actorUserId: platform.staffUserId, page: undefined })).feeds.length === 2,
    20_000,
  );
}, 120_000);

afterAll(async () => {
  await bus?.close();
  await platform?.stop();
});

describe('the crawler panel’s failing feeds', () => {
  it('lists every failing feed across shops, the longest failing first', async () => {
    const answer = await load();
    expect(answer.status).toBe(200);
    const rows: Row[] = answer.data.page.rows;
    expect(rows.map((row) => [row.shopName, row.url, row.reason])).toEqual([
      ['Berg Licht', 'https://berg-licht.ch/feed.csv', 'not_found'],
      ['Velo Zeit', 'https://velo-zeit.ch/feed.csv', 'timeout'],
    ]);
    expect(answer.data.page).toMatchObject({ page: 1, total: 2 });
  });

  it('renders each feed with its shop, its fetches, the reason and the crawler’s words', async () => {
    const html = await render();
    expect(html).toContain('Failing feeds');
    expect(html).toContain(`href="/admin/admin/shops/${shops.early.shopId}"`);
    expect(html).toContain(`href="/admin/crawler/feeds?shop=${shops.early.shopId}&amp;feed=${shops.early.feedId}"`);
    expect(html).toContain('Not found (404)');
    expect(html).toContain('Timeout');
    expect(html).toContain('limit:time: the fetch took longer than 120000 ms');
    expect(html).toContain('href="/admin/crawler/failing-feeds"'); // in the panel's navigation
    expect(html.indexOf('Berg Licht')).toBeLessThan(html.indexOf('Velo Zeit'));
  });

  it('asks offers for the page of the URL', async () => {
    const answer = await load('?page=2');
    expect(answer.data.page).toMatchObject({ rows: [], page: 2, total: 2, pages: 1 });
  });

  it('is the crawler panel’s: another panel’s staff are sent to sign in', async () => {
    expect((await load('', adminOnly)).status).toBe(302);
  });
});

describe('the admin panel’s shop page', () => {
  it('shows each feed’s status, since when and why it fails, linked to its fetches', async () => {
    const [early] = (await load()).data.page.rows as Row[];
    const html = await renderShop(shops.early.shopId, rootAdmin);
    expect(html).toContain('<h2>Feeds</h2>');
    expect(html).toContain(
      `<a href="/admin/crawler/feeds?shop=${shops.early.shopId}&amp;feed=${shops.early.feedId}">https://berg-licht.ch/feed.csv</a>`,
    );
    expect(html).toContain('<td>Failing</td>');
    expect(html).toContain(
      `<time dateTime="${early?.failingSince}">${early?.failingSince.slice(0, 16).replace('T', ' ')}</time>`,
    );
    expect(html).toContain('<td>Not found (404)</td>');
    expect(html).toContain('<td>http 404: the feed URL did not answer with a feed; the feed could not be fetched</td>');
  });

  it('names the feed without a link for staff who do not hold the crawler panel', async () => {
    const html = await renderShop(shops.late.shopId, adminOnly);
    expect(html).toContain('<td>https://velo-zeit.ch/feed.csv</td>');
    expect(html).not.toContain('href="/admin/crawler/feeds');
    expect(html).toContain('<td>Timeout</td>');
  });
});
