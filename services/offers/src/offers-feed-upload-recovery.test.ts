import { status as GrpcStatus } from '@grpc/grpc-js';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { mongoDatabaseName } from '@pc/mongodb-document-store/database-name';
import { dropDatabase } from '@pc/mongodb-document-store/test-support/test-database';
import { FeedHealth } from '@pc/proto/offers/events/v1/events';
import { IngestFeedRequest, RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import { FeedStatus, ShopStatus } from '@pc/proto/offers/v1/types';
import { FETCH_NOT_FOUND, feedFetchedAfter, fetchSucceeded } from './test-support/feed-fetches.js';
import { eventually, OffersHarness } from './test-support/offers-harness.js';

const HOUR_MS = 3_600_000;
const working = Buffer.from(
  'id,title,brand,gtin,mpn,price,link,availability\n' +
    'U-1,Upload Anvil,Acme,,UA-1,19.90 CHF,https://upload.test/u-1,in stock\n' +
    'U-2,Upload Hammer,Acme,,UH-2,29.90 CHF,https://upload.test/u-2,in stock\n',
);

/**
 * A failing URL feed repaired by its owner uploading a working file of it (IngestFeed with the
 * feed's id) counts as the feed working (ADR 129): the feed is ACTIVE with no failing run, its
 * ShopChanged carries `feed_health` RECOVERED and the owner gets one "recovered" mail at once,
 * under ADR 128's rules — a crawl failing again within the day is quiet, a working crawl after
 * the upload sends no second "recovered". Through the real offers and accounts apps over gRPC
 * and the mail outbox.
 */
function describeUploadRecovery(name: string, env: () => Record<string, string>, cleanUp: () => Promise<void>) {
  describe(`a failing feed repaired by an upload (IngestFeed over gRPC, ${name})`, () => {
    let h: OffersHarness;
    let owner = '';
    let start = new Date();
    const paid: string[] = [];
    const OWNER = 'mira@feed-upload.test';
    const fetched = feedFetchedAfter(() => start);
    const mailsAbout = (kind: string, shop: string) =>
      h.mail.all().filter((mail) => mail.to === OWNER && mail.kind === kind && mail.subject.includes(shop));

    beforeAll(async () => {
      h = await OffersHarness.start(env());
      start = h.now();
      owner = await h.registerUser(OWNER, false, 'de');
    });

    afterAll(async () => {
      await h.stop();
      await cleanUp();
    });

    /** A listed, paid-for shop of the owner with one URL feed. */
    async function listedShop(shopName: string, domain: string) {
      const { shop } = await h.offers.registerShop(
        RegisterShopRequest.fromPartial({
          actorUserId: owner,
          name: shopName,
          homepageUrl: `https://${domain}/`,
          company: `${shopName} AG`,
          address: { line1: 'Bahnhofstrasse 1', line2: '', zipCode: '8001', city: 'Zürich', country: 'CH' },
          email: `info@${domain}`,
          feedUrl: `https://${domain}/feed.csv`,
          termsAccepted: true,
          countries: ['CH'],
        }),
      );
      const shopId = shop?.id ?? '';
      paid.push(shopId);
      await h.paidFor(owner, [...paid]);
      await h.offers.setShopStatus({
        shopId,
        actorUserId: h.staffUserId,
        status: ShopStatus.SHOP_STATUS_ACTIVE,
        confirmed: true,
        reason: 'feeds analysed',
      });
      return { shopId, feedId: shop?.feeds[0]?.id ?? '' };
    }

    const upload = (shopId: string, feedId: string, dryRun = false) =>
      h.offers.ingestFeed(
        IngestFeedRequest.fromPartial({ shopId, feedId, actorUserId: owner, content: working, dryRun }),
      );
    const feedOf = async (shopId: string) => (await h.offers.getShop({ shopId, actorUserId: owner })).shop?.feeds[0];

    it('tells the owner "recovered" at once and clears the failing run; the crawls after it follow ADR 128', async () => {
      const { shopId, feedId } = await listedShop('Alpenlicht', 'alpenlicht.ch');
      await h.feedFetched(fetched(shopId, feedId, 0, fetchSucceeded(3)));
      await h.feedFetched(fetched(shopId, feedId, 60, FETCH_NOT_FOUND));
      await h.feedFetchesNoticed();
      expect(mailsAbout('shop-feedFailing', 'Alpenlicht')).toHaveLength(1);
      expect(await feedOf(shopId)).toMatchObject({ status: FeedStatus.FEED_STATUS_FAILING });

      // The owner fixes the feed by uploading a working file of it; an analysis alone changes nothing.
      h.advance(2 * HOUR_MS);
      await upload(shopId, feedId, true);
      expect((await feedOf(shopId))?.status).toBe(FeedStatus.FEED_STATUS_FAILING);
      const answer = await upload(shopId, feedId);
      expect(answer).toMatchObject({ itemsValid: 2, offersCreated: 2 });
      const repaired = await feedOf(shopId);
      expect(repaired?.status).toBe(FeedStatus.FEED_STATUS_ACTIVE);
      expect(repaired?.failingSince).toBeUndefined();
      expect(repaired?.lastFetch?.succeeded).toBe(true);

      const recovered = await eventually(() => {
        const mails = mailsAbout('shop-feedRecovered', 'Alpenlicht');
        return mails.length > 0 && mails;
      });
      expect(recovered).toHaveLength(1);
      expect(recovered[0]?.subject).toBe('Der Produktfeed von Alpenlicht funktioniert wieder');
      expect(recovered[0]?.text).toContain(`/account/business/shops/${shopId}#feeds-heading`);
      expect(
        h.events.shopChanged.filter((event) => event.shopId === shopId && event.feedHealth).map((e) => e.feedHealth),
      ).toEqual([
        expect.objectContaining({ feedId, health: FeedHealth.FEED_HEALTH_FAILING, reason: 'not_found' }),
        { feedId, health: FeedHealth.FEED_HEALTH_RECOVERED, reason: '', detail: '', httpStatus: 0 },
      ]);

      // The URL still fails within the day of the "failing" mail: quiet (flapping); a working crawl is no news.
      await h.feedFetched(fetched(shopId, feedId, 180, FETCH_NOT_FOUND));
      await h.feedFetched(fetched(shopId, feedId, 240, fetchSucceeded(2)));
      await h.feedFetchesNoticed();
      expect(mailsAbout('shop-feedFailing', 'Alpenlicht')).toHaveLength(1);
      expect(mailsAbout('shop-feedRecovered', 'Alpenlicht')).toHaveLength(1);
    });

    it('tells nothing when an upload repairs a feed that was not told failing, or when the shop is suspended', async () => {
      const told = await listedShop('Gletscherblick', 'gletscherblick.ch');
      await h.feedFetched(fetched(told.shopId, told.feedId, 0, fetchSucceeded(3)));
      await h.feedFetchesNoticed();
      await upload(told.shopId, told.feedId);
      await h.feedFetchesNoticed();

      const suspended = await listedShop('Firnweg', 'firnweg.ch');
      await h.feedFetched(fetched(suspended.shopId, suspended.feedId, 0, FETCH_NOT_FOUND));
      await h.feedFetchesNoticed();
      await eventually(() => mailsAbout('shop-feedFailing', 'Firnweg').length === 1);
      await h.offers.setShopStatus({
        shopId: suspended.shopId,
        actorUserId: h.staffUserId,
        status: ShopStatus.SHOP_STATUS_SUSPENDED,
        confirmed: true,
        reason: 'unpaid',
      });
      await expect(upload(suspended.shopId, suspended.feedId)).rejects.toMatchObject({
        code: GrpcStatus.FAILED_PRECONDITION,
      });
      await h.feedFetchesNoticed();
      expect(mailsAbout('shop-feedRecovered', 'Gletscherblick')).toEqual([]);
      expect(mailsAbout('shop-feedRecovered', 'Firnweg')).toEqual([]);
      expect((await feedOf(suspended.shopId))?.status).toBe(FeedStatus.FEED_STATUS_FAILING);
    });
  });
}

describeUploadRecovery(
  'embedded engines',
  () => ({}),
  async () => undefined,
);

describeWithEngine('MONGODB_URI', 'a failing feed repaired by an upload on MongoDB', (uri) => {
  const namespace = `fu-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  describeUploadRecovery(
    'MongoDB',
    () => ({ DOCUMENT_STORE: 'mongodb', MONGODB_URI: uri, PLATFORM_NAMESPACE: namespace }),
    () => dropDatabase(uri, mongoDatabaseName('offers', namespace)),
  );
});
