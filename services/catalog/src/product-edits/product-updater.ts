import { InvalidArgumentError, NotFoundError, type FieldViolation } from '@pc/kit/errors/domain-errors';
import { applyProductUpdate, type ProductUpdate, type UpdateContext } from '../domain/product-update.js';
import type { ProductChange, ProductRecord } from '../domain/product.js';
import { titleKeyRecords } from '../derived/title-keys.js';
import { normalizeMpn } from '../matching/mpn.js';
import type { StoredBrand } from '../store/brand-repository.js';
import { mpnClaimKey } from '../store/product-key-repository.js';
import type { StoredProduct } from '../store/product-repository.js';
import type { SyncJournalEntry } from '../store/sync-journal-repository.js';
import type { ProductEditDependencies } from './product-edit-dependencies.js';
import { editableProduct } from './product-states.js';
import type { ProductUpdateInput } from './product-update-input.js';

const MAX_ATTEMPTS = 10;

/**
 * UpdateProduct: staff edits of a product, with its ProductChanged in the same write. GTINs are
 * claimed for the product before it carries them (a GTIN of another product is refused: merge
 * the two instead) and released after it stops; a journal entry written first brings claims, title
 * keys and brand and category counts in line even when the process dies half way (ADR 007).
 */
export class ProductUpdater {
  constructor(private readonly deps: ProductEditDependencies) {}

  async update({ productId, expectedVersion, update }: ProductUpdateInput, now = new Date()): Promise<StoredProduct> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      // A lost race with an expected version shows as ABORTED here, on the next read.
      const current = editableProduct(await this.deps.products.get(productId), productId, expectedVersion);
      const { context, brand } = await this.resolve(current, update, now.toISOString());
      const change = applyProductUpdate(current, update, context);
      if (!change) return current;
      const written = await this.write(current, change, brand);
      // Read again: publishing cleared the outbox, a write of its own (the version to expect next).
      if (written) return (await this.deps.products.get(productId)) ?? written;
    }
    throw new Error(`product ${productId}: kept changing under ${MAX_ATTEMPTS} attempts`);
  }

  /** What `update` would refuse, written nowhere (an import's dry run): the product editable, brand, category and GTINs known and free. */
  async check({ productId, expectedVersion, update }: ProductUpdateInput, now = new Date()): Promise<void> {
    const current = editableProduct(await this.deps.products.get(productId), productId, expectedVersion);
    await this.resolve(current, update, now.toISOString());
  }

  /** The new brand and category path (NOT_FOUND for unknown ids); GTINs of other products refused. */
  private async resolve(
    current: StoredProduct,
    update: ProductUpdate,
    now: string,
  ): Promise<{ context: UpdateContext; brand: StoredBrand | null }> {
    const brandId = update.brandId ?? current.brandId;
    const brand = brandId ? await this.deps.brands.get(brandId) : null;
    if (update.brandId && !brand) throw new NotFoundError('brand', update.brandId);
    let categoryPathIds: readonly string[] = [];
    if (update.categoryId) {
      const category = await this.deps.categories.get(update.categoryId);
      if (!category) throw new NotFoundError('category', update.categoryId);
      categoryPathIds = [...category.ancestorIds, category._id];
    }
    const owners = await this.deps.keys.gtinOwners(update.gtins ?? []);
    const taken: FieldViolation[] = (update.gtins ?? []).flatMap((gtin, i) => {
      const owner = owners.get(gtin);
      return owner && owner !== current._id
        ? [
            {
              field: `gtins[${i}]`,
              reason: `is the GTIN of product ${owner}: merge the two products instead`,
              rule: 'unique',
            },
          ]
        : [];
    });
    if (taken.length > 0) throw new InvalidArgumentError(taken);
    return { context: { brandName: brand?.name ?? '', categoryPathIds, now }, brand };
  }

  /** Journal → claims → the product with its event → the rest; null when another write came first. */
  private async write(
    current: StoredProduct,
    change: ProductChange,
    brand: StoredBrand | null,
  ): Promise<StoredProduct | null> {
    const { derived, keys, writer } = this.deps;
    const next = change.product;
    const entry = journalEntry(current, next);
    const journalId = await derived.begin(entry);
    try {
      for (const [i, gtin] of next.gtins.entries()) {
        if (current.gtins.includes(gtin) || (await keys.claimGtin(gtin, next._id))) continue;
        throw new InvalidArgumentError([
          {
            field: `gtins[${i}]`,
            reason: 'was just claimed by another product: merge the two products instead',
            rule: 'unique',
          },
        ]);
      }
      const written = await writer.write(current, change);
      if (!written) return null;
      const mpnKey = normalizeMpn(next.mpn);
      if (brand && mpnKey && (next.mpn !== current.mpn || next.brandId !== current.brandId))
        await keys.claimMpn(mpnClaimKey(brand.key, mpnKey), next._id);
      await this.dropVanishedTitleKeys(current, next, brand);
      return written;
    } finally {
      // Also after a refusal or a lost race: claims taken for GTINs the product did not get are freed.
      await derived.finish(journalId, entry);
    }
  }

  /** Title keys of names the product no longer has (or of its old brand) would only cost lookups. */
  private async dropVanishedTitleKeys(
    current: ProductRecord,
    next: ProductRecord,
    brand: StoredBrand | null,
  ): Promise<void> {
    if (JSON.stringify(current.texts) === JSON.stringify(next.texts) && current.brandId === next.brandId) return;
    const oldBrand = current.brandId === next.brandId ? brand : await this.deps.brands.get(current.brandId);
    const kept = new Set(titleKeyRecords(next, brand?.name ?? '').map((key) => key._id));
    await this.deps.keys.deleteTitleKeys(
      titleKeyRecords(current, oldBrand?.name ?? '').flatMap((key) => (kept.has(key._id) ? [] : [key._id])),
    );
  }
}

/**
 * What the derived data must follow: title keys, the GTINs that changed hands, and the counts of
 * both brands and categories when the product moved or changed status (an edit of its texts
 * leaves every count as it was).
 */
function journalEntry(current: ProductRecord, next: ProductRecord): SyncJournalEntry {
  const gtins = [
    ...current.gtins.filter((gtin) => !next.gtins.includes(gtin)),
    ...next.gtins.filter((gtin) => !current.gtins.includes(gtin)),
  ];
  const statusChanged = current.status !== next.status;
  return {
    productIds: [next._id],
    brandIds:
      statusChanged || current.brandId !== next.brandId
        ? [current.brandId, next.brandId].filter((id) => id !== '')
        : [],
    categoryIds:
      statusChanged || current.categoryId !== next.categoryId
        ? [current.categoryId, next.categoryId].filter((id) => id !== '')
        : [],
    ratingProductIds: [],
    addedReviewIds: [],
    gtinChecks: gtins.map((gtin) => ({ productId: next._id, gtin })),
  };
}
