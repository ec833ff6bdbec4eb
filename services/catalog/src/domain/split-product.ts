import { FALLBACK_LANGUAGE, resolveLanguage, type Localized } from './localized.js';
import { productSlug } from './new-product.js';
import type { ProductChange, ProductRecord, ProductTextRecord } from './product.js';

/** What staff give for the product a split creates (ADR 065); brand and category already resolved. */
export interface SplitProductSpec {
  readonly id: string;
  readonly texts: Localized<ProductTextRecord>;
  readonly brandId: string;
  readonly brandName: string;
  /** Root-first ids ending with its category; [] when uncategorised. */
  readonly categoryPathIds: readonly string[];
  /** The GTINs it takes over from the source. */
  readonly gtins: readonly string[];
  readonly now: string;
}

/**
 * The product a split creates: the staff's texts, brand and category, the GTINs it takes over; no
 * images, features or MPN of its own yet (its offers fill what it lacks, as they do for any product).
 */
export function newProductFromSplit(source: ProductRecord, spec: SplitProductSpec): ProductRecord {
  const name = resolveLanguage(spec.texts, FALLBACK_LANGUAGE)?.name ?? '';
  return {
    _id: spec.id,
    slug: productSlug(spec.brandName, name),
    texts: { ...spec.texts },
    sortName: name.toLowerCase(),
    brandId: spec.brandId,
    categoryId: spec.categoryPathIds[spec.categoryPathIds.length - 1] ?? '',
    categoryPathIds: [...spec.categoryPathIds],
    images: [],
    gtins: [...spec.gtins],
    mpn: '',
    manufacturer: '',
    features: [],
    rating: null,
    status: 'active',
    mergedIntoProductId: '',
    origin: { kind: 'staff_split', shopId: '', shopOfferId: '', splitFromProductId: source._id },
    createdAt: spec.now,
    updatedAt: spec.now,
  };
}

/** The product with `gtins` removed and `added` appended (each once); null when that changes nothing. */
export function withGtinsMoved(
  product: ProductRecord,
  removed: readonly string[],
  added: readonly string[],
  now: string,
): ProductChange | null {
  const gone = new Set(removed);
  const kept = product.gtins.filter((gtin) => !gone.has(gtin));
  const gtins = [...new Set([...kept, ...added])];
  if (JSON.stringify(gtins) === JSON.stringify(product.gtins)) return null;
  const changedFields = gtins[0] === product.gtins[0] ? ['gtins'] : ['gtins', 'display_gtin'];
  return { product: { ...product, gtins, updatedAt: now }, changedFields };
}
