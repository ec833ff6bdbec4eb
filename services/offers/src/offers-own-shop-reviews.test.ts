import { status as GrpcStatus } from '@grpc/grpc-js';
import { createServiceClient, type ServiceClient } from '@pc/kit/grpc/client';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { mongoDatabaseName } from '@pc/mongodb-document-store/database-name';
import { dropDatabase } from '@pc/mongodb-document-store/test-support/test-database';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import {
  AddShopReviewRequest,
  ListOwnShopReviewsRequest,
  ShopReviewsServiceService,
  ShopReviewStatus,
} from '@pc/proto/offers/v1/shop_reviews';
import { OffersHarness } from './test-support/offers-harness.js';
import { directoryShop } from './test-support/observations.js';

const BODY = 'Fast delivery, well packed, and the invoice was correct.';

/** What a caller sees of a refused call. */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: unknown) => error as { code?: number; violations?: { field: string }[] },
  );

/** Reviews written in order get publish times in that order (one clock tick apart at least). */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * ListOwnShopReviews (ShopReviewsService, ADR 119; the copy of a user's data, ADR 148) over real
 * gRPC with the real accounts: a user's reviews of every shop, whatever their status, newest
 * first, with the shop's name and the owner's reply; nobody else's.
 */
function describeOwnShopReviews(name: string, env: () => Record<string, string>, cleanUp: () => Promise<void>) {
  describe(`a user's own shop reviews (ListOwnShopReviews over gRPC, ${name})`, () => {
    let h: OffersHarness;
    let reviews: ServiceClient<typeof ShopReviewsServiceService>;
    let alice = '';
    let bob = '';
    let alphaId = '';
    let betaId = '';
    const ids: Record<'aliceAlpha' | 'aliceBeta' | 'bobAlpha', string> = {
      aliceAlpha: '',
      aliceBeta: '',
      bobAlpha: '',
    };

    const add = async (actorUserId: string, shopId: string, rating: number) =>
      (
        await reviews.addShopReview(
          AddShopReviewRequest.fromPartial({
            actorUserId,
            shopId,
            rating,
            title: `${rating} stars`,
            body: BODY,
            language: 'en',
          }),
        )
      ).review?.id ?? '';
    const own = (fields: Partial<ListOwnShopReviewsRequest>) =>
      reviews.listOwnShopReviews(ListOwnShopReviewsRequest.fromPartial(fields));

    beforeAll(async () => {
      h = await OffersHarness.start(env());
      reviews = createServiceClient(ShopReviewsServiceService, h.address, { deadlineMs: 20_000 });
      const owner = await h.registerUser('owner@own-reviews.test');
      const shopper = await h.staffUser('shopper@own-reviews.test', AdminPanel.ADMIN_PANEL_SHOPPING);
      alice = await h.registerUser('alice@own-reviews.test', true);
      bob = await h.registerUser('bob@own-reviews.test', true);
      alphaId = (await h.offers.registerShop(directoryShop('Alpha', 'alpha.ch', ['CH'], h.staffUserId))).shop?.id ?? '';
      betaId = await h.listedOwnShop(owner, 'Beta', 'beta.ch');

      ids.aliceAlpha = await add(alice, alphaId, 2);
      await tick();
      ids.bobAlpha = await add(bob, alphaId, 5);
      await tick();
      ids.aliceBeta = await add(alice, betaId, 4);
      await reviews.replyToShopReview({ actorUserId: owner, reviewId: ids.aliceBeta, body: 'Thank you!' });
      await reviews.setShopReviewHidden({
        actorUserId: shopper,
        reviewId: ids.aliceAlpha,
        hidden: true,
        reason: 'Rude',
      });
    }, 120_000);
    afterAll(async () => {
      await h.stop();
      await cleanUp();
    });

    it('lists every review the actor wrote, newest first, hidden ones too, with the shop’s name and the reply', async () => {
      const { reviews: listed, page } = await own({ actorUserId: alice });
      expect(listed).toEqual([
        {
          shopName: 'Beta',
          review: expect.objectContaining({
            id: ids.aliceBeta,
            shopId: betaId,
            rating: 4,
            status: ShopReviewStatus.SHOP_REVIEW_STATUS_PUBLISHED,
            reply: expect.objectContaining({ body: 'Thank you!' }),
            own: true,
          }),
        },
        {
          shopName: 'Alpha',
          review: expect.objectContaining({
            id: ids.aliceAlpha,
            shopId: alphaId,
            rating: 2,
            status: ShopReviewStatus.SHOP_REVIEW_STATUS_HIDDEN,
            // Why staff hid it stays with staff.
            hiddenReason: '',
            reply: undefined,
            own: true,
          }),
        },
      ]);
      expect(page).toMatchObject({ page: 1, hitsPerPage: 10, total: 2, pages: 1 });
    });

    it("never lists another user's reviews", async () => {
      const listed = (await own({ actorUserId: bob })).reviews;
      expect(listed.map((entry) => [entry.review?.id, entry.shopName])).toEqual([[ids.bobAlpha, 'Alpha']]);
    });

    it('pages through them', async () => {
      const pages = await Promise.all(
        [1, 2, 3].map((page) => own({ actorUserId: alice, page: { page, hitsPerPage: 1 } })),
      );
      expect(pages.map((answer) => answer.reviews.map((entry) => entry.review?.id))).toEqual([
        [ids.aliceBeta],
        [ids.aliceAlpha],
        [],
      ]);
      expect(pages[1]?.page).toMatchObject({ page: 2, hitsPerPage: 1, total: 2, pages: 2 });
      expect((await own({ actorUserId: alice, page: { page: 1, hitsPerPage: 100 } })).reviews).toHaveLength(2);
    });

    it('refuses a call without a signed-in user, and a page size over 100 naming the field', async () => {
      expect((await failure(own({ actorUserId: '' })))?.code).toBe(GrpcStatus.UNAUTHENTICATED);
      const tooMany = await failure(own({ actorUserId: alice, page: { page: 1, hitsPerPage: 101 } }));
      expect(tooMany?.code).toBe(GrpcStatus.INVALID_ARGUMENT);
      expect(tooMany?.violations?.map((violation) => violation.field)).toEqual(['page.hits_per_page']);
    });
  });
}

describeOwnShopReviews(
  'embedded engines',
  () => ({}),
  async () => undefined,
);

describeWithEngine('MONGODB_URI', 'own shop reviews on MongoDB', (uri) => {
  const namespace = `or-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  describeOwnShopReviews(
    'MongoDB',
    () => ({ DOCUMENT_STORE: 'mongodb', MONGODB_URI: uri, PLATFORM_NAMESPACE: namespace }),
    () => dropDatabase(uri, mongoDatabaseName('offers', namespace)),
  );
});
