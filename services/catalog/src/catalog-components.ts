import { findSharedDataDir } from '@pc/kit/config/shared-data';
import { Outbox } from '@pc/kit/events/outbox';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import type { EventBus } from '@pc/kit/ports/event-bus';
import type { Logger } from 'pino';
import { CategoryResolver } from './categories/category-resolver.js';
import { DerivedSync } from './derived/derived-sync.js';
import { ProductCounts } from './derived/product-counts.js';
import { ProductRatings } from './derived/product-ratings.js';
import { OfferMatcher } from './offer-matching/offer-matcher.js';
import type { PlanWriterDependencies } from './offer-matching/plan-writer.js';
import { ProductEnricher } from './offer-matching/product-enricher.js';
import { ReviewWriter } from './reviews/review-writer.js';
import { BrandRepository } from './store/brand-repository.js';
import { CategoryRepository } from './store/category-repository.js';
import { OfferLinkRepository } from './store/offer-link-repository.js';
import { ProductKeyRepository } from './store/product-key-repository.js';
import { ProductRelationsLoader } from './store/product-relations.js';
import { ProductRepository } from './store/product-repository.js';
import { ReviewRepository } from './store/review-repository.js';
import { SyncJournalRepository } from './store/sync-journal-repository.js';
import { loadGoogleTaxonomy, type GoogleTaxonomy } from './taxonomy/google-taxonomy.js';

/** The catalog's parts, wired once: repositories, the outbox, derived data, matching, reviews. */
export interface CatalogComponents extends PlanWriterDependencies {
  readonly reviews: ReviewRepository;
  readonly links: OfferLinkRepository;
  readonly matcher: OfferMatcher;
  readonly reviewWriter: ReviewWriter;
  readonly categories: CategoryRepository;
  /** The Google product taxonomy, read on first need; null when absent or unreadable. */
  readonly taxonomy: () => Promise<GoogleTaxonomy | null>;
}

export async function openCatalogComponents(documents: DocumentStore, bus: EventBus, logger: Logger): Promise<CatalogComponents> {
  const [categories, brands, products, keys, links, reviews, journal] = await Promise.all([
    CategoryRepository.open(documents),
    BrandRepository.open(documents),
    ProductRepository.open(documents),
    ProductKeyRepository.open(documents),
    OfferLinkRepository.open(documents),
    ReviewRepository.open(documents),
    SyncJournalRepository.open(documents),
  ]);
  const outbox = new Outbox(bus, 'catalog', logger);
  const relations = new ProductRelationsLoader(brands, categories);
  const ratings = new ProductRatings(products, reviews, relations, outbox);
  const counts = new ProductCounts(products, brands, categories);
  const derived = new DerivedSync({ journal, products, brands, keys, reviews, counts, ratings }, logger);
  // Read on first need (about 4 MB); a missing or unreadable taxonomy leaves categories to the
  // offers' category paths rather than failing their matching.
  const taxonomy = once(async (): Promise<GoogleTaxonomy | null> => {
    try {
      const loaded = await loadGoogleTaxonomy(findSharedDataDir());
      if (!loaded) logger.warn('Google product taxonomy not found (PC_SHARED_DATA): categories come from offers\' category paths only');
      return loaded;
    } catch (error) {
      logger.warn({ err: error }, 'Google product taxonomy could not be read: categories come from offers\' category paths only');
      return null;
    }
  });
  const writer: PlanWriterDependencies = {
    products,
    brands,
    keys,
    links,
    categoryResolver: new CategoryResolver(categories, taxonomy),
    relations,
    enricher: new ProductEnricher(products, relations, outbox),
    derived,
    outbox,
  };
  return {
    ...writer,
    reviews,
    links,
    categories,
    taxonomy,
    matcher: new OfferMatcher(writer),
    reviewWriter: new ReviewWriter(products, reviews, derived),
  };
}

/** A lazy value computed at most once. */
function once<T>(compute: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= compute());
}
