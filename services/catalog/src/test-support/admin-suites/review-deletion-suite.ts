import { status as GrpcStatus } from '@grpc/grpc-js';
import { AddReviewRequest } from '@pc/proto/catalog/v1/catalog';
import { CatalogAdminHarness, eventually, failure, UNKNOWN_ACTOR, type CatalogStore } from '../admin-harness.js';

/** DeleteReview: the author their own review, admins any review. */
export function describeReviewDeletion(store: CatalogStore): void {
  describe(`DeleteReview over gRPC (${store.name})`, () => {
    let h: CatalogAdminHarness;
    let productId = '';
    const add = async (fields: Partial<AddReviewRequest>) =>
      (
        await h.client.addReview(
          AddReviewRequest.fromPartial({ productId, rating: 4, body: 'Does the job.', language: 'en', ...fields }),
        )
      ).review?.id ?? '';
    const remove = (reviewId: string, actorUserId: string) =>
      h.client.deleteReview({ reviewId, actorUserId, reason: '' });

    beforeAll(async () => {
      h = await CatalogAdminHarness.start(store);
      productId = await h.product({ shopId: 'r1', title: 'Philips Sonicare 9900 toothbrush', brand: 'Philips' });
    });
    afterAll(() => h.stop());

    it('lets the author delete their own review; others are refused by their role', async () => {
      const mine = await add({ actorUserId: h.memberId, rating: 2 });
      const theirs = await add({ actorUserId: h.adminId, rating: 5 });
      expect((await failure(remove(theirs, h.memberId)))?.code).toBe(GrpcStatus.PERMISSION_DENIED);
      expect((await failure(remove(theirs, UNKNOWN_ACTOR)))?.code).toBe(GrpcStatus.UNAUTHENTICATED);
      expect((await failure(remove('no-such-review', h.memberId)))?.code).toBe(GrpcStatus.NOT_FOUND);
      expect((await remove(mine, h.memberId)).rating).toEqual({ value: 5, count: 1, distribution: [1, 0, 0, 0, 0] });
    });

    it('lets an admin delete anyone’s review, imported ones too, and re-rates the product with a ProductChanged', async () => {
      const imported = await add({ sourceDomain: 'reviews.example', sourceReviewId: 'x-1', author: 'Rita', rating: 1 });
      const written = await add({ actorUserId: 'someone-else', rating: 3 });
      expect((await remove(imported, h.adminId)).rating).toMatchObject({ count: 2 });
      // No user: the caller (a user front) is never staff on its own.
      expect((await failure(remove(written, '')))?.code).toBe(GrpcStatus.PERMISSION_DENIED);
      expect((await remove(written, h.adminId)).rating).toMatchObject({ count: 1, value: 5 });
      const { reviews } = await h.client.listReviews({ productId, language: '', rating: 0, order: 0, page: undefined });
      expect(reviews.map((r) => r.authorUserId)).toEqual([h.adminId]);
      await eventually(() =>
        h
          .changesOf(productId)
          .find(
            (event) =>
              event.changedFields.includes('rating') &&
              event.product?.rating?.count === 1 &&
              event.product.rating.value === 5,
          ),
      );
    });
  });
}
