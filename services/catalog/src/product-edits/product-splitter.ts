import { FailedPreconditionError, NotFoundError } from '@pc/kit/errors/domain-errors';
import { FieldChecks } from '@pc/kit/errors/field-checks';
import { hashId } from '../domain/ids.js';
import { newProductFromSplit, withGtinsMoved } from '../domain/split-product.js';
import type { OfferLinkRecord, OfferLinkRepository } from '../store/offer-link-repository.js';
import type { StoredProduct } from '../store/product-repository.js';
import type { SyncJournalEntry } from '../store/sync-journal-repository.js';
import type { ProductEditDependencies } from './product-edit-dependencies.js';
import { editableProduct } from './product-states.js';
import type { NewSplitTarget, SplitInput } from './split-input.js';

export interface SplitDependencies extends ProductEditDependencies {
  readonly links: OfferLinkRepository;
}

/** What a split did: the target (`created` when this call wrote it), the links and GTINs it moved. */
export interface SplitResult {
  readonly source: StoredProduct;
  readonly target: StoredProduct;
  readonly created: boolean;
  readonly links: readonly OfferLinkRecord[];
  readonly gtins: readonly string[];
}

/** The target of a split before anything is written: an existing product or the one to create. */
type PlannedTarget = { readonly existing: StoredProduct } | { readonly id: string; readonly spec: NewSplitTarget };

/**
 * MoveOfferLinks (ADR 060, 065): picked offers of a product, and picked GTINs, move to another
 * product — an existing one, or one the split creates from the staff's texts (brand and category
 * the source's unless given). Order, under a journal entry written first: GTIN claims handed to
 * the target (rewritten in place, so no offer claims them in between), the target created with
 * its ProductCreated or given the GTINs with its ProductChanged, the source without them, then the
 * links (the source vetoed for them); the entry's work files title keys and recounts. A new
 * product's id is derived from the source and the picked offers, and links or GTINs already at
 * that target count as moved: a retried call completes what its first attempt began.
 */
export class ProductSplitter {
  constructor(private readonly deps: SplitDependencies) {}

  async split(input: SplitInput, now = new Date()): Promise<SplitResult> {
    const { products, links, keys, writer, derived } = this.deps;
    const source = editableProduct(await products.get(input.productId), input.productId);
    const planned = await this.plannedTarget(input);
    const targetId = 'existing' in planned ? planned.existing._id : planned.id;
    const existingTarget = 'existing' in planned ? planned.existing : await products.get(planned.id);
    const found = await links.getMany(input.linkIds);
    const checks = new FieldChecks();
    const records = input.linkIds.flatMap((id, i) => {
      const link = found.get(id);
      // Already at a product this split creates: moved by an earlier attempt of this very call.
      const retried = 'spec' in planned && link?.productId === targetId;
      if (link && (link.productId === input.productId || retried)) return [link];
      checks.add(`offers[${i}]`, 'is not linked to the product', 'linked');
      return [];
    });
    input.gtins.forEach((gtin, i) => {
      if (!source.gtins.includes(gtin) && !('spec' in planned && existingTarget?.gtins.includes(gtin)))
        checks.add(`gtins[${i}]`, 'is not a GTIN of the product', 'of_product');
    });
    const spec = 'spec' in planned ? await this.resolveSpec(checks, planned.spec, source) : null;
    checks.done();

    const at = now.toISOString();
    const gtins = input.gtins.filter((gtin) => source.gtins.includes(gtin));
    const journal = journalEntry(source, targetId, spec, gtins);
    const journalId = await derived.begin(journal);
    let target: StoredProduct | null = existingTarget;
    let created = false;
    try {
      await keys.moveGtinClaims(gtins, source._id, targetId);
      if (spec && !existingTarget) {
        const record = newProductFromSplit(source, { ...spec, id: targetId, gtins, now: at });
        target = await writer.create(record);
        created = target !== null;
        target ??= await products.get(targetId);
      } else if (target) {
        target = await writer.apply(targetId, (current) => withGtinsMoved(current, [], gtins, at), target);
      }
      if (!target) throw new Error(`split target ${targetId} vanished while being written`);
      await writer.apply(source._id, (current) => withGtinsMoved(current, gtins, [], at), source);
      await links.moveTo(
        records.filter((link) => link.productId === source._id),
        targetId,
        at,
      );
    } finally {
      await derived.finish(journalId, journal);
    }
    const [sourceAfter, targetAfter] = await Promise.all([products.get(source._id), products.get(targetId)]);
    return { source: sourceAfter ?? source, target: targetAfter ?? target, created, links: records, gtins };
  }

  /** The existing target (NOT_FOUND, or FAILED_PRECONDITION when merged or hidden), or the one to create. */
  private async plannedTarget(input: SplitInput): Promise<PlannedTarget> {
    if (input.newProduct)
      return { id: hashId(['split', input.productId, ...[...input.linkIds].sort()], 12), spec: input.newProduct };
    const target = await this.deps.products.get(input.targetId);
    if (!target) throw new NotFoundError('product', input.targetId);
    if (target.status !== 'active')
      throw new FailedPreconditionError(`product ${input.targetId} is ${target.status}`, {
        reason: target.status === 'merged' ? 'PRODUCT_MERGED' : 'PRODUCT_HIDDEN',
      });
    return { existing: target };
  }

  /** The new product's brand and category (the source's when not given); unknown ids are field errors. */
  private async resolveSpec(checks: FieldChecks, spec: NewSplitTarget, source: StoredProduct) {
    const brandId = spec.brandId || source.brandId;
    const categoryId = spec.categoryId || source.categoryId;
    const [brand, category] = await Promise.all([
      brandId ? this.deps.brands.get(brandId) : null,
      categoryId ? this.deps.categories.get(categoryId) : null,
    ]);
    if (brandId && !brand) checks.add('new_product.brand_id', 'is not a known brand', 'exists');
    if (categoryId && !category) checks.add('new_product.category_id', 'is not a known category', 'exists');
    return {
      texts: spec.texts,
      brandId: brand?._id ?? '',
      brandName: brand?.name ?? '',
      categoryPathIds: category ? [...category.ancestorIds, category._id] : [],
    };
  }
}

/** Title keys of both products, a new product's brand and category recounted, the moved claims checked. */
function journalEntry(
  source: StoredProduct,
  targetId: string,
  created: { readonly brandId: string; readonly categoryPathIds: readonly string[] } | null,
  gtins: readonly string[],
): SyncJournalEntry {
  const categoryId = created?.categoryPathIds[created.categoryPathIds.length - 1];
  return {
    productIds: [source._id, targetId],
    brandIds: created?.brandId ? [created.brandId] : [],
    categoryIds: categoryId ? [categoryId] : [],
    ratingProductIds: [],
    addedReviewIds: [],
    // Released when the target does not carry it after all (a crash before its write).
    gtinChecks: gtins.map((gtin) => ({ productId: targetId, gtin })),
  };
}
