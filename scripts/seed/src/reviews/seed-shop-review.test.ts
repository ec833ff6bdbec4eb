import { generateShops } from '../shops/shop-directory';
import { DEMO_VISITORS, demoVisitor, shopReviewsOf } from './seed-shop-review';

describe("the demo visitors' shop reviews", () => {
  const shops = generateShops('1', 60);
  const plan = shopReviewsOf(shops, '1');
  const all = [...plan.values()].flat();

  it('gives each shop up to five reviews by different visitors, in its language, as the platform takes them', () => {
    expect(all.length).toBeGreaterThan(60);
    for (const shop of shops) {
      const reviews = plan.get(shop.index) ?? [];
      expect(reviews.length).toBeLessThanOrEqual(5);
      expect(new Set(reviews.map((review) => review.visitor)).size).toBe(reviews.length);
      for (const review of reviews) {
        expect(review.language).toBe(shop.language);
        expect(review.rating).toBeGreaterThanOrEqual(1);
        expect(review.rating).toBeLessThanOrEqual(5);
        expect(review.title.length).toBeLessThanOrEqual(120);
        expect(review.body.length).toBeGreaterThanOrEqual(20);
        expect(review.body).not.toContain('{shop}');
      }
    }
  });

  it('keeps every visitor under the daily limit of ten, and is the same for the same seed', () => {
    const perVisitor = new Map<number, number>();
    for (const review of all) perVisitor.set(review.visitor, (perVisitor.get(review.visitor) ?? 0) + 1);
    expect(Math.max(...perVisitor.values())).toBeLessThanOrEqual(8);
    expect([...perVisitor.keys()].every((visitor) => visitor < DEMO_VISITORS)).toBe(true);
    expect(shopReviewsOf(shops, '1')).toEqual(plan);
    expect(shopReviewsOf(shops, '2')).not.toEqual(plan);
  });

  it('names each visitor in a language of the site, with an address of a reserved domain', () => {
    const visitors = Array.from({ length: DEMO_VISITORS }, (_, i) => demoVisitor(i));
    expect(new Set(visitors.map((visitor) => visitor.email)).size).toBe(DEMO_VISITORS);
    for (const visitor of visitors) {
      expect(visitor.email).toMatch(/^visitor-\d+@demo-visitors\.example$/);
      expect(visitor.name).toMatch(/^\S+ [A-Z]\.$/);
    }
  });
});
