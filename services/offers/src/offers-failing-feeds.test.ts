import { status as GrpcStatus } from '@grpc/grpc-js';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { mongoDatabaseName } from '@pc/mongodb-document-store/database-name';
import { dropDatabase } from '@pc/mongodb-document-store/test-support/test-database';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { FeedFetched } from '@pc/proto/crawler/events/v1/events';
import { RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import { FeedStatus, ShopStatus } from '@pc/proto/offers/v1/types';
import { FETCH_NOT_FOUND, FETCH_TIMED_OUT, feedFetchedAfter, fetchSucceeded } from './test-support/feed-fetches.js';
import { OffersHarness } from './test-support/offers-harness.js';

const MINUTE_MS = 60_000;

/**
 * Staff's list of failing feeds across shops (ListFailingFeeds, ADR 128) over gRPC through the
 * real offers app, fed the crawler's FeedFetched: the shops with a failing feed, the longest
 * failing first, a recovered feed gone, paged by shop, for holders of staff:crawler only.
 */
function describeFailingFeeds(name: string, env: () => Record<string, string>, cleanUp: () => Promise<void>) {
  describe(`failing feeds across shops (ListFailingFeeds over gRPC, ${name})`, () => {
    let h: OffersHarness;
    let owner = '';
    let crawlerStaff = '';
    let shoppingStaff = '';
    let start = new Date();

    beforeAll(async () => {
      h = await OffersHarness.start(env());
      start = h.now();
      owner = await h.registerUser('owner@failing-feeds.test');
      crawlerStaff = await h.staffUser('crawler@failing-feeds.test', AdminPanel.ADMIN_PANEL_CRAWLER);
      shoppingStaff = await h.staffUser('shopping@failing-feeds.test', AdminPanel.ADMIN_PANEL_SHOPPING);
    });

    afterAll(async () => {
      await h.stop();
      await cleanUp();
    });

    /** Listed shops of the owner, one subscription paying for all, each with one feed. */
    async function ownShops(...names: [name: string, domain: string][]): Promise<{ shopId: string; feedId: string }[]> {
      const shops = [];
      for (const [name, domain] of names) {
        const { shop } = await h.offers.registerShop(
          RegisterShopRequest.fromPartial({
            actorUserId: owner,
            name,
            homepageUrl: `https://${domain}/`,
            company: `${name} AG`,
            address: { line1: 'Bahnhofstrasse 1', line2: '', zipCode: '8001', city: 'Zürich', country: 'CH' },
            email: `info@${domain}`,
            feedUrl: `https://${domain}/feed.csv`,
            termsAccepted: true,
            countries: ['CH'],
          }),
        );
        shops.push({ shopId: shop?.id ?? '', feedId: shop?.feeds[0]?.id ?? '' });
      }
      await h.paidFor(
        owner,
        shops.map((shop) => shop.shopId),
      );
      for (const { shopId } of shops)
        await h.offers.setShopStatus({
          shopId,
          actorUserId: h.staffUserId,
          status: ShopStatus.SHOP_STATUS_ACTIVE,
          confirmed: true,
          reason: 'feeds analysed',
        });
      return shops;
    }

    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE_MS);

    const fetched = feedFetchedAfter(() => start);
    const succeeded = fetchSucceeded(1);
    const notFound = FETCH_NOT_FOUND;
    const timedOut = FETCH_TIMED_OUT;

    const deliver = (...events: FeedFetched[]) => h.deliverFeedFetches(...events);

    const list = (actorUserId: string, page = 1, hitsPerPage = 0) =>
      h.offers.listFailingFeeds({ actorUserId, page: { page, hitsPerPage } });

    it('lists the failing feeds of every shop, the longest failing first, without recovered ones, paged by shop', async () => {
      const [alpen, berg, see] = (await ownShops(
        ['Alpen Velo', 'alpen-velo.ch'],
        ['Berg Sport', 'berg-sport.ch'],
        ['See Shop', 'see-shop.ch'],
      )) as [
        { shopId: string; feedId: string },
        { shopId: string; feedId: string },
        { shopId: string; feedId: string },
      ];
      // A second feed of Alpen Velo that fails later than its first.
      const second = await h.offers.addFeed({
        shopId: alpen.shopId,
        actorUserId: owner,
        url: 'https://alpen-velo.ch/feed-de.csv',
        format: 0,
        country: 'CH',
        currency: 'CHF',
        language: 'de',
        fetchIntervalMinutes: 0,
      });
      const alpenSecond = second.feed?.id ?? '';

      await deliver(
        fetched(alpen.shopId, alpen.feedId, 0, succeeded),
        fetched(alpen.shopId, alpen.feedId, 60, notFound),
        fetched(alpen.shopId, alpen.feedId, 120, timedOut),
        fetched(alpen.shopId, alpenSecond, 90, timedOut),
        fetched(berg.shopId, berg.feedId, 30, notFound),
        fetched(see.shopId, see.feedId, 10, notFound),
        // See Shop's feed works again: it leaves the list.
        fetched(see.shopId, see.feedId, 100, succeeded),
      );

      const all = await list(crawlerStaff);
      expect(
        all.feeds.map((row) => [row.shopName, row.feed?.url, row.failingSince, row.feed?.lastFetch?.failureReason]),
      ).toEqual([
        ['Berg Sport', 'https://berg-sport.ch/feed.csv', at(30), 'not_found'],
        ['Alpen Velo', 'https://alpen-velo.ch/feed.csv', at(60), 'timeout'],
        ['Alpen Velo', 'https://alpen-velo.ch/feed-de.csv', at(90), 'timeout'],
      ]);
      expect(all.feeds[0]).toMatchObject({ shopId: berg.shopId, shopStatus: ShopStatus.SHOP_STATUS_ACTIVE });
      // A suspended shop's failing feed stays on the list, with the shop's status.
      await h.offers.setShopStatus({
        shopId: alpen.shopId,
        actorUserId: h.staffUserId,
        status: ShopStatus.SHOP_STATUS_SUSPENDED,
        confirmed: true,
        reason: 'terms broken',
      });
      expect((await list(crawlerStaff)).feeds.map((row) => row.shopStatus)).toEqual([
        ShopStatus.SHOP_STATUS_ACTIVE,
        ShopStatus.SHOP_STATUS_SUSPENDED,
        ShopStatus.SHOP_STATUS_SUSPENDED,
      ]);
      expect(all.feeds[0]?.feed?.status).toBe(FeedStatus.FEED_STATUS_FAILING);
      expect(all.feeds[1]?.feed?.lastFetch?.message).toContain('limit:time');
      expect(all.page).toMatchObject({ page: 1, total: 2, pages: 1 });

      // One shop a page: Alpen Velo's two feeds come together on the second.
      const first = await list(crawlerStaff, 1, 1);
      expect(first.feeds.map((row) => row.shopId)).toEqual([berg.shopId]);
      expect(first.page).toMatchObject({ page: 1, hitsPerPage: 1, total: 2, pages: 2 });
      const next = await list(crawlerStaff, 2, 1);
      expect(next.feeds.map((row) => row.feed?.id)).toEqual([alpen.feedId, alpenSecond]);
      expect((await list(crawlerStaff, 3, 1)).feeds).toEqual([]);

      // Berg Sport's feed works again: only Alpen Velo's are left.
      await deliver(fetched(berg.shopId, berg.feedId, 150, succeeded));
      const after = await list(crawlerStaff);
      expect(after.feeds.map((row) => row.shopId)).toEqual([alpen.shopId, alpen.shopId]);
      expect(after.page?.total).toBe(1);
    });

    it('is for holders of staff:crawler only', async () => {
      await expect(list(owner)).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
      await expect(list(shoppingStaff)).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
      await expect(list('')).rejects.toMatchObject({ code: GrpcStatus.UNAUTHENTICATED });
    });

    it('refuses a bad page, naming the field', async () => {
      await expect(list(crawlerStaff, 1, 101)).rejects.toMatchObject({
        code: GrpcStatus.INVALID_ARGUMENT,
        details: expect.stringContaining('page.hits_per_page'),
      });
      await expect(list(crawlerStaff, -1)).rejects.toMatchObject({
        code: GrpcStatus.INVALID_ARGUMENT,
        details: expect.stringContaining('page.page'),
      });
    });
  });
}

describeFailingFeeds(
  'embedded engines',
  () => ({}),
  async () => undefined,
);

describeWithEngine('MONGODB_URI', 'failing feeds on MongoDB', (uri) => {
  const namespace = `ff-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  describeFailingFeeds(
    'MongoDB',
    () => ({ DOCUMENT_STORE: 'mongodb', MONGODB_URI: uri, PLATFORM_NAMESPACE: namespace }),
    () => dropDatabase(uri, mongoDatabaseName('offers', namespace)),
  );
});
