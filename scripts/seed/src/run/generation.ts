import { ProductUniverse } from '../catalog/product-universe.js';
import { saleSeasons } from '../history/sale-calendar.js';
import { ShopSeasons } from '../history/shop-seasons.js';
import type { TimelineContext } from '../history/offer-timeline.js';
import { observationBatches } from '../ingest/observation-stream.js';
import type { PendingObservation } from '../ingest/observation.js';
import { OfferPlanner } from '../offers/offer-planner.js';
import type { SeedOptions } from '../cli/seed-options.js';
import { generateShops } from '../shops/shop-directory.js';
import type { SeedShop } from '../shops/seed-shop.js';
import type { Taxonomy } from '../taxonomy/category.js';

/** Everything a run generates, before anything is published. */
export interface Generation {
  readonly shops: readonly SeedShop[];
  readonly universe: ProductUniverse;
  readonly planner: OfferPlanner;
  /**
   * The observation stream for the given shop ids (real ones, or stand-ins in a dry run); with
   * `pastBefore`, the history import's part of it (ingest/observation-stream.ts).
   */
  observations(shopIds: readonly string[], pastBefore?: Date): Generator<PendingObservation[]>;
}

export function prepareGeneration(options: SeedOptions, taxonomy: Taxonomy): Generation {
  const { seed, untilDay, historyDays } = options;
  const shops = generateShops(seed, options.shops);
  const universe = new ProductUniverse({ seed, untilDay, historyDays });
  const planner = new OfferPlanner(
    { seed, untilDay, historyDays, imageBaseUrl: options.imageBaseUrl },
    shops,
    taxonomy,
  );
  const context: TimelineContext = {
    seed,
    untilDay,
    historyDays,
    seasons: new ShopSeasons(seed, saleSeasons(untilDay - historyDays, untilDay)),
  };
  return {
    shops,
    universe,
    planner,
    observations: (shopIds, pastBefore) =>
      observationBatches(universe, planner, context, {
        seed,
        untilDay,
        historyDays,
        products: options.products,
        cohortSize: options.cohortSize,
        batchSize: options.batchSize,
        shopIds,
        pastBefore,
      }),
  };
}

/** Stand-in shop ids for a dry run (no offers service to register with). */
export const dryRunShopIds = (shops: readonly SeedShop[]): string[] =>
  shops.map((shop) => `dry-run-shop-${shop.index}`);
