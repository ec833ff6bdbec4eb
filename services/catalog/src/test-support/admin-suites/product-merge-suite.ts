import { status as GrpcStatus } from '@grpc/grpc-js';
import {
  AddReviewRequest,
  MatchMethod,
  MergeProductsRequest,
  UpdateProductRequest,
} from '@pc/proto/catalog/v1/catalog';
import { ProductStatus } from '@pc/proto/catalog/v1/types';
import { CatalogAdminHarness, eventually, failure, UNKNOWN_ACTOR, type CatalogStore } from '../admin-harness.js';
import { offer } from '../catalog-harness.js';
import { testGtin } from '../gtins.js';

const gtin14 = (ean: string) => `0${ean}`;

/** MergeProducts: duplicates the matcher left (staff panel "gtins / products"). */
export function describeProductMerges(store: CatalogStore): void {
  describe(`MergeProducts over gRPC (${store.name})`, () => {
    let h: CatalogAdminHarness;
    let kept = '';
    let duplicate = '';
    const merge = (fields: Partial<MergeProductsRequest>) =>
      h.client.mergeProducts(MergeProductsRequest.fromPartial({ actorUserId: h.adminId, ...fields }));
    const get = async (productId: string, language = 'en') =>
      (await h.client.getProduct({ productId, language })).product;
    const review = (productId: string, fields: Partial<AddReviewRequest>) =>
      h.client.addReview(
        AddReviewRequest.fromPartial({ productId, body: 'Quiet and efficient.', language: 'en', ...fields }),
      );
    const reviewsOf = async (productId: string) =>
      (await h.client.listReviews({ productId, language: '', rating: 0, order: 0, page: undefined })).reviews;

    beforeAll(async () => {
      h = await CatalogAdminHarness.start(store);
      kept = await h.product({
        shopId: 'm1',
        shopOfferId: 'wm-1',
        title: 'Bosch Serie 6 WAU28T40 washing machine',
        brand: 'Bosch',
        gtin: testGtin(61, 1),
        categoryPath: 'Home > Laundry',
      });
      // The same machine from a German shop with another GTIN (a different pack): a second product.
      duplicate = await h.product({
        shopId: 'm2',
        shopOfferId: 'wm-de',
        language: 'de',
        title: 'Bosch WAU28T40 Waschmaschine 9 kg',
        description: 'Frontlader, 1400 U/min',
        brand: 'Bosch',
        gtin: testGtin(61, 2),
        categoryPath: 'Home > Laundry',
      });
      expect(duplicate).not.toBe(kept);
      await review(kept, { actorUserId: 'reviewer-a', rating: 5 });
      await review(duplicate, { actorUserId: 'reviewer-a', rating: 1, body: 'Leaked.' });
      await review(duplicate, { actorUserId: 'reviewer-b', rating: 4 });
      await review(duplicate, {
        sourceDomain: 'testberichte.example',
        sourceReviewId: 't-9',
        author: 'Tester',
        rating: 3,
      });
    });
    afterAll(() => h.stop());

    it('folds the duplicate into the target: GTINs, texts it lacks, offers’ links and reviews move; the duplicate answers MERGED', async () => {
      const bosch = (await h.client.getBrand({ slug: 'bosch', brandId: '', language: 'en' })).brand;
      expect(bosch?.productsCount).toBe(2);
      const { product } = await merge({ targetProductId: kept, sourceProductIds: [duplicate] });
      expect(product).toMatchObject({
        id: kept,
        name: 'Bosch Serie 6 WAU28T40 washing machine',
        gtins: [gtin14(testGtin(61, 1)), gtin14(testGtin(61, 2))],
      });
      expect(await get(kept, 'de')).toMatchObject({
        name: 'Bosch WAU28T40 Waschmaschine 9 kg',
        description: 'Frontlader, 1400 U/min',
      });
      expect(await get(duplicate)).toMatchObject({
        status: ProductStatus.PRODUCT_STATUS_MERGED,
        mergedIntoProductId: kept,
        rating: undefined,
      });

      // Barcode, the offer's link and new offers of the duplicate's identifiers now find the target.
      expect(
        (await h.client.findProductsByGtin({ gtin: testGtin(61, 2), language: 'en' })).products.map((p) => p.id),
      ).toEqual([kept]);
      expect(
        await h.client.matchProduct(
          offer({ shopId: 'm2', shopOfferId: 'wm-de', title: 'Bosch WAU28T40', brand: 'Bosch', gtin: testGtin(61, 2) }),
        ),
      ).toMatchObject({ productId: kept, method: MatchMethod.MATCH_METHOD_EXISTING_LINK });
      expect(
        await h.client.matchProduct(offer({ shopId: 'm3', title: 'WAU28T40', gtin: testGtin(61, 2) })),
      ).toMatchObject({ productId: kept, method: MatchMethod.MATCH_METHOD_GTIN });

      // One review per user and product: reviewer-a's review of the target stays, the duplicate's goes.
      const reviews = await reviewsOf(kept);
      expect(reviews.map((r) => `${r.authorUserId || r.domain}:${r.rating}`).sort()).toEqual([
        'reviewer-a:5',
        'reviewer-b:4',
        'testberichte.example:3',
      ]);
      expect(reviews.every((r) => r.productId === kept)).toBe(true);
      expect((await get(kept))?.rating).toEqual({ value: 4, count: 3, distribution: [1, 1, 1, 0, 0] });
      expect(await reviewsOf(duplicate)).toEqual([]);
      expect((await h.client.getBrand({ slug: 'bosch', brandId: '', language: 'en' })).brand?.productsCount).toBe(1);

      const merged = await eventually(() =>
        h.changesOf(duplicate).find((event) => event.product?.status === ProductStatus.PRODUCT_STATUS_MERGED),
      );
      expect(merged).toMatchObject({
        changedFields: ['status', 'merged_into_product_id'],
        product: { mergedIntoProductId: kept },
      });
      await eventually(() =>
        h.changesOf(kept).find((event) => event.changedFields.includes('gtins') && event.product?.gtins.length === 2),
      );
      await eventually(() =>
        h.changesOf(kept).find((event) => event.changedFields.includes('rating') && event.product?.rating?.count === 3),
      );
    });

    it('is harmless to repeat, and a merged product takes no edits or reviews', async () => {
      const before = await get(kept);
      expect((await merge({ targetProductId: kept, sourceProductIds: [duplicate] })).product?.version).toBe(
        before?.version,
      );
      expect(await reviewsOf(kept)).toHaveLength(3);
      const edit = await failure(
        h.client.updateProduct(
          UpdateProductRequest.fromPartial({ productId: duplicate, actorUserId: h.adminId, mpn: 'X' }),
        ),
      );
      expect(edit).toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION, reason: 'PRODUCT_MERGED' });
      expect((await failure(review(duplicate, { actorUserId: 'reviewer-c', rating: 2 })))?.code).toBe(
        GrpcStatus.NOT_FOUND,
      );
    });

    it('points products merged into a duplicate at the final target (a merge of a merge)', async () => {
      const [a, b, c] = await Promise.all(
        ['A', 'B', 'C'].map((n) =>
          h.product({
            shopId: 'chain',
            shopOfferId: n,
            title: `Miele dryer T1 variant ${n}`,
            gtin: testGtin(62, n.charCodeAt(0)),
          }),
        ),
      );
      await merge({ targetProductId: b, sourceProductIds: [c!] });
      await merge({ targetProductId: a, sourceProductIds: [b!] });
      expect(await get(c!)).toMatchObject({ status: ProductStatus.PRODUCT_STATUS_MERGED, mergedIntoProductId: a });
      expect((await get(a!))?.gtins).toHaveLength(3);
      expect(
        (await h.client.findProductsByGtin({ gtin: testGtin(62, 67), language: 'en' })).products.map((p) => p.id),
      ).toEqual([a]);
    });

    it('refuses bad merges and non-admins, changing nothing', async () => {
      const other = await h.product({
        shopId: 'm4',
        title: 'Siemens iQ500 washer',
        brand: 'Siemens',
        gtin: testGtin(61, 5),
      });
      expect(await failure(merge({ targetProductId: other, sourceProductIds: [other] }))).toMatchObject({
        code: GrpcStatus.INVALID_ARGUMENT,
        violations: [expect.objectContaining({ field: 'source_product_ids[0]' })],
      });
      expect((await failure(merge({ targetProductId: other, sourceProductIds: [] })))?.code).toBe(
        GrpcStatus.INVALID_ARGUMENT,
      );
      expect((await failure(merge({ targetProductId: other, sourceProductIds: ['nope'] })))?.code).toBe(
        GrpcStatus.NOT_FOUND,
      );
      expect((await failure(merge({ targetProductId: 'nope', sourceProductIds: [other] })))?.code).toBe(
        GrpcStatus.NOT_FOUND,
      );
      expect(await failure(merge({ targetProductId: other, sourceProductIds: [duplicate] }))).toMatchObject({
        code: GrpcStatus.FAILED_PRECONDITION,
        reason: 'PRODUCT_MERGED',
      });
      expect(await failure(merge({ targetProductId: duplicate, sourceProductIds: [other] }))).toMatchObject({
        code: GrpcStatus.FAILED_PRECONDITION,
        reason: 'PRODUCT_MERGED',
      });
      expect(
        (await failure(merge({ actorUserId: h.memberId, targetProductId: kept, sourceProductIds: [other] })))?.code,
      ).toBe(GrpcStatus.PERMISSION_DENIED);
      expect(
        (await failure(merge({ actorUserId: UNKNOWN_ACTOR, targetProductId: kept, sourceProductIds: [other] })))?.code,
      ).toBe(GrpcStatus.UNAUTHENTICATED);
      // No user: the caller (a user front) is never staff on its own.
      expect((await failure(merge({ actorUserId: '', targetProductId: kept, sourceProductIds: [other] })))?.code).toBe(
        GrpcStatus.PERMISSION_DENIED,
      );
      expect((await get(other))?.status).toBe(ProductStatus.PRODUCT_STATUS_ACTIVE);
      expect((await merge({ targetProductId: kept, sourceProductIds: [other] })).product?.gtins).toHaveLength(3);
    });
  });
}
