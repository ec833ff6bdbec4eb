import { Rng } from '../random/prng.js';
import type { SeedShop } from '../shops/seed-shop.js';
import type { SaleSeason } from './sale-calendar.js';

/** A season a shop takes part in, with its shop-wide reduction. */
export interface ShopSale {
  readonly start: number;
  readonly end: number;
  readonly discount: number;
}

/**
 * Which seasonal sales each shop joins and how deep it cuts: decided once per shop, so all of a
 * shop's reduced items show the same reduction, as in a real shop-wide sale.
 */
export class ShopSeasons {
  private readonly byShop = new Map<number, readonly ShopSale[]>();

  constructor(
    private readonly seed: string,
    private readonly seasons: readonly SaleSeason[],
  ) {}

  salesOf(shop: SeedShop): readonly ShopSale[] {
    let sales = this.byShop.get(shop.index);
    if (!sales) {
      sales = this.seasons.flatMap((season) => {
        const rng = Rng.derive(this.seed, 'season', shop.index, season.name);
        if (!rng.chance(season.participation * shop.saleAffinity)) return [];
        const discount = Math.round(rng.float(season.depth[0], season.depth[1]) * 20) / 20;
        return [{ start: season.start, end: season.end, discount }];
      });
      this.byShop.set(shop.index, sales);
    }
    return sales;
  }
}
