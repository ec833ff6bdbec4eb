// How well catalog groups the seed's offers into the products they were generated from: the
// whole matching path (GTIN and MPN claims, blocking keys, the planner, token statistics) on
// offers in six languages with each shop's own title, in-process on an embedded store. The
// generator is ours, so this measures the system on data we designed, not the matcher's quality
// in general (that is the public benchmarks' job, docs/matching-report.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { MatchProductRequest } from '@pc/proto/catalog/v1/catalog';
import { pino } from 'pino';
import { openCatalogComponents } from '../../services/catalog/src/catalog-components';
import { TOKEN_STATISTICS_DEFAULTS } from '../../services/catalog/src/derived/token-statistics';
import { staffWithoutAccounts } from '../../services/catalog/src/test-support/no-accounts';
import { parseSeedOptions } from '../seed/src/cli/seed-options';
import type { SeedOffer } from '../seed/src/offers/seed-offer';
import { prepareGeneration } from '../seed/src/run/generation';
import { loadTaxonomy } from '../seed/src/taxonomy/load-taxonomy';

/** catalog.MatchProducts' largest batch, as offers sends them. */
const BATCH = 500;

export interface SeedGrouping {
  readonly products: number;
  readonly offers: number;
  /** Offers per method catalog answered (created, gtin, brand_mpn, title, invalid). */
  readonly methods: ReadonlyMap<string, number>;
  /** Pairs of offers of one generated product, pairs catalog put in one product, and both. */
  readonly truePairs: number;
  readonly groupedPairs: number;
  readonly correctPairs: number;
  /** Generated products whose offers landed in more than one catalog product. */
  readonly split: number;
  /** Catalog products holding offers of more than one generated product. */
  readonly merged: number;
  /** Token statistics were in use for the last batches (the catalog reached their minimum). */
  readonly learnedWeights: boolean;
}

const pairs = (count: number): number => (count * (count - 1)) / 2;

function request(offer: SeedOffer): MatchProductRequest {
  return MatchProductRequest.fromPartial({
    shopId: `seed-shop-${offer.shop.index}`,
    shopOfferId: offer.shopOfferId,
    title: offer.title,
    description: offer.description,
    brand: offer.brand,
    gtin: offer.gtin,
    mpn: offer.mpn,
    categoryPath: offer.categoryPath,
    googleProductCategoryId: offer.googleCategoryId,
    language: offer.language,
    createIfMissing: true,
  });
}

/** Matches the offers of the seed's first `products` products in the order shops list them;
 *  with `weights: 'kind'` as a catalog too small for token statistics would. */
export async function groupSeedOffers(
  products: number,
  weights: 'learned' | 'kind' = 'learned',
): Promise<SeedGrouping> {
  // A fixed "today": the same products, offers and titles on every run.
  const options = parseSeedOptions(['--products', String(products)], {}, new Date('2026-11-01T00:00:00Z'));
  if (options === 'help') throw new Error('unreachable');
  const generation = prepareGeneration(options, loadTaxonomy());
  const offers = [...generation.universe.products(products)].flatMap((product) => generation.planner.offersOf(product));
  // As a crawl first sees them: by the day and minute each shop lists the offer.
  offers.sort((a, b) => a.startDay - b.startDay || a.minuteOfDay - b.minuteOfDay);

  const dataDir = mkdtempSync(join(tmpdir(), 'seed-grouping-'));
  const documents = await openEmbeddedDocumentStore({ path: join(dataDir, 'catalog.sqlite') });
  const bus = openEmbeddedEventBus({ path: join(dataDir, 'events.sqlite') });
  try {
    const logger = pino({ level: 'silent' });
    const statistics = {
      ...TOKEN_STATISTICS_DEFAULTS,
      minProducts: weights === 'kind' ? Number.POSITIVE_INFINITY : TOKEN_STATISTICS_DEFAULTS.minProducts,
    };
    const catalog = await openCatalogComponents(documents, bus, logger, staffWithoutAccounts(), statistics);
    const methods = new Map<string, number>();
    const productOf = new Map<SeedOffer, string>();
    for (let start = 0; start < offers.length; start += BATCH) {
      const batch = offers.slice(start, start + BATCH);
      const results = await catalog.matcher.matchAll(batch.map(request));
      results.forEach((result, index) => {
        const method = result.kind === 'done' ? (result.match?.method ?? 'unmatched') : 'invalid';
        methods.set(method, (methods.get(method) ?? 0) + 1);
        if (result.kind === 'done' && result.match) productOf.set(batch[index]!, result.match.productId);
      });
      // Offers' matcher would have seen catalog's periodic refresh by now.
      await catalog.tokenStatistics.refresh();
    }
    return {
      products,
      offers: offers.length,
      methods,
      ...pairCounts(productOf),
      learnedWeights: catalog.tokenStatistics.weights().learned,
    };
  } finally {
    await bus.close();
    await documents.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function pairCounts(productOf: ReadonlyMap<SeedOffer, string>) {
  const bySeed = new Map<number, Map<string, number>>();
  const byCatalog = new Map<string, Set<number>>();
  const catalogSizes = new Map<string, number>();
  for (const [offer, productId] of productOf) {
    const seedIndex = offer.product.index;
    const cells = bySeed.get(seedIndex) ?? new Map<string, number>();
    cells.set(productId, (cells.get(productId) ?? 0) + 1);
    bySeed.set(seedIndex, cells);
    byCatalog.set(productId, (byCatalog.get(productId) ?? new Set()).add(seedIndex));
    catalogSizes.set(productId, (catalogSizes.get(productId) ?? 0) + 1);
  }
  let truePairs = 0;
  let correctPairs = 0;
  for (const cells of bySeed.values()) {
    truePairs += pairs([...cells.values()].reduce((sum, count) => sum + count, 0));
    for (const count of cells.values()) correctPairs += pairs(count);
  }
  const groupedPairs = [...catalogSizes.values()].reduce((sum, count) => sum + pairs(count), 0);
  const split = [...bySeed.values()].filter((cells) => cells.size > 1).length;
  const merged = [...byCatalog.values()].filter((seeds) => seeds.size > 1).length;
  return { truePairs, groupedPairs, correctPairs, split, merged };
}
