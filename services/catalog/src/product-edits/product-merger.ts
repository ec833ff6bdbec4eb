import { FailedPreconditionError, NotFoundError } from '@pc/kit/errors/domain-errors';
import { markMerged } from '../domain/merge-products.js';
import type { StoredProduct } from '../store/product-repository.js';
import type { SyncJournalEntry } from '../store/sync-journal-repository.js';
import type { ProductEditDependencies } from './product-edit-dependencies.js';
import { editableProduct } from './product-states.js';

/**
 * MergeProducts: duplicates (a matcher's false negatives) folded into one product. The journal
 * entry is written first; then each source becomes MERGED with its ProductChanged (search drops
 * it, offers moves its offers to the target); then the entry's work moves GTINs, offers' links and
 * reviews (`MergeMoves`) and recounts ratings, brand and category counts. A retry of the same merge
 * is harmless: sources already merged into the target are only moved again, idempotently.
 */
export class ProductMerger {
  constructor(private readonly deps: ProductEditDependencies) {}

  async merge(targetId: string, sourceIds: readonly string[], now = new Date()): Promise<StoredProduct> {
    const { products, writer, derived } = this.deps;
    const target = editableProduct(await products.get(targetId), targetId);
    const sources = await this.sources(targetId, sourceIds);
    const entry: SyncJournalEntry = {
      productIds: [targetId],
      brandIds: [target, ...sources].map((p) => p.brandId).filter((id) => id !== ''),
      categoryIds: [target, ...sources].map((p) => p.categoryId).filter((id) => id !== ''),
      ratingProductIds: [targetId, ...sourceIds],
      addedReviewIds: [],
      merges: [{ targetId, sourceIds: [...sourceIds] }],
    };
    const journalId = await derived.begin(entry);
    try {
      for (const source of sources)
        await writer.apply(source._id, (current) => markMerged(current, targetId, now.toISOString()), source);
    } finally {
      await derived.finish(journalId, entry);
    }
    return (await products.get(targetId)) ?? target;
  }

  /** Every source exists and is not merged elsewhere (merged into this target already: a retry). */
  private async sources(targetId: string, sourceIds: readonly string[]): Promise<StoredProduct[]> {
    const found = await this.deps.products.getMany(sourceIds);
    return sourceIds.map((id) => {
      const source = found.get(id);
      if (!source) throw new NotFoundError('product', id);
      if (source.status === 'merged' && source.mergedIntoProductId !== targetId) {
        throw new FailedPreconditionError(`product ${id} was merged into ${source.mergedIntoProductId} already`, {
          reason: 'PRODUCT_MERGED',
          metadata: { product_id: id },
        });
      }
      return source;
    });
  }
}
