import type { Brand, BrandRef } from '@pc/proto/catalog/v1/types';
import { resolveLanguage, type Localized } from './localized.js';

/** A brand as the catalog stores it. */
export interface BrandRecord {
  readonly _id: string;
  readonly slug: string;
  readonly name: string;
  /** `brandKey(name)` of the matching module: the spellings of one maker share it (unique). */
  readonly key: string;
  /** Lower-cased name, for prefix lists and sorting independent of case. */
  readonly sortName: string;
  readonly descriptions: Localized<string>;
  readonly logoUrl: string;
  readonly homepageUrl: string;
  /** Active products of the brand, recounted after every change that can move it. */
  readonly productsCount: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export function toBrandMessage(record: BrandRecord & { _version: number }, language: string): Brand {
  return {
    id: record._id,
    slug: record.slug,
    name: record.name,
    description: resolveLanguage(record.descriptions, language) ?? '',
    logoUrl: record.logoUrl,
    homepageUrl: record.homepageUrl,
    productsCount: record.productsCount,
    createdAt: new Date(record.createdAt),
    updatedAt: new Date(record.updatedAt),
    version: record._version,
  };
}

export function toBrandRef(record: BrandRecord): BrandRef {
  return { id: record._id, slug: record.slug, name: record.name, productsCount: record.productsCount };
}
