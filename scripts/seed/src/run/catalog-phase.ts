import type { SeedOptions } from '../cli/seed-options.js';
import type { PlatformClients } from '../platform/clients.js';
import {
  addReviewRequest,
  attempt,
  emptyTally,
  enrichmentRequest,
  findCatalogProduct,
  type EnrichmentTally,
} from '../platform/catalog-enrichment.js';
import { mapConcurrently } from '../platform/concurrency.js';
import { reviewsOf } from '../reviews/seed-review.js';
import type { Generation } from './generation.js';
import { thousands, type Report } from './report.js';

/**
 * Products worked on at once. Each product's calls wait on commits one after another; catalog
 * commits the writes of concurrent calls together, so more in flight means fewer commits per
 * product (5,000 products: 8 in flight took 55 s, 32 took 46 s).
 */
const PRODUCTS_IN_FLIGHT = 32;

/**
 * After the ingest: finds each seed product in catalog, adds the manufacturer's data and imports
 * its reviews. Streams over the products like the generation does.
 */
export async function enrichCatalog(
  clients: PlatformClients,
  generation: Generation,
  shopIds: readonly string[],
  actorUserId: string,
  options: SeedOptions,
  report: Report,
): Promise<EnrichmentTally> {
  const tally = emptyTally();
  const reviewParams = {
    seed: options.seed,
    untilDay: options.untilDay,
    historyDays: options.historyDays,
    maxPerProduct: options.reviews,
  };
  let done = 0;
  await mapConcurrently(generation.universe.products(options.products), PRODUCTS_IN_FLIGHT, async (product) => {
    const offers = generation.planner.offersOf(product);
    const productId = await findCatalogProduct(clients, product, offers, shopIds);
    done += 1;
    if (!productId) {
      tally.productsMissing += 1;
      return;
    }
    tally.productsFound += 1;
    const enriched = await attempt(tally, 'UpdateProduct', () =>
      clients.catalog.updateProduct(enrichmentRequest(product, productId, actorUserId, options.imageBaseUrl)),
    );
    if (enriched === 'ok') tally.productsEnriched += 1;
    const languages = [...new Set(offers.map((offer) => offer.language))];
    for (const review of reviewsOf(product, languages, reviewParams)) {
      const added = await attempt(tally, 'AddReview', () =>
        clients.catalog.addReview(addReviewRequest(productId, review)),
      );
      if (added === 'ok') tally.reviewsAdded += 1;
      if (added === 'exists') tally.reviewsExisting += 1;
    }
    report.progress(
      `  catalog: ${thousands(done)}/${thousands(options.products)} products, ${thousands(tally.reviewsAdded)} reviews`,
    );
  });
  report.done();
  return tally;
}
