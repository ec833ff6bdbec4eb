import type { Logger } from 'pino';
import type { RatingRecord } from '../domain/product.js';
import type { BrandRepository } from '../store/brand-repository.js';
import type { ProductKeyRepository } from '../store/product-key-repository.js';
import type { ProductRepository } from '../store/product-repository.js';
import type { ReviewRepository } from '../store/review-repository.js';
import type { SyncJournalEntry, SyncJournalRepository } from '../store/sync-journal-repository.js';
import type { ProductCounts } from './product-counts.js';
import type { ProductRatings } from './product-ratings.js';
import { titleKeyRecords } from './title-keys.js';

export interface DerivedSyncDependencies {
  readonly journal: SyncJournalRepository;
  readonly products: ProductRepository;
  readonly brands: BrandRepository;
  readonly keys: ProductKeyRepository;
  readonly reviews: ReviewRepository;
  readonly counts: ProductCounts;
  readonly ratings: ProductRatings;
}

/** Journal entries read per round of a repair. */
const REPAIR_BATCH = 50;

/**
 * Brings what is derived from products (title keys, brand and category counts, ratings and their
 * events) in line after a change, under a journal entry written before the change (see
 * SyncJournalRecord): `begin` before the primary writes, `finish` after them; `repair` redoes
 * entries a crash left behind.
 */
export class DerivedSync {
  constructor(
    private readonly deps: DerivedSyncDependencies,
    private readonly logger: Logger,
  ) {}

  begin(entry: SyncJournalEntry): Promise<string> {
    return this.deps.journal.open(entry);
  }

  /** Applies the entry and closes it; returns the refreshed ratings by product id. */
  async finish(id: string, entry: SyncJournalEntry): Promise<Map<string, RatingRecord | null>> {
    const ratings = await this.apply(entry);
    await this.deps.journal.close(id);
    return ratings;
  }

  /** Drops an entry whose change did not happen (nothing to bring in line). */
  abandon(id: string): Promise<void> {
    return this.deps.journal.close(id);
  }

  /** Redoes the entries older than `olderThanMs`: those of writers that died. */
  async repair(olderThanMs: number): Promise<number> {
    let repaired = 0;
    for (;;) {
      const entries = await this.deps.journal.pending(new Date(Date.now() - olderThanMs), REPAIR_BATCH);
      if (entries.length === 0) break;
      for (const entry of entries) await this.finish(entry._id, entry);
      repaired += entries.length;
    }
    if (repaired > 0) this.logger.info({ repaired }, 'derived data: redid the work of an interrupted run');
    return repaired;
  }

  private async apply(entry: SyncJournalEntry): Promise<Map<string, RatingRecord | null>> {
    const { products, brands, keys, reviews, counts, ratings } = this.deps;
    const touched = [...(await products.getMany(entry.productIds)).values()];
    const brandById = await brands.getMany(touched.map((product) => product.brandId));
    await keys.putTitleKeys(touched.flatMap((product) => titleKeyRecords(product, brandById.get(product.brandId)?.name ?? '')));
    await counts.recountBrands([...entry.brandIds, ...touched.map((product) => product.brandId)]);
    await counts.recountCategories([...entry.categoryIds, ...touched.map((product) => product.categoryId).filter((id) => id !== '')]);

    const refreshed = new Map<string, RatingRecord | null>();
    if (entry.ratingProductIds.length === 0) return refreshed;
    const added = await reviews.getMany(entry.addedReviewIds);
    const now = new Date().toISOString();
    for (const productId of new Set(entry.ratingProductIds)) {
      const rating = await ratings.refresh(
        productId,
        added.filter((review) => review.productId === productId),
        now,
      );
      if (rating !== undefined) refreshed.set(productId, rating);
    }
    return refreshed;
  }
}
