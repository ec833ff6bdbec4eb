import { absorbDuplicates, repointMerged } from '../domain/merge-products.js';
import { titleKeyRecords } from '../derived/title-keys.js';
import type { ReviewMover } from '../reviews/review-mover.js';
import type { BrandRepository } from '../store/brand-repository.js';
import type { OfferLinkRepository } from '../store/offer-link-repository.js';
import type { ProductKeyRepository } from '../store/product-key-repository.js';
import type { ProductRepository } from '../store/product-repository.js';
import type { MergeWork } from '../store/sync-journal-repository.js';
import type { ProductChangeWriter } from './product-change-writer.js';

export interface MergeMovesDependencies {
  readonly products: ProductRepository;
  readonly brands: BrandRepository;
  readonly keys: ProductKeyRepository;
  readonly links: OfferLinkRepository;
  readonly reviewMover: ReviewMover;
  readonly writer: ProductChangeWriter;
}

/**
 * What follows a merge once its sources are marked MERGED (run from the journal entry, so a
 * crash half way is completed by the repair): the target takes in the sources' GTINs and what it
 * lacks; their GTIN and MPN claims, offers' links and reviews move to it (new offers of those
 * shop items, GTINs and MPNs match the target); their title keys go; products merged into a
 * source earlier are pointed at the target. Only sources merged into this target are moved, and
 * every step is idempotent.
 */
export class MergeMoves {
  constructor(private readonly deps: MergeMovesDependencies) {}

  async complete({ targetId, sourceIds }: MergeWork): Promise<void> {
    const { products, brands, keys, links, reviewMover, writer } = this.deps;
    const now = new Date().toISOString();
    const sources = [...(await products.getMany(sourceIds)).values()].filter(
      (p) => p.status === 'merged' && p.mergedIntoProductId === targetId,
    );
    if (sources.length === 0) return;
    const ids = sources.map((source) => source._id);
    await writer.apply(targetId, (target) => absorbDuplicates(target, sources, now));
    await keys.reassignClaims(ids, targetId);
    await links.relink(ids, targetId);
    // "This offer is not that product" holds for what the product became (ADR 065).
    await links.carryVetoes(ids, targetId);
    await reviewMover.move(ids, targetId);
    const brandById = await brands.getMany(sources.map((source) => source.brandId));
    await keys.deleteTitleKeys(
      sources.flatMap((source) =>
        titleKeyRecords(source, brandById.get(source.brandId)?.name ?? '').map((key) => key._id),
      ),
    );
    const from = new Set(ids);
    for (const earlier of await products.mergedInto(ids)) {
      await writer.apply(earlier._id, (current) => repointMerged(current, from, targetId, now), earlier);
    }
  }
}
