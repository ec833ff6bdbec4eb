import { status as GrpcStatus } from '@grpc/grpc-js';
import { AddReviewRequest, ListOwnReviewsRequest } from '@pc/proto/catalog/v1/catalog';
import { CatalogAdminHarness, failure, type CatalogStore } from '../admin-harness.js';

/** Reviews written in order get publish times in that order (one clock tick apart at least). */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** ListOwnReviews: the reviews a signed-in user wrote, on every product (ADR 148). */
export function describeOwnReviews(store: CatalogStore): void {
  describe(`ListOwnReviews over gRPC (${store.name})`, () => {
    let h: CatalogAdminHarness;
    const ids: Record<'older' | 'newer' | 'others', string> = { older: '', newer: '', others: '' };
    const add = async (fields: Partial<AddReviewRequest>) =>
      (
        await h.client.addReview(
          AddReviewRequest.fromPartial({ rating: 4, body: 'Does the job.', language: 'en', ...fields }),
        )
      ).review?.id ?? '';
    const own = (fields: Partial<ListOwnReviewsRequest>) =>
      h.client.listOwnReviews(ListOwnReviewsRequest.fromPartial(fields));

    beforeAll(async () => {
      h = await CatalogAdminHarness.start(store);
      const kettle = await h.product({ shopId: 'own', title: 'Bosch TWK8613 kettle', brand: 'Bosch' });
      const toaster = await h.product({ shopId: 'own', title: 'Smeg TSF01 toaster', brand: 'Smeg' });
      ids.older = await add({ productId: kettle, actorUserId: h.memberId, rating: 2, title: 'Loud' });
      await tick();
      ids.others = await add({ productId: kettle, actorUserId: h.adminId, rating: 5 });
      await add({ productId: toaster, sourceDomain: 'reviews.example', sourceReviewId: 't-1', author: 'Rita' });
      await tick();
      ids.newer = await add({ productId: toaster, actorUserId: h.memberId, rating: 5, title: 'Crisp' });
    });
    afterAll(() => h.stop());

    it("lists the actor's reviews on every product, newest first, and nobody else's", async () => {
      const { reviews, page } = await own({ actorUserId: h.memberId });
      expect(reviews.map((review) => [review.id, review.authorUserId, review.title])).toEqual([
        [ids.newer, h.memberId, 'Crisp'],
        [ids.older, h.memberId, 'Loud'],
      ]);
      expect(page).toMatchObject({ page: 1, hitsPerPage: 10, total: 2, pages: 1 });
      expect((await own({ actorUserId: h.adminId })).reviews.map((review) => review.id)).toEqual([ids.others]);
    });

    it('pages through them', async () => {
      const first = await own({ actorUserId: h.memberId, page: { page: 1, hitsPerPage: 1 } });
      const second = await own({ actorUserId: h.memberId, page: { page: 2, hitsPerPage: 1 } });
      const beyond = await own({ actorUserId: h.memberId, page: { page: 3, hitsPerPage: 1 } });
      expect([first, second, beyond].map((answer) => answer.reviews.map((review) => review.id))).toEqual([
        [ids.newer],
        [ids.older],
        [],
      ]);
      expect(second.page).toMatchObject({ page: 2, hitsPerPage: 1, total: 2, pages: 2 });
      expect((await own({ actorUserId: h.memberId, page: { page: 1, hitsPerPage: 100 } })).reviews).toHaveLength(2);
    });

    it('refuses a call without a signed-in user, and a page size over 100 naming the field', async () => {
      expect((await failure(own({ actorUserId: '' })))?.code).toBe(GrpcStatus.UNAUTHENTICATED);
      const tooMany = await failure(own({ actorUserId: h.memberId, page: { page: 1, hitsPerPage: 101 } }));
      expect(tooMany?.code).toBe(GrpcStatus.INVALID_ARGUMENT);
      expect(tooMany?.violations?.map((violation) => violation.field)).toEqual(['page.hits_per_page']);
    });
  });
}
