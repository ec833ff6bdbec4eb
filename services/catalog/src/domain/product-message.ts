import { ProductStatus, type Product, type ProductText, type Rating } from '@pc/proto/catalog/v1/types';
import { displayGtin } from '../matching/gtin.js';
import { toBrandRef, type BrandRecord } from './brand.js';
import { toCategoryRef, type CategoryRecord } from './category.js';
import { resolveLanguageEntry } from './localized.js';
import type { ProductRecord, ProductStatusName, RatingRecord } from './product.js';

/** What a product's API view needs besides the product: its brand and its category path. */
export interface ProductRelations {
  readonly brand: BrandRecord | undefined;
  /** Root first, ending with the product's own category; [] when uncategorised. */
  readonly categoryPath: readonly CategoryRecord[];
}

const STATUS: Readonly<Record<ProductStatusName, ProductStatus>> = {
  active: ProductStatus.PRODUCT_STATUS_ACTIVE,
  hidden: ProductStatus.PRODUCT_STATUS_HIDDEN,
  merged: ProductStatus.PRODUCT_STATUS_MERGED,
};

export function toRatingMessage(rating: RatingRecord | null): Rating | undefined {
  return rating ? { value: rating.value, count: rating.count, distribution: [...rating.distribution] } : undefined;
}

/** The API view of a product, texts resolved for `language` (English, then any, as fallback). */
export function toProductMessage(
  record: ProductRecord & { _version: number },
  language: string,
  relations: ProductRelations,
): Product {
  const [textLanguage, text] = resolveLanguageEntry(record.texts, language);
  const path = relations.categoryPath.map((category) => toCategoryRef(category, language));
  return {
    id: record._id,
    slug: record.slug,
    name: text?.name ?? '',
    description: text?.description ?? '',
    language: textLanguage,
    brand: relations.brand ? toBrandRef(relations.brand) : undefined,
    category: path[path.length - 1],
    breadcrumbs: path,
    images: record.images.map((image) => ({ ...image })),
    gtins: [...record.gtins],
    displayGtin: record.gtins[0] ? displayGtin(record.gtins[0]) : '',
    mpn: record.mpn,
    manufacturer: record.manufacturer,
    features: record.features.map((feature) => ({ ...feature })),
    rating: toRatingMessage(record.rating),
    status: STATUS[record.status],
    mergedIntoProductId: record.mergedIntoProductId,
    createdAt: new Date(record.createdAt),
    updatedAt: new Date(record.updatedAt),
    version: record._version,
  };
}

/** Every translation of name and description (events and StreamProducts carry them all). */
export function productTexts(record: ProductRecord): ProductText[] {
  return Object.entries(record.texts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([language, text]) => ({ language, name: text.name, description: text.description }));
}
