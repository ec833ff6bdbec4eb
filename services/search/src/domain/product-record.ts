import { ProductStatus, type Product, type ProductText } from '@pc/proto/catalog/v1/types';

/** A category of a product's path, as the catalog event carried it (fallback-language name). */
export interface CategoryStep {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
  readonly productsCount: number;
}

/** What search keeps of a catalog product (side state, `products` collection). */
export interface ProductRecord {
  readonly _id: string;
  /** catalog's product version: a record is replaced only by a higher one. */
  readonly version: number;
  /** HIDDEN or MERGED products stay here (so older events cannot revive them) but are not indexed. */
  readonly listed: boolean;
  readonly slug: string;
  /** ISO 639-1 → name. */
  readonly names: Readonly<Record<string, string>>;
  readonly brand: {
    readonly id: string;
    readonly slug: string;
    readonly name: string;
    readonly productsCount: number;
  } | null;
  /** Root first; the last step is the product's category. */
  readonly categoryPath: readonly CategoryStep[];
  readonly gtins: readonly string[];
  readonly displayGtin: string;
  readonly mpn: string;
  readonly imageUrl: string;
  readonly rating: number;
  readonly ratingCount: number;
  /**
   * The product's specifications (catalog `features`), for the specification facets; absent in
   * records written before search kept them (a product event or a rebuild from the owners adds them).
   */
  readonly specs?: readonly ProductSpec[];
  /** Epoch ms. */
  readonly createdAt: number;
  /** Epoch ms of the event that carried this version. */
  readonly changedAt: number;
}

/** One specification: its name and value as catalog holds them (names in English). */
export interface ProductSpec {
  readonly name: string;
  readonly value: string;
}

/** The record of a product as a ProductCreated / ProductChanged carried it. */
export function productRecordOf(
  product: Product,
  texts: readonly ProductText[],
  version: number,
  changedAt: Date,
): ProductRecord {
  const names: Record<string, string> = {};
  if (product.name) names[product.language || 'en'] = product.name;
  for (const text of texts) if (text.name.trim()) names[text.language.toLowerCase()] = text.name.trim();
  const breadcrumbs =
    product.breadcrumbs.length > 0 ? product.breadcrumbs : product.category?.id ? [product.category] : [];
  return {
    _id: product.id,
    version,
    listed:
      product.status !== ProductStatus.PRODUCT_STATUS_HIDDEN && product.status !== ProductStatus.PRODUCT_STATUS_MERGED,
    slug: product.slug,
    names,
    brand: product.brand?.slug
      ? {
          id: product.brand.id,
          slug: product.brand.slug,
          name: product.brand.name,
          productsCount: product.brand.productsCount,
        }
      : null,
    categoryPath: breadcrumbs.map((step) => ({
      id: step.id,
      slug: step.slug,
      name: step.name,
      productsCount: step.productsCount,
    })),
    gtins: [...new Set(product.gtins)],
    displayGtin: product.displayGtin,
    mpn: product.mpn,
    imageUrl: product.images[0]?.src ?? '',
    rating: product.rating?.value ?? 0,
    ratingCount: product.rating?.count ?? 0,
    specs: product.features.map(({ name, value }) => ({ name: name.trim(), value: value.trim() })),
    createdAt: (product.createdAt ?? changedAt).getTime(),
    changedAt: changedAt.getTime(),
  };
}

/** The newer of the held record and an incoming one, or null when the incoming one changes nothing. */
export function newerProduct(current: ProductRecord | null, incoming: ProductRecord): ProductRecord | null {
  return current === null || incoming.version > current.version ? incoming : null;
}
