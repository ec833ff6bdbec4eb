import type { OutboxFields } from '@pc/kit/events/outbox';
import type { Category, CategoryRef } from '@pc/proto/catalog/v1/types';
import { resolveLanguage, resolveLanguageEntry, type Localized } from './localized.js';

/** SEO texts of a category page in one language (admin: category metas). */
export interface CategoryMetaRecord {
  readonly title: string;
  readonly description: string;
  readonly keywords: readonly string[];
}

export interface CategoryText {
  readonly name: string;
  readonly slug: string;
  readonly description: string;
  /** Absent until staff write one. */
  readonly meta?: CategoryMetaRecord;
}

/**
 * A category as the catalog stores it: texts in every language, its place in the tree, and the
 * outbox of the events its writes imply (store/category-repository.ts).
 */
export interface CategoryRecord extends OutboxFields {
  readonly _id: string;
  /** '' for a root category. */
  readonly parentId: string;
  /** Ids from the root down to the parent. */
  readonly ancestorIds: readonly string[];
  readonly position: number;
  readonly texts: Localized<CategoryText>;
  /** Active products in this category and its descendants. */
  readonly productsCount: number;
  /** Active products whose own category is this one (the subtree count is built from these). */
  readonly directProductsCount?: number;
  readonly imageUrl: string;
  readonly googleProductCategoryId: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  /**
   * Set on a deleted category until its CategoryDeleted is published and the document removed:
   * every read of the repository passes it by.
   */
  readonly deletedAt?: string;
}

/** The API view of a category in one language (ancestors and children filled by the caller). */
export function toCategoryMessage(record: CategoryRecord & { _version: number }, language: string): Category {
  const [textLanguage, text] = resolveLanguageEntry(record.texts, language);
  return {
    id: record._id,
    slug: text?.slug ?? record._id,
    name: text?.name ?? '',
    description: text?.description ?? '',
    parentId: record.parentId,
    ancestors: [],
    children: [],
    productsCount: record.productsCount,
    depth: record.ancestorIds.length,
    position: record.position,
    imageUrl: record.imageUrl,
    googleProductCategoryId: record.googleProductCategoryId,
    meta: text?.meta ? { ...text.meta, keywords: [...text.meta.keywords] } : undefined,
    createdAt: new Date(record.createdAt),
    updatedAt: new Date(record.updatedAt),
    version: record._version,
    language: textLanguage,
  };
}

export function toCategoryRef(record: CategoryRecord, language: string): CategoryRef {
  const text = resolveLanguage(record.texts, language);
  return {
    id: record._id,
    slug: text?.slug ?? record._id,
    name: text?.name ?? '',
    productsCount: record.productsCount,
  };
}

/** Children order of the tree (proto: by position, then name in the reader's language). */
export function compareSiblings(language: string): (a: CategoryRecord, b: CategoryRecord) => number {
  const nameOf = (record: CategoryRecord) => resolveLanguage(record.texts, language)?.name ?? '';
  return (a, b) =>
    a.position - b.position || nameOf(a).localeCompare(nameOf(b), language) || a._id.localeCompare(b._id);
}
