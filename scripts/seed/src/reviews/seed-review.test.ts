import { ProductUniverse } from '../catalog/product-universe';
import { reviewsOf } from './seed-review';
import { REVIEW_SITES } from './review-texts';

const params = { seed: '1', untilDay: 20_500, historyDays: 365, maxPerProduct: 12 };

describe('imported reviews', () => {
  const universe = new ProductUniverse(params);
  const products = [...universe.products(2_000)];
  const reviews = products.flatMap((product) =>
    reviewsOf(product, ['de', 'fr'], params).map((review) => ({ product, review })),
  );

  it('rates 1 to 5 with the J-shape of review sites, and more reviews for popular products', () => {
    const counts = [1, 2, 3, 4, 5].map((stars) => reviews.filter(({ review }) => review.rating === stars).length);
    expect(reviews.length).toBeGreaterThan(2_000);
    expect(counts[4]).toBeGreaterThan(counts[3] as number);
    expect(counts[3]).toBeGreaterThan(counts[2] as number);
    expect(counts[0]).toBeGreaterThan(counts[1] as number);
    const mean = reviews.reduce((sum, { review }) => sum + review.rating, 0) / reviews.length;
    expect(mean).toBeGreaterThan(3.6);
    expect(mean).toBeLessThan(4.4);
    const popular = products.filter((p) => p.popularity > 0.5);
    const rare = products.filter((p) => p.popularity < 0.1);
    const perProduct = (group: typeof products) =>
      reviews.filter(({ product }) => group.includes(product)).length / group.length;
    expect(perProduct(popular)).toBeGreaterThan(2 * perProduct(rare));
  });

  it('writes in the languages of the product’s shops, from their review sites, with stable source ids', () => {
    for (const { product, review } of reviews) {
      expect(['de', 'fr']).toContain(review.language);
      expect(review.sourceDomain).toBe(REVIEW_SITES[review.language]);
      expect(review.body).not.toMatch(/[{}]/);
      expect(review.publishedAt.getTime()).toBeLessThan(params.untilDay * 86_400_000);
      expect(review.publishedAt.getTime()).toBeGreaterThanOrEqual(
        Math.max(product.launchDay, params.untilDay - params.historyDays) * 86_400_000,
      );
    }
    expect(new Set(reviews.map(({ review }) => review.sourceReviewId)).size).toBe(reviews.length);
    expect(reviewsOf(products[7]!, ['de', 'fr'], params)).toEqual(reviewsOf(products[7]!, ['de', 'fr'], params));
    expect(reviewsOf(products[7]!, ['de'], { ...params, maxPerProduct: 0 })).toEqual([]);
  });
});
