import { status as GrpcStatus } from '@grpc/grpc-js';
import { AddReviewRequest, ReviewOrder } from '@pc/proto/catalog/v1/catalog';
import { newDataDir, offer, removeDataDir, startCatalog, type RunningCatalog } from './test-support/catalog-harness.js';

const review = (fields: Partial<AddReviewRequest>) =>
  AddReviewRequest.fromPartial({ rating: 5, body: 'Works as described.', language: 'en', ...fields });

describe('reviews and ratings over gRPC', () => {
  let dataDir: string;
  let catalog: RunningCatalog;
  let productId: string;

  beforeAll(async () => {
    dataDir = newDataDir();
    catalog = await startCatalog(dataDir);
    productId = (await catalog.client.matchProduct(offer({ title: 'Jura E8 coffee machine', brand: 'Jura' })))
      .productId;
  });
  afterAll(async () => {
    await catalog.stop();
    removeDataDir(dataDir);
  });

  it("adds a signed-in user's review and rates the product", async () => {
    const added = await catalog.client.addReview(
      review({
        productId,
        actorUserId: 'u1',
        author: 'Anna',
        rating: 4,
        title: 'Good',
        body: 'Great crema, loud grinder.',
      }),
    );
    expect(added.review).toMatchObject({
      productId,
      author: 'Anna',
      authorUserId: 'u1',
      rating: 4,
      title: 'Good',
      body: 'Great crema, loud grinder.',
      domain: '',
    });
    expect(added.review?.id).toMatch(/^[0-9a-z]{14}$/);
    expect(added.rating).toEqual({ value: 4, count: 1, distribution: [0, 1, 0, 0, 0] });
    await expect(
      catalog.client.addReview(review({ productId, actorUserId: 'u1', rating: 1, body: 'Changed my mind' })),
    ).rejects.toMatchObject({
      code: GrpcStatus.ALREADY_EXISTS,
      reason: 'REVIEW_EXISTS',
    });
  });

  it('imports reviews from other sites once (source id is the key) and keeps their date', async () => {
    const publishedAt = new Date('2025-03-01T10:00:00Z');
    const imported = await catalog.client.addReview(
      review({
        productId,
        sourceDomain: 'Example-Shop.ch',
        sourceReviewId: 'r-77',
        sourceUrl: 'https://example-shop.ch/r/77',
        author: 'Ben',
        rating: 2,
        body: 'Broke after a year.',
        publishedAt,
      }),
    );
    expect(imported.review).toMatchObject({
      domain: 'example-shop.ch',
      authorUserId: '',
      publishedAt,
      sourceUrl: 'https://example-shop.ch/r/77',
    });
    await expect(
      catalog.client.addReview(
        review({ productId, sourceDomain: 'example-shop.ch', sourceReviewId: 'r-77', body: 'again' }),
      ),
    ).rejects.toMatchObject({
      code: GrpcStatus.ALREADY_EXISTS,
      reason: 'REVIEW_EXISTS',
    });
    const third = await catalog.client.addReview(
      review({ productId, actorUserId: 'u2', rating: 5, language: 'de', body: 'Hervorragend.' }),
    );
    // (4 + 2 + 5) / 3 = 3.67, shown with one decimal.
    expect(third.rating).toEqual({ value: 3.7, count: 3, distribution: [1, 1, 0, 1, 0] });
    const { product } = await catalog.client.getProduct({ productId, language: 'en' });
    expect(product?.rating).toEqual({ value: 3.7, count: 3, distribution: [1, 1, 0, 1, 0] });
  });

  it('lists reviews newest first with the rating summary, pages, filters and other orders', async () => {
    const page1 = await catalog.client.listReviews({
      productId,
      language: '',
      rating: 0,
      order: ReviewOrder.REVIEW_ORDER_UNSPECIFIED,
      page: { page: 1, hitsPerPage: 2 },
    });
    expect(page1.reviews.map((r) => r.authorUserId || r.domain)).toEqual(['u2', 'u1']);
    expect(page1.page).toMatchObject({ total: 3, pages: 2 });
    expect(page1.rating).toMatchObject({ value: 3.7, count: 3 });
    const page2 = await catalog.client.listReviews({
      productId,
      language: '',
      rating: 0,
      order: 0,
      page: { page: 2, hitsPerPage: 2 },
    });
    expect(page2.reviews.map((r) => r.domain)).toEqual(['example-shop.ch']);
    const german = await catalog.client.listReviews({
      productId,
      language: 'de',
      rating: 0,
      order: 0,
      page: undefined,
    });
    expect(german.reviews.map((r) => r.body)).toEqual(['Hervorragend.']);
    const twoStars = await catalog.client.listReviews({
      productId,
      language: '',
      rating: 2,
      order: 0,
      page: undefined,
    });
    expect(twoStars.reviews.map((r) => r.rating)).toEqual([2]);
    const lowest = await catalog.client.listReviews({
      productId,
      language: '',
      rating: 0,
      order: ReviewOrder.REVIEW_ORDER_LOWEST_RATING,
      page: undefined,
    });
    expect(lowest.reviews.map((r) => r.rating)).toEqual([2, 4, 5]);
    const highest = await catalog.client.listReviews({
      productId,
      language: '',
      rating: 0,
      order: ReviewOrder.REVIEW_ORDER_HIGHEST_RATING,
      page: undefined,
    });
    expect(highest.reviews.map((r) => r.rating)).toEqual([5, 4, 2]);
    await expect(
      catalog.client.listReviews({ productId: 'nope', language: '', rating: 0, order: 0, page: undefined }),
    ).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
    await expect(
      catalog.client.listReviews({ productId, language: '', rating: 6, order: 0, page: undefined }),
    ).rejects.toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
  });

  it('rejects bad reviews without storing anything', async () => {
    await expect(catalog.client.addReview(review({ productId, actorUserId: 'u3', rating: 6 }))).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'rating', rule: 'between' })],
    });
    await expect(catalog.client.addReview(review({ productId, actorUserId: 'u3', body: '   ' }))).rejects.toMatchObject(
      {
        code: GrpcStatus.INVALID_ARGUMENT,
        violations: [expect.objectContaining({ field: 'body' })],
      },
    );
    await expect(catalog.client.addReview(review({ productId }))).rejects.toMatchObject({
      code: GrpcStatus.UNAUTHENTICATED,
    });
    await expect(
      catalog.client.addReview(review({ productId, actorUserId: 'u3', sourceDomain: 'x.ch', sourceReviewId: '1' })),
    ).rejects.toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    await expect(
      catalog.client.addReview(review({ productId, sourceDomain: 'not a domain', sourceReviewId: '1' })),
    ).rejects.toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    await expect(catalog.client.addReview(review({ productId: 'nope', actorUserId: 'u3' }))).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
    const { page } = await catalog.client.listReviews({
      productId,
      language: '',
      rating: 0,
      order: 0,
      page: undefined,
    });
    expect(page?.total).toBe(3);
  });

  // Deletions by others than the author need accounts' roles: catalog-admin.test.ts.
  it('lets the author delete their review, and re-rates the product', async () => {
    const { reviews } = await catalog.client.listReviews({
      productId,
      language: '',
      rating: 4,
      order: 0,
      page: undefined,
    });
    const anna = reviews[0]!;
    await expect(
      catalog.client.deleteReview({ reviewId: 'nope', actorUserId: 'u1', reason: '' }),
    ).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
    const { rating } = await catalog.client.deleteReview({ reviewId: anna.id, actorUserId: 'u1', reason: '' });
    expect(rating).toEqual({ value: 3.5, count: 2, distribution: [1, 0, 0, 1, 0] });

    const lone = (await catalog.client.matchProduct(offer({ title: 'Jura milk frother', brand: 'Jura' }))).productId;
    const { review: only } = await catalog.client.addReview(review({ productId: lone, actorUserId: 'u9', rating: 3 }));
    const afterLast = await catalog.client.deleteReview({ reviewId: only!.id, actorUserId: 'u9', reason: '' });
    expect(afterLast.rating).toBeUndefined();
    expect((await catalog.client.getProduct({ productId: lone, language: 'en' })).product?.rating).toBeUndefined();
  });
});
