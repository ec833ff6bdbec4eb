import { Events } from '@pc/proto/event-catalog';
import type { PendingEvent } from '@pc/kit/events/publisher';
import type { CategoryChanged, CategoryDeleted, CategoryName } from '@pc/proto/catalog/events/v1/events';
import type { CategoryRecord } from '../domain/category.js';

// `version` is the category's stored version after the write that stages the event: the
// outbox stores the event in that same write (store/category-repository.ts).

/** What CategoryChanged tells of a category: its names and slugs per language, its place in the tree. */
export function announcedOf(record: CategoryRecord): string {
  return JSON.stringify([record.parentId, record.ancestorIds, categoryNames(record)]);
}

function categoryNames(record: CategoryRecord): CategoryName[] {
  return Object.entries(record.texts)
    .filter(([, text]) => text.name !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([language, text]) => ({ language, name: text.name, slug: text.slug }));
}

export function categoryChangedEvent(
  record: CategoryRecord,
  version: number,
  changedAt: Date,
): PendingEvent<CategoryChanged> {
  return {
    type: Events.categoryChanged,
    key: record._id,
    payload: {
      categoryId: record._id,
      version,
      parentId: record.parentId,
      ancestorIds: [...record.ancestorIds],
      names: categoryNames(record),
      createdAt: new Date(record.createdAt),
      changedAt,
    },
  };
}

export function categoryDeletedEvent(
  record: CategoryRecord,
  version: number,
  deletedAt: Date,
): PendingEvent<CategoryDeleted> {
  return {
    type: Events.categoryDeleted,
    key: record._id,
    payload: {
      categoryId: record._id,
      version,
      parentId: record.parentId,
      createdAt: new Date(record.createdAt),
      deletedAt,
    },
  };
}
