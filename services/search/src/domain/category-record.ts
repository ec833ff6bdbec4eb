import type { CategoryChanged, CategoryDeleted } from '@pc/proto/catalog/events/v1/events';
import { searchLanguage } from './languages.js';

/**
 * Side state: a category's names per language as catalog's category events last told them
 * (`sources`, kind `category`). A deleted category stays as a tombstone, so that an older event
 * of it cannot bring it back; a category made again under the same id is created later.
 */
export interface CategoryRecord {
  readonly _id: string;
  /** catalog's category version. 0: read by a rebuild from the tree, which knows no version. */
  readonly version: number;
  /** Epoch ms of the category's creation in catalog: which of the categories of one id it is. */
  readonly createdAt: number;
  readonly deleted: boolean;
  /** Epoch ms of the deletion; 0 while the category exists. */
  readonly deletedAt: number;
  readonly parentId: string;
  /** Name per language search serves (ISO 639-1). */
  readonly names: Readonly<Record<string, string>>;
  readonly slugs: Readonly<Record<string, string>>;
}

export function categoryRecordOf(event: CategoryChanged, occurredAt: Date): CategoryRecord {
  const names: Record<string, string> = {};
  const slugs: Record<string, string> = {};
  for (const entry of event.names) {
    const language = searchLanguage(entry.language);
    if (!language || !entry.name.trim()) continue;
    names[language] = entry.name.trim();
    slugs[language] = entry.slug;
  }
  return {
    _id: event.categoryId,
    version: event.version,
    createdAt: (event.createdAt ?? occurredAt).getTime(),
    deleted: false,
    deletedAt: 0,
    parentId: event.parentId,
    names,
    slugs,
  };
}

export function deletedCategoryOf(event: CategoryDeleted, occurredAt: Date): CategoryRecord {
  const deletedAt = (event.deletedAt ?? occurredAt).getTime();
  return {
    _id: event.categoryId,
    version: event.version,
    createdAt: (event.createdAt ?? occurredAt).getTime(),
    deleted: true,
    deletedAt,
    parentId: event.parentId,
    names: {},
    slugs: {},
  };
}

/**
 * The incoming record when it is later than the held one: a category created later (made again
 * after a deletion), or the same category at a higher version (a deletion's version is above
 * every change of it).
 */
export function newerCategory(current: CategoryRecord | null, incoming: CategoryRecord): CategoryRecord | null {
  if (current === null) return incoming;
  if (incoming.createdAt !== current.createdAt) return incoming.createdAt > current.createdAt ? incoming : null;
  return incoming.version > current.version ? incoming : null;
}

/** The record of a category as a rebuild reads catalog's tree: no version, so any event's record wins over it. */
export function categoryRecordOfTree(
  categoryId: string,
  parentId: string,
  names: Readonly<Record<string, string>>,
  slugs: Readonly<Record<string, string>>,
): CategoryRecord {
  return { _id: categoryId, version: 0, createdAt: 0, deleted: false, deletedAt: 0, parentId, names, slugs };
}

/** Whether a rebuild's tree record may replace the held one: none held, or one a rebuild wrote. */
export function replacedByTree(current: CategoryRecord | null): boolean {
  return current === null || (current.version === 0 && current.createdAt === 0);
}
