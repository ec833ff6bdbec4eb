import type { OutboxFields } from '@pc/kit/events/outbox';
import type { Localized } from './localized.js';

export type ProductStatusName = 'active' | 'hidden' | 'merged';

export interface ProductTextRecord {
  readonly name: string;
  readonly description: string;
}

export interface ProductImageRecord {
  readonly id: string;
  readonly name: string;
  readonly src: string;
  readonly alt: string;
  readonly width: number;
  readonly height: number;
}

export interface ProductFeatureRecord {
  readonly group: string;
  readonly name: string;
  readonly value: string;
}

/** Rating summary (spec §3): value with one decimal, distribution 5 stars first. */
export interface RatingRecord {
  readonly value: number;
  readonly count: number;
  readonly distribution: readonly number[];
}

/** Where a product came from (ProductCreated.origin): an offer that matched nothing, or a staff split. */
export interface ProductOriginRecord {
  readonly kind: 'offer_match' | 'staff_split';
  /** The offer it was created from ('' for a split). */
  readonly shopId: string;
  readonly shopOfferId: string;
  /** A split's source product. */
  readonly splitFromProductId?: string;
}

/** A product as the catalog stores it: texts in every language it has, references by id. */
export interface ProductRecord extends OutboxFields {
  readonly _id: string;
  /** URL slug of brand and name (spec: key). */
  readonly slug: string;
  readonly texts: Localized<ProductTextRecord>;
  /** Lower-cased name in the first language it got, for the NAME order of lists. */
  readonly sortName: string;
  /** '' when no brand is known. */
  readonly brandId: string;
  /** The most specific category, '' when not categorised yet. */
  readonly categoryId: string;
  /** Root-first ids from the root to `categoryId` included (breadcrumbs, event category_path_ids). */
  readonly categoryPathIds: readonly string[];
  readonly images: readonly ProductImageRecord[];
  /** GTIN-14s with verified check digits; the first is the one shown. */
  readonly gtins: readonly string[];
  readonly mpn: string;
  readonly manufacturer: string;
  readonly features: readonly ProductFeatureRecord[];
  /** Null while the product has no review. */
  readonly rating: RatingRecord | null;
  readonly status: ProductStatusName;
  readonly mergedIntoProductId: string;
  /** Brand and name without variant values (variants/model-key.ts): what a model's variants share.
   *  The repository derives it on every write; absent on a product written before it existed
   *  until the start-up pass fills it in. */
  readonly modelKey?: string;
  /** The derivation `modelKey` follows (variants/model-key-version.ts); another one is re-keyed at start. */
  readonly modelKeyVersion?: string;
  readonly origin: ProductOriginRecord;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export const isActive = (product: Pick<ProductRecord, 'status'>): boolean => product.status === 'active';

/** A product after a change, with the top-level Product fields that changed (ProductChanged.changed_fields). */
export interface ProductChange {
  readonly product: ProductRecord;
  readonly changedFields: string[];
}
