import { generateShops } from '../shops/shop-directory.js';
import { seedPromotions } from './seed-promotions.js';

describe('seed promotions', () => {
  const shops = generateShops('seed-test', 24);
  const anchor = new Date('2025-03-10T15:30:00Z');

  it('gives every country running, ending-within-a-day, open-ended and scheduled promotions', () => {
    const promotions = seedPromotions(shops, anchor);
    const countries = [...new Set(shops.map((shop) => shop.country))];
    const day = Date.UTC(2025, 2, 10);
    for (const country of countries) {
      const local = promotions.filter((p) => p.country === country);
      expect(local).toHaveLength(4);
      expect(local.filter((p) => p.endsAt === null)).toHaveLength(1);
      expect(local.filter((p) => p.startsAt.getTime() > day)).toHaveLength(1);
      expect(
        local.some((p) => p.endsAt && p.endsAt.getTime() - day < 2 * 86_400_000 && p.startsAt.getTime() < day),
      ).toBe(true);
      for (const p of local) expect(shops[p.shopIndex]?.country).toBe(country);
    }
  });

  it('is the same for the same shops and day', () => {
    expect(seedPromotions(shops, anchor)).toEqual(seedPromotions(shops, new Date('2025-03-10T01:00:00Z')));
  });
});
