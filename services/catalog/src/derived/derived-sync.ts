import type { Logger } from 'pino';
import type { CategoryTreeSync } from '../categories/category-tree-sync.js';
import type { RatingRecord } from '../domain/product.js';
import type { MergeMoves } from '../product-edits/merge-moves.js';
import type { BrandRepository } from '../store/brand-repository.js';
import type { ProductKeyRepository } from '../store/product-key-repository.js';
import type { ProductRepository } from '../store/product-repository.js';
import type { ReviewRepository } from '../store/review-repository.js';
import type { SyncJournalEntry, SyncJournalRepository } from '../store/sync-journal-repository.js';
import type { ProductCounts } from './product-counts.js';
import type { ProductRatings } from './product-ratings.js';
import type { ProductRepublisher } from './product-republisher.js';
import { titleKeyRecords } from './title-keys.js';

export interface DerivedSyncDependencies {
  readonly journal: SyncJournalRepository;
  readonly products: ProductRepository;
  readonly brands: BrandRepository;
  readonly keys: ProductKeyRepository;
  readonly reviews: ReviewRepository;
  readonly counts: ProductCounts;
  readonly ratings: ProductRatings;
  /** The staff writes' parts of an entry: merges, category moves, re-publications. */
  readonly merges: MergeMoves;
  readonly tree: CategoryTreeSync;
  readonly republisher: ProductRepublisher;
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
  private readonly background = new Set<Promise<void>>();

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

  /**
   * `finish` without waiting (re-publishing a big brand or subtree outlasts any call's deadline).
   * A failure is logged and left to the repair, which redoes entries once they are stale (30 s, app.ts).
   */
  finishLater(id: string, entry: SyncJournalEntry): void {
    const run = this.finish(id, entry).then(
      () => undefined,
      (error: unknown) =>
        this.logger.warn({ err: error, journalId: id }, 'derived data: background work failed; the repair redoes it'),
    );
    this.background.add(run);
    void run.finally(() => this.background.delete(run));
  }

  /** Waits for the work `finishLater` started (before the store closes). */
  async settle(): Promise<void> {
    await Promise.all([...this.background]);
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
    const { reviews, counts, ratings } = this.deps;
    await this.applyStaffWork(entry);
    // Independent of each other, so they share commits: the entry names the brands and categories
    // whose membership changed (a new product, a move), not every product whose keys follow a name.
    await Promise.all([
      this.putTitleKeys(entry.productIds),
      counts.recountBrands(entry.brandIds),
      counts.recountCategories(entry.categoryIds),
    ]);

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

  private async putTitleKeys(productIds: readonly string[]): Promise<void> {
    const { products, brands, keys } = this.deps;
    const touched = [...(await products.getMany(productIds)).values()];
    const brandById = await brands.getMany(touched.map((product) => product.brandId));
    await keys.putTitleKeys(
      touched.flatMap((product) => titleKeyRecords(product, brandById.get(product.brandId)?.name ?? '')),
    );
  }

  /** Merges first (they move what the recounts read), then claims, then re-publications. */
  private async applyStaffWork(entry: SyncJournalEntry): Promise<void> {
    const { products, keys, merges, tree, republisher } = this.deps;
    for (const merge of entry.merges ?? []) await merges.complete(merge);
    for (const { productId, gtin } of entry.gtinChecks ?? []) {
      if (!(await products.get(productId))?.gtins.includes(gtin)) await keys.releaseGtin(gtin, productId);
    }
    for (const categoryId of entry.republish?.categoryIds ?? []) {
      await tree.fixDescendants(categoryId);
      await republisher.categorySubtree(categoryId);
    }
    for (const brandId of entry.republish?.brandIds ?? []) await republisher.brand(brandId);
  }
}
