import { status as GrpcStatus } from '@grpc/grpc-js';
import { createServiceClient, type ServiceClient } from '@pc/kit/grpc/client';
import { mayCall } from '@pc/kit/identity/call-graph';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { mongoDatabaseName } from '@pc/mongodb-document-store/database-name';
import { dropDatabase } from '@pc/mongodb-document-store/test-support/test-database';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import {
  AddShopReviewRequest,
  ListShopReviewsRequest,
  ShopReviewOrder,
  ShopReviewsServiceService,
  ShopReviewStatus,
  type ShopReview,
} from '@pc/proto/offers/v1/shop_reviews';
import type { ShopRating } from '@pc/proto/offers/v1/types';
import { AuditServiceService } from '@pc/proto/staff/v1/audit';
import { eventually, OffersHarness } from './test-support/offers-harness.js';
import { directoryShop, HEADPHONES, observation } from './test-support/observations.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const BODY = 'Fast delivery, well packed, and the invoice was correct.';

/** What a caller sees of a refused call. */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: unknown) => error as { code?: number; reason?: string; violations?: { field: string }[] },
  );

/** The rating of these star counts (5 first) as ShopRating carries it. */
const rating = (value: number, distribution: number[], verifiedCount: number): ShopRating => ({
  value,
  count: distribution.reduce((sum, n) => sum + n, 0),
  distribution,
  verifiedCount,
});

/**
 * Visitors' reviews of shops (ShopReviewsService, ADR 119) over real gRPC, with the real accounts
 * and catalog: one review per user and listed shop (never the owner's own), verified after a
 * click affiliates recorded, the owner's reply, staff moderation (audited), the rating on the
 * shop, beside its offers and in ShopChanged, deleted accounts and shops, the daily limit.
 */
function describeShopReviews(name: string, env: () => Record<string, string>, cleanUp: () => Promise<void>) {
  describe(`shop reviews (ShopReviewsService over gRPC, ${name})`, () => {
    let h: OffersHarness;
    let reviews: ServiceClient<typeof ShopReviewsServiceService>;
    let audit: ServiceClient<typeof AuditServiceService>;
    let owner = '';
    let shopper = '';
    const users: Record<'alice' | 'bob' | 'carol' | 'dave' | 'eve' | 'frank', string> = {
      alice: '',
      bob: '',
      carol: '',
      dave: '',
      eve: '',
      frank: '',
    };
    let shopId = '';
    let rivalId = '';
    let pendingId = '';
    let productId = '';
    const ids: Record<string, string> = {};

    const add = (actorUserId: string, stars: number, fields: Partial<AddShopReviewRequest> = {}) =>
      reviews.addShopReview(
        AddShopReviewRequest.fromPartial({
          actorUserId,
          shopId,
          rating: stars,
          title: `${stars} stars`,
          body: BODY,
          language: 'en',
          ...fields,
        }),
      );
    const list = (fields: Partial<ListShopReviewsRequest> = {}) =>
      reviews.listShopReviews(ListShopReviewsRequest.fromPartial({ shopId, ...fields }));
    const stars = (found: readonly ShopReview[]) => found.map((review) => review.rating);
    const shopRating = async () => (await h.offers.getShop({ shopId, actorUserId: '' })).shop?.rating;
    const auditActions = async () =>
      (
        await audit.listAuditEntries({
          actorUserId: shopper,
          panel: 'shopping',
          entityType: 'shop_review',
          entityId: '',
          byUserId: '',
          action: '',
          page: undefined,
        })
      ).entries.map((entry) => entry.action);
    const lastRatingChange = (id = shopId) =>
      h.events.shopChanged.filter((event) => event.shopId === id && event.changedFields.includes('rating')).at(-1);
    const shopVersion = async (id = shopId) =>
      (await h.offers.getShop({ shopId: id, actorUserId: '' })).shop?.version ?? 0;
    /** Resolves once offers announced a change of the shop's reviews that left its rating as it was. */
    const reviewsAnnounced = (version: number) =>
      eventually(() =>
        h.events.shopChanged.some(
          (event) => event.shopId === shopId && event.version === version && event.changedFields.includes('reviews'),
        ),
      );

    beforeAll(async () => {
      h = await OffersHarness.start(env());
      reviews = createServiceClient(ShopReviewsServiceService, h.address, { deadlineMs: 20_000 });
      audit = createServiceClient(AuditServiceService, h.address, { deadlineMs: 20_000 });
      owner = await h.registerUser('owner@shop-reviews.test');
      shopper = await h.staffUser('shopper@shop-reviews.test', AdminPanel.ADMIN_PANEL_SHOPPING);
      for (const user of Object.keys(users) as (keyof typeof users)[])
        users[user] = await h.registerUser(`${user}@shop-reviews.test`, true);
      shopId = await h.listedOwnShop(owner, 'Eigenhaus', 'eigenhaus.ch');
      rivalId = (await h.offers.registerShop(directoryShop('Rival', 'rival.ch', ['CH'], h.staffUserId))).shop?.id ?? '';
      // Registered by its owner and never paid for: not listed.
      pendingId =
        (
          await h.offers.registerShop(
            RegisterShopRequest.fromPartial({
              actorUserId: owner,
              name: 'Zweithaus',
              homepageUrl: 'https://zweithaus.ch/',
              company: 'Eigenhaus AG',
              address: { line1: 'Bahnhofstrasse 1', line2: '', zipCode: '8001', city: 'Zürich', country: 'CH' },
              email: 'info@zweithaus.ch',
              termsAccepted: true,
              countries: ['CH'],
            }),
          )
        ).shop?.id ?? '';
      await h.observe(observation(shopId, 'E-1', HEADPHONES, 33_900));
      await eventually(() => h.events.offerChanged.some((event) => event.offer?.productId));
      productId = h.events.offerChanged.find((event) => event.offer?.productId)?.offer?.productId ?? '';
    }, 120_000);
    afterAll(async () => {
      await h.stop();
      await cleanUp();
    });

    it('publishes a review: listed, verified after a click, its rating on the shop, beside its offers and in ShopChanged', async () => {
      await h.clicked(users.alice, shopId);
      const version = (await h.offers.getShop({ shopId, actorUserId: '' })).shop?.version ?? 0;
      const { review } = await add(users.alice, 5);
      ids.alice = review?.id ?? '';
      expect(review).toMatchObject({
        shopId,
        author: 'alice',
        rating: 5,
        title: '5 stars',
        body: BODY,
        language: 'en',
        verifiedClick: true,
        status: ShopReviewStatus.SHOP_REVIEW_STATUS_PUBLISHED,
        own: true,
        reply: undefined,
      });

      const visitor = await list();
      expect(visitor.reviews).toEqual([expect.objectContaining({ id: ids.alice, own: false, hiddenReason: '' })]);
      expect(visitor.rating).toEqual(rating(5, [1, 0, 0, 0, 0], 1));
      expect((await list({ actorUserId: users.alice })).reviews[0]?.own).toBe(true);
      expect((await reviews.getOwnShopReview({ actorUserId: users.alice, shopId })).review?.id).toBe(ids.alice);

      expect(await shopRating()).toEqual(rating(5, [1, 0, 0, 0, 0], 1));
      const directory = await h.offers.listShops({
        country: 'CH',
        ownerUserId: '',
        statuses: [],
        domain: 'eigenhaus.ch',
        sort: 0,
        page: undefined,
        actorUserId: '',
      });
      expect(directory.shops[0]?.rating).toEqual(rating(5, [1, 0, 0, 0, 0], 1));
      const offers = await h.offers.listOffers({
        productId,
        shopId: '',
        country: 'CH',
        inStockOnly: false,
        conditions: [],
        greenOnly: false,
        sort: 0,
        page: undefined,
        displayCurrency: '',
        productIds: [],
      });
      expect(offers.offers[0]?.shop).toMatchObject({ id: shopId, rating: rating(5, [1, 0, 0, 0, 0], 1) });

      await eventually(() => (lastRatingChange()?.version ?? 0) > version);
      expect(lastRatingChange()).toMatchObject({
        changedFields: ['rating'],
        version: version + 1,
        shop: { rating: rating(5, [1, 0, 0, 0, 0], 1) },
      });
    });

    it('marks a review verified only when its author had followed a link to that shop', async () => {
      await h.clicked(users.carol, rivalId);
      await h.clicked(users.dave, shopId, { counted: false });
      expect((await add(users.bob, 2)).review?.verifiedClick).toBe(false);
      expect((await add(users.carol, 4)).review?.verifiedClick).toBe(false);
      expect((await add(users.dave, 3)).review?.verifiedClick).toBe(true);
      const all = await list();
      for (const review of all.reviews) ids[review.author] = review.id;
      expect(all.rating).toEqual(rating(3.5, [1, 1, 1, 1, 0], 2));
      expect(await shopRating()).toEqual(rating(3.5, [1, 1, 1, 1, 0], 2));
    });

    it('refuses a second review, the owner’s own shop, bad input, unlisted shops and no user; stores nothing', async () => {
      expect(await failure(add(users.alice, 1))).toMatchObject({
        code: GrpcStatus.ALREADY_EXISTS,
        reason: 'ALREADY_REVIEWED',
      });
      expect(await failure(add(owner, 5))).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED, reason: 'OWN_SHOP' });
      for (const [fields, field] of [
        [{ rating: 6 }, 'rating'],
        [{ rating: 0 }, 'rating'],
        [{ body: 'Too short.' }, 'body'],
        [{ body: 'x'.repeat(5_001) }, 'body'],
        [{ title: 't'.repeat(121) }, 'title'],
        [{ language: 'xx' }, 'language'],
      ] as const) {
        expect(await failure(add(users.eve, 4, fields))).toMatchObject({
          code: GrpcStatus.INVALID_ARGUMENT,
          violations: [expect.objectContaining({ field })],
        });
      }
      expect(await failure(add(users.eve, 4, { shopId: pendingId }))).toMatchObject({ code: GrpcStatus.NOT_FOUND });
      expect(await failure(add(users.eve, 4, { shopId: 'sh_unknown' }))).toMatchObject({ code: GrpcStatus.NOT_FOUND });
      expect(await failure(add('', 4))).toMatchObject({ code: GrpcStatus.UNAUTHENTICATED });
      expect(await failure(reviews.getOwnShopReview({ actorUserId: users.eve, shopId }))).toMatchObject({
        code: GrpcStatus.NOT_FOUND,
      });
      expect((await list()).page?.total).toBe(4);
      expect(await failure(list({ shopId: pendingId }))).toMatchObject({ code: GrpcStatus.NOT_FOUND });
    });

    it('orders by most and fewest stars and pages', async () => {
      expect(stars((await list({ order: ShopReviewOrder.SHOP_REVIEW_ORDER_HIGHEST })).reviews)).toEqual([5, 4, 3, 2]);
      expect(stars((await list({ order: ShopReviewOrder.SHOP_REVIEW_ORDER_LOWEST })).reviews)).toEqual([2, 3, 4, 5]);
      // Newest first: dave, carol, bob, alice.
      const second = await list({ page: { page: 2, hitsPerPage: 2 } });
      expect(stars(second.reviews)).toEqual([2, 5]);
      expect(second.page).toMatchObject({ page: 2, hitsPerPage: 2, total: 4, pages: 2 });
      expect(await failure(list({ page: { page: 1, hitsPerPage: 51 } }))).toMatchObject({
        code: GrpcStatus.INVALID_ARGUMENT,
        violations: [expect.objectContaining({ field: 'page.hits_per_page' })],
      });
      expect(await failure(list({ order: 9 as ShopReviewOrder }))).toMatchObject({
        code: GrpcStatus.INVALID_ARGUMENT,
        violations: [expect.objectContaining({ field: 'order' })],
      });
    });

    it('shows the owner’s reply and refuses anyone else’s; a reply, changed or removed, announces the shop page', async () => {
      const before = await shopVersion();
      const { review } = await reviews.replyToShopReview({
        actorUserId: owner,
        reviewId: ids.bob ?? '',
        body: 'Sorry to hear that — we have changed carriers.',
      });
      expect(review?.reply?.body).toBe('Sorry to hear that — we have changed carriers.');
      const listed = (await list()).reviews.find((found) => found.id === ids.bob);
      expect(listed?.reply).toMatchObject({ body: 'Sorry to hear that — we have changed carriers.' });
      // The rating stays; the shop's page (the site's micro-cache hears ShopChanged) shows the reply.
      await reviewsAnnounced(before + 1);
      expect(await shopVersion()).toBe(before + 1);
      expect(
        h.events.shopChanged.find((event) => event.version === before + 1 && event.shopId === shopId),
      ).toMatchObject({ changedFields: ['reviews'], shop: { rating: rating(3.5, [1, 1, 1, 1, 0], 2) } });
      // The same reply again changes nothing, and announces nothing.
      await reviews.replyToShopReview({
        actorUserId: owner,
        reviewId: ids.bob ?? '',
        body: 'Sorry to hear that — we have changed carriers.',
      });
      expect(await shopVersion()).toBe(before + 1);
      expect(
        await failure(reviews.replyToShopReview({ actorUserId: users.alice, reviewId: ids.bob ?? '', body: 'Hi' })),
      ).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
      expect(
        await failure(
          reviews.replyToShopReview({ actorUserId: owner, reviewId: ids.bob ?? '', body: 'x'.repeat(2_001) }),
        ),
      ).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT, violations: [expect.objectContaining({ field: 'body' })] });
      expect(await shopVersion()).toBe(before + 1);
      const removed = await reviews.replyToShopReview({
        actorUserId: owner,
        reviewId: ids.carol ?? '',
        body: 'Thanks!',
      });
      expect(removed.review?.reply?.body).toBe('Thanks!');
      await reviews.replyToShopReview({ actorUserId: owner, reviewId: ids.carol ?? '', body: '' });
      expect((await list()).reviews.find((found) => found.id === ids.carol)?.reply).toBeUndefined();
      await reviewsAnnounced(before + 3);
    });

    it('lets staff hide a review with a reason: not listed, not counted, audited, shown to staff only; and show it again', async () => {
      const hide = (actorUserId: string, reason: string) =>
        reviews.setShopReviewHidden({ actorUserId, reviewId: ids.bob ?? '', hidden: true, reason });
      expect(await failure(hide(users.alice, 'Insults'))).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
      expect(await failure(hide(shopper, ''))).toMatchObject({
        code: GrpcStatus.INVALID_ARGUMENT,
        violations: [expect.objectContaining({ field: 'reason' })],
      });
      expect(await auditActions()).toEqual([]);

      const { review } = await hide(shopper, 'Insults the staff');
      expect(review).toMatchObject({
        status: ShopReviewStatus.SHOP_REVIEW_STATUS_HIDDEN,
        hiddenReason: 'Insults the staff',
      });
      const visitor = await list();
      expect(visitor.reviews.map((found) => found.id)).not.toContain(ids.bob);
      expect(visitor.rating).toEqual(rating(4, [1, 1, 1, 0, 0], 2));
      expect(await shopRating()).toEqual(rating(4, [1, 1, 1, 0, 0], 2));
      await eventually(() => lastRatingChange()?.shop?.rating?.count === 3);

      expect(await failure(list({ includeHidden: true, actorUserId: users.alice }))).toMatchObject({
        code: GrpcStatus.PERMISSION_DENIED,
      });
      const staffView = await list({ includeHidden: true, actorUserId: shopper });
      expect(staffView.page?.total).toBe(4);
      expect(staffView.reviews.find((found) => found.id === ids.bob)).toMatchObject({
        status: ShopReviewStatus.SHOP_REVIEW_STATUS_HIDDEN,
        hiddenReason: 'Insults the staff',
      });
      // The author sees that it is hidden, not staff's words.
      expect((await reviews.getOwnShopReview({ actorUserId: users.bob, shopId })).review).toMatchObject({
        status: ShopReviewStatus.SHOP_REVIEW_STATUS_HIDDEN,
        hiddenReason: '',
      });
      const queue = await reviews.listShopReviewQueue({
        actorUserId: shopper,
        status: ShopReviewStatus.SHOP_REVIEW_STATUS_HIDDEN,
        shopId: '',
        reviewId: '',
        page: undefined,
      });
      expect(queue.reviews.map((found) => [found.id, found.hiddenReason])).toEqual([[ids.bob, 'Insults the staff']]);
      // One review by its id, whatever its status (a moderation form's confirm step).
      const one = await reviews.listShopReviewQueue({
        actorUserId: shopper,
        status: 0,
        shopId,
        reviewId: ids.bob ?? '',
        page: undefined,
      });
      expect(one.reviews.map((found) => found.id)).toEqual([ids.bob]);
      expect(
        await failure(
          reviews.listShopReviewQueue({
            actorUserId: users.alice,
            status: 0,
            shopId: '',
            reviewId: '',
            page: undefined,
          }),
        ),
      ).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
      expect(await auditActions()).toEqual(['shop_review.hide']);

      await reviews.setShopReviewHidden({ actorUserId: shopper, reviewId: ids.bob ?? '', hidden: false, reason: '' });
      expect((await list()).rating).toEqual(rating(3.5, [1, 1, 1, 1, 0], 2));
      expect(await auditActions()).toEqual(['shop_review.show', 'shop_review.hide']);
    });

    it('deletes a review by its author or by staff (audited), never by another user; the rating follows', async () => {
      expect(
        await failure(reviews.deleteShopReview({ actorUserId: users.alice, reviewId: ids.carol ?? '' })),
      ).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
      await reviews.deleteShopReview({ actorUserId: users.carol, reviewId: ids.carol ?? '' });
      expect(await failure(reviews.getOwnShopReview({ actorUserId: users.carol, shopId }))).toMatchObject({
        code: GrpcStatus.NOT_FOUND,
      });
      expect((await list()).rating).toEqual(rating(3.3, [1, 0, 1, 1, 0], 2));
      expect(await auditActions()).toEqual(['shop_review.show', 'shop_review.hide']);

      await reviews.deleteShopReview({ actorUserId: shopper, reviewId: ids.dave ?? '' });
      expect(await shopRating()).toEqual(rating(3.5, [1, 0, 0, 1, 0], 1));
      expect(await auditActions()).toEqual(['shop_review.delete', 'shop_review.show', 'shop_review.hide']);
      await eventually(() => lastRatingChange()?.shop?.rating?.count === 2);
      expect(await failure(reviews.deleteShopReview({ actorUserId: shopper, reviewId: ids.dave ?? '' }))).toMatchObject(
        {
          code: GrpcStatus.NOT_FOUND,
        },
      );
    });

    it('keeps a deleted account’s reviews, stars and rating without the author; the shop page is announced', async () => {
      const before = await shopVersion();
      await h.accountDeleted(users.bob);
      await eventually(async () =>
        (await list()).reviews.some((review) => review.id === ids.bob && review.author === ''),
      );
      const review = (await list({ actorUserId: users.bob })).reviews.find((found) => found.id === ids.bob);
      expect(review).toMatchObject({ author: '', rating: 2, body: BODY, own: false });
      expect(review?.reply?.body).toBe('Sorry to hear that — we have changed carriers.');
      expect(await failure(reviews.getOwnShopReview({ actorUserId: users.bob, shopId }))).toMatchObject({
        code: GrpcStatus.NOT_FOUND,
      });
      expect(await shopRating()).toEqual(rating(3.5, [1, 0, 0, 1, 0], 1));
      // Its page says "former user" now: announced with the rating as it was.
      await reviewsAnnounced(before + 1);
    });

    it('verifies a review written before its click arrived when the click came first; never by a later click; once', async () => {
      const lateId =
        (await h.offers.registerShop(directoryShop('Spätklick', 'spaetklick.ch', ['CH'], h.staffUserId))).shop?.id ??
        '';
      const ownReview = async (user: string) =>
        (await reviews.getOwnShopReview({ actorUserId: user, shopId: lateId })).review;
      const lateRating = async () => (await h.offers.getShop({ shopId: lateId, actorUserId: '' })).shop?.rating;

      // Eve clicked out, came back and reviewed before offers heard of her click.
      const clickedAt = new Date(h.now().getTime() - 5_000);
      expect((await add(users.eve, 4, { shopId: lateId })).review?.verifiedClick).toBe(false);
      expect(await lateRating()).toEqual(rating(4, [0, 1, 0, 0, 0], 0));
      const clickId = `click-eve-${lateId}`;
      await h.clicked(users.eve, lateId, { id: clickId, clickedAt });
      expect((await ownReview(users.eve))?.verifiedClick).toBe(true);
      expect(await lateRating()).toEqual(rating(4, [0, 1, 0, 0, 0], 1));
      expect((await list({ shopId: lateId })).rating).toEqual(rating(4, [0, 1, 0, 0, 0], 1));
      await eventually(() => lastRatingChange(lateId)?.shop?.rating?.verifiedCount === 1);

      // Alice wrote first and clicked after: her review stays unverified.
      expect((await add(users.alice, 2, { shopId: lateId })).review?.verifiedClick).toBe(false);
      await h.clicked(users.alice, lateId, { clickedAt: new Date(h.now().getTime() + 5_000) });
      expect((await ownReview(users.alice))?.verifiedClick).toBe(false);
      expect(await lateRating()).toEqual(rating(3, [0, 1, 0, 1, 0], 1));

      // Eve's click delivered again: nothing changes, the shop keeps its version.
      const version = await shopVersion(lateId);
      await h.clicked(users.eve, lateId, { id: clickId, clickedAt });
      expect(await shopVersion(lateId)).toBe(version);
      expect(await lateRating()).toEqual(rating(3, [0, 1, 0, 1, 0], 1));
      expect((await ownReview(users.eve))?.verifiedClick).toBe(true);
    });

    it('refuses an eleventh review within a day, and takes it a day later', async () => {
      const shops: string[] = [];
      for (let i = 0; i < 11; i += 1)
        shops.push(
          (await h.offers.registerShop(directoryShop(`Limit ${i}`, `limit-${i}.ch`, ['CH'], h.staffUserId))).shop?.id ??
            '',
        );
      for (const id of shops.slice(0, 10)) await add(users.frank, 4, { shopId: id });
      const refused = await failure(add(users.frank, 4, { shopId: shops[10] }));
      expect(refused).toMatchObject({ code: GrpcStatus.RESOURCE_EXHAUSTED, reason: 'REVIEW_LIMIT_REACHED' });
      expect(
        await failure(reviews.getOwnShopReview({ actorUserId: users.frank, shopId: shops[10] ?? '' })),
      ).toMatchObject({ code: GrpcStatus.NOT_FOUND });
      h.advance(DAY_MS + 1_000);
      expect((await add(users.frank, 4, { shopId: shops[10] })).review?.rating).toBe(4);
    });

    it('deletes a shop’s reviews with the shop', async () => {
      await h.offers.deleteShop({ shopId, actorUserId: owner });
      await eventually(
        async () =>
          (
            await reviews.listShopReviewQueue({
              actorUserId: shopper,
              status: 0,
              shopId,
              reviewId: '',
              page: undefined,
            })
          ).page?.total === 0,
      );
      expect(await failure(reviews.getOwnShopReview({ actorUserId: users.alice, shopId }))).toMatchObject({
        code: GrpcStatus.NOT_FOUND,
      });
      expect(await failure(list())).toMatchObject({ code: GrpcStatus.NOT_FOUND });
    });
  });
}

describe('who may call ShopReviewsService (the call graph, ADR 052)', () => {
  const methods = Object.values(ShopReviewsServiceService).map((method) => method.path);

  it('lets the site, the admin app and ops tools call every RPC, the seed write its demo reviews, and no service', () => {
    expect(methods).toHaveLength(8);
    for (const principal of ['web', 'admin', 'ops'])
      expect(methods.filter((method) => !mayCall(principal, method))).toEqual([]);
    for (const principal of ['catalog', 'search', 'affiliates', 'billing', 'notifications', 'crawler'])
      expect(methods.filter((method) => mayCall(principal, method))).toEqual([]);
    expect(methods.filter((method) => mayCall('seed', method))).toEqual([
      '/pricecompare.offers.v1.ShopReviewsService/AddShopReview',
    ]);
  });
});

describeShopReviews(
  'embedded engines',
  () => ({}),
  async () => undefined,
);

describeWithEngine('MONGODB_URI', 'shop reviews on MongoDB', (uri) => {
  const namespace = `rv-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  describeShopReviews(
    'MongoDB',
    () => ({ DOCUMENT_STORE: 'mongodb', MONGODB_URI: uri, PLATFORM_NAMESPACE: namespace }),
    () => dropDatabase(uri, mongoDatabaseName('offers', namespace)),
  );
});
