import type { CategoryResolver } from '../categories/category-resolver.js';
import { enrichProduct, type OfferContribution } from '../domain/enrich-product.js';
import { newProductFromOffer } from '../domain/new-product.js';
import type { ProductRecord } from '../domain/product.js';
import type { BrandRepository, StoredBrand } from '../store/brand-repository.js';
import type { SyncJournalEntry } from '../store/sync-journal-repository.js';
import type { BatchOffer, MatchLookups } from './match-lookups.js';
import type { MatchPlan, PlannedClaim } from './match-plan.js';

/** An existing product that the batch's offers change. */
export interface PlannedEnrichment {
  readonly productId: string;
  readonly contributions: readonly OfferContribution[];
}

/** The documents a plan writes, built before the first write. */
export interface PlanRecords {
  readonly now: string;
  /** New products, already filled by the batch's other offers of them. */
  readonly newProducts: readonly ProductRecord[];
  /** Only existing products their offers would change (most re-observed offers change nothing). */
  readonly enrichments: readonly PlannedEnrichment[];
  /** Claims for the new products (one batch, the unique index arbitrates) and for existing ones. */
  readonly newClaims: readonly PlannedClaim[];
  readonly existingClaims: readonly PlannedClaim[];
  /** What the derived data must follow (title keys, counts). */
  readonly journal: SyncJournalEntry;
}

/** Creates the brands of new products, resolves categories and builds the plan's documents. */
export async function preparePlanRecords(
  brands: BrandRepository,
  categories: CategoryResolver,
  plan: MatchPlan,
  lookups: MatchLookups,
): Promise<PlanRecords> {
  const now = new Date().toISOString();
  const brandsByKey = await ensureBrands(brands, plan, lookups.brandsByKey, now);
  const categoryPaths = await resolveCategories(categories, plan, lookups);
  const contributionsOf = (productId: string): OfferContribution[] =>
    (plan.contributions.get(productId) ?? []).map((c) => ({
      offer: c.source.offer,
      gtin: c.gtin,
      categoryPathIds: categoryPaths.get(productId) ?? [],
    }));

  const newProducts = plan.newProducts.map((planned): ProductRecord => {
    const base = newProductFromOffer({
      id: planned.id,
      offer: planned.source.offer,
      brandId: brandsByKey.get(planned.source.offer.brandKey)?._id ?? '',
      categoryPathIds: categoryPaths.get(planned.id) ?? [],
      now,
    });
    return enrichProduct(base, contributionsOf(planned.id), now)?.product ?? base;
  });
  const newIds = new Set(newProducts.map((record) => record._id));
  const previews = [...plan.contributions.keys()].flatMap((productId) => {
    const current = lookups.products.get(productId);
    if (newIds.has(productId) || !current) return [];
    const contributions = contributionsOf(productId);
    const preview = enrichProduct(current, contributions, now);
    return preview
      ? [{ productId, contributions, changedFields: preview.changedFields, categoryId: preview.product.categoryId }]
      : [];
  });
  // Title keys follow names and the first GTIN (the GTIN-less flag); counts follow categories.
  const rekeyed = previews.filter((e) =>
    ['name', 'category', 'display_gtin'].some((field) => e.changedFields.includes(field)),
  );
  return {
    now,
    newProducts,
    enrichments: previews.map(({ productId, contributions }) => ({ productId, contributions })),
    newClaims: plan.claims.filter((claim) => newIds.has(claim.productId)),
    existingClaims: plan.claims.filter((claim) => !newIds.has(claim.productId)),
    journal: {
      productIds: [...newIds, ...rekeyed.map((e) => e.productId)],
      brandIds: newProducts.map((record) => record.brandId).filter((id) => id !== ''),
      categoryIds: [
        ...newProducts.map((record) => record.categoryId),
        ...previews.filter((e) => e.changedFields.includes('category')).map((e) => e.categoryId),
      ].filter((id) => id !== ''),
      ratingProductIds: [],
      addedReviewIds: [],
    },
  };
}

/** Brands of the new products, created on first use. */
async function ensureBrands(
  brands: BrandRepository,
  plan: MatchPlan,
  known: ReadonlyMap<string, StoredBrand>,
  now: string,
): Promise<Map<string, StoredBrand>> {
  const byKey = new Map(known);
  for (const { source } of plan.newProducts) {
    const { brandKey, brandName } = source.offer;
    if (brandKey && !byKey.has(brandKey)) byKey.set(brandKey, await brands.ensure(brandName, brandKey, now));
  }
  return byKey;
}

/** Category paths for new products and for existing ones that have none, from the first of
 *  their offers that says where they belong. */
async function resolveCategories(
  resolver: CategoryResolver,
  plan: MatchPlan,
  lookups: MatchLookups,
): Promise<Map<string, readonly string[]>> {
  const sourcesByProduct = new Map<string, BatchOffer[]>();
  for (const planned of plan.newProducts) sourcesByProduct.set(planned.id, [planned.source]);
  for (const [productId, contributions] of plan.contributions) {
    const existing = lookups.products.get(productId);
    if (existing && existing.categoryId) continue;
    sourcesByProduct.set(productId, [
      ...(sourcesByProduct.get(productId) ?? []),
      ...contributions.map((c) => c.source),
    ]);
  }
  const paths = new Map<string, readonly string[]>();
  for (const [productId, sources] of sourcesByProduct) {
    for (const { offer } of sources) {
      const path = await resolver.resolve(offer);
      if (path.length > 0) {
        paths.set(productId, path);
        break;
      }
    }
  }
  return paths;
}
