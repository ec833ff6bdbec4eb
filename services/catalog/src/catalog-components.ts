import { AuditLog } from '@pc/audit-log/audit-log';
import type { StaffCheck } from '@pc/staff-access/staff-check';
import { testDataDir } from '@pc/kit/config/test-data';
import { Outbox } from '@pc/kit/events/outbox';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import type { EventBus } from '@pc/kit/ports/event-bus';
import type { Logger } from 'pino';
import { BrandUpdater } from './brands/brand-updater.js';
import { CategoryCreator } from './categories/category-creator.js';
import { CategoryDeleter } from './categories/category-deleter.js';
import { CategoryResolver } from './categories/category-resolver.js';
import { CategoryTreeSync } from './categories/category-tree-sync.js';
import { CategoryUpdater } from './categories/category-updater.js';
import { DerivedSync } from './derived/derived-sync.js';
import { ProductCounts } from './derived/product-counts.js';
import { ProductRatings } from './derived/product-ratings.js';
import { ProductRepublisher } from './derived/product-republisher.js';
import { TOKEN_STATISTICS_DEFAULTS, TokenStatistics, type TokenStatisticsOptions } from './derived/token-statistics.js';
import { OfferMatcher } from './offer-matching/offer-matcher.js';
import type { PlanWriterDependencies } from './offer-matching/plan-writer.js';
import { ProductEnricher } from './offer-matching/product-enricher.js';
import { DuplicateFinder } from './moderation/duplicate-finder.js';
import { MergeMoves } from './product-edits/merge-moves.js';
import { ProductChangeWriter } from './product-edits/product-change-writer.js';
import { ProductMerger } from './product-edits/product-merger.js';
import { ProductSplitter } from './product-edits/product-splitter.js';
import { ProductUpdater } from './product-edits/product-updater.js';
import { ReviewMover } from './reviews/review-mover.js';
import { ReviewWriter } from './reviews/review-writer.js';
import { BrandRepository } from './store/brand-repository.js';
import { CategoryRepository } from './store/category-repository.js';
import { OfferLinkRepository } from './store/offer-link-repository.js';
import { ProductKeyRepository } from './store/product-key-repository.js';
import { ProductRelationsLoader } from './store/product-relations.js';
import { ProductRepository } from './store/product-repository.js';
import { ReviewRepository } from './store/review-repository.js';
import { SyncJournalRepository } from './store/sync-journal-repository.js';
import { TokenStatisticsRepository } from './store/token-statistics-repository.js';
import { ProductTypes } from './offer-matching/product-types.js';
import { builtinGoogleTaxonomy } from './taxonomy/builtin-taxonomy.js';
import { loadGoogleTaxonomy, type GoogleTaxonomy } from './taxonomy/google-taxonomy.js';

/** The staff's writes (UpdateProduct, MergeProducts, UpdateBrand, CreateCategory, UpdateCategory). */
export interface CatalogAdmin {
  readonly staff: StaffCheck;
  /** Every staff write's entry, before and after (ADR 042a); the shopping panel reads it. */
  readonly audit: AuditLog;
  readonly products: ProductRepository;
  readonly brands: BrandRepository;
  readonly categories: CategoryRepository;
  readonly productUpdater: ProductUpdater;
  readonly productMerger: ProductMerger;
  /** MoveOfferLinks: offers and GTINs split off to another product or a new one (ADR 060, 065). */
  readonly productSplitter: ProductSplitter;
  readonly brandUpdater: BrandUpdater;
  readonly categoryCreator: CategoryCreator;
  readonly categoryUpdater: CategoryUpdater;
  readonly categoryDeleter: CategoryDeleter;
  /** The shopping panel's moderation (ADR 060): duplicates with evidence, offer links and vetoes, the review queue. */
  readonly duplicates: DuplicateFinder;
  readonly links: OfferLinkRepository;
  readonly reviews: ReviewRepository;
}

/** The catalog's parts, wired once: repositories, the outbox, derived data, matching, reviews, admin writes. */
export interface CatalogComponents extends PlanWriterDependencies {
  readonly reviews: ReviewRepository;
  readonly links: OfferLinkRepository;
  readonly matcher: OfferMatcher;
  readonly reviewWriter: ReviewWriter;
  readonly categories: CategoryRepository;
  readonly admin: CatalogAdmin;
  /** The title-token weights matching uses, learned from the catalog's products. */
  readonly tokenStatistics: TokenStatistics;
  /** The product-type words of the offers' categories (`ProductTypeWords`). */
  readonly productTypes: ProductTypes;
  /** The Google product taxonomy, read on first need; the built-in list when absent or unreadable. */
  readonly taxonomy: () => Promise<GoogleTaxonomy>;
}

export async function openCatalogComponents(
  documents: DocumentStore,
  bus: EventBus,
  logger: Logger,
  staff: StaffCheck,
  tokenStatisticsOptions: TokenStatisticsOptions = TOKEN_STATISTICS_DEFAULTS,
): Promise<CatalogComponents> {
  const outbox = new Outbox(bus, 'catalog', logger);
  const [categories, brands, products, keys, links, reviews, journal, statistics, audit] = await Promise.all([
    CategoryRepository.open(documents, outbox),
    BrandRepository.open(documents),
    ProductRepository.open(documents),
    ProductKeyRepository.open(documents),
    OfferLinkRepository.open(documents),
    ReviewRepository.open(documents),
    SyncJournalRepository.open(documents),
    TokenStatisticsRepository.open(documents),
    AuditLog.open(documents, 'catalog'),
  ]);
  const relations = new ProductRelationsLoader(brands, categories);
  const productWriter = new ProductChangeWriter(products, relations, outbox);
  const ratings = new ProductRatings(products, reviews, relations, outbox);
  const counts = new ProductCounts(products, brands, categories);
  const merges = new MergeMoves({
    products,
    brands,
    keys,
    links,
    reviewMover: new ReviewMover(reviews),
    writer: productWriter,
  });
  const republisher = new ProductRepublisher(products, brands, categories, productWriter);
  const tree = new CategoryTreeSync(categories);
  const derived = new DerivedSync(
    { journal, products, brands, keys, reviews, counts, ratings, merges, tree, republisher },
    logger,
  );
  // Read on first need (about 4 MB). Without Google's files (or when they are unreadable) the
  // built-in list keys the demo feeds' ids and localized paths, so the tree stays one tree.
  const taxonomy = once(async (): Promise<GoogleTaxonomy> => {
    try {
      const loaded = await loadGoogleTaxonomy(testDataDir());
      if (loaded) return loaded;
      logger.warn('Google product taxonomy not found (PC_TEST_DATA): categories come from the built-in list');
    } catch (error) {
      logger.warn({ err: error }, 'Google product taxonomy could not be read: categories come from the built-in list');
    }
    return builtinGoogleTaxonomy();
  });
  const writer: PlanWriterDependencies = {
    products,
    brands,
    keys,
    links,
    categoryResolver: new CategoryResolver(categories, taxonomy),
    relations,
    enricher: new ProductEnricher(productWriter),
    derived,
    outbox,
  };
  const tokenStatistics = new TokenStatistics(
    { products, brands, categories, statistics },
    logger,
    tokenStatisticsOptions,
  );
  const productTypes = new ProductTypes(taxonomy, () => tokenStatistics.vocabulary());
  return {
    ...writer,
    reviews,
    links,
    categories,
    taxonomy,
    tokenStatistics,
    productTypes,
    matcher: new OfferMatcher({ ...writer, categories, tokenStatistics, productTypes }),
    reviewWriter: new ReviewWriter(products, reviews, derived, staff, audit),
    admin: {
      staff,
      audit,
      products,
      brands,
      categories,
      productUpdater: new ProductUpdater({ products, brands, categories, keys, writer: productWriter, derived }),
      productMerger: new ProductMerger({ products, brands, categories, keys, writer: productWriter, derived }),
      productSplitter: new ProductSplitter({
        products,
        brands,
        categories,
        keys,
        links,
        writer: productWriter,
        derived,
      }),
      brandUpdater: new BrandUpdater(brands, derived),
      categoryCreator: new CategoryCreator(categories),
      categoryUpdater: new CategoryUpdater(categories, derived),
      categoryDeleter: new CategoryDeleter(categories, products),
      duplicates: new DuplicateFinder({ products, brands, keys, links, reviews, tokenStatistics }),
      links,
      reviews,
    },
  };
}

/** A lazy value computed at most once. */
function once<T>(compute: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= compute());
}
