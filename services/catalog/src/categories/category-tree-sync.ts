import type { CategoryRepository } from '../store/category-repository.js';

/**
 * After a category moved: its descendants' ancestor lists, level by level from the moved one
 * down (each from its parent's fresh list). Idempotent; a descendant written meanwhile is read
 * again and rewritten.
 */
export class CategoryTreeSync {
  constructor(private readonly categories: CategoryRepository) {}

  async fixDescendants(categoryId: string): Promise<void> {
    const root = await this.categories.get(categoryId);
    if (!root) return;
    let level = [{ id: root._id, path: [...root.ancestorIds, root._id] }];
    // Visited once each: two moves that raced each other into a loop must not spin forever.
    const seen = new Set([root._id]);
    while (level.length > 0) {
      const pathOf = new Map(level.map((parent) => [parent.id, parent.path]));
      const children = (await this.categories.childrenOf(level.map((parent) => parent.id))).filter(
        (child) => !seen.has(child._id),
      );
      for (const child of children) seen.add(child._id);
      for (const child of children) {
        const ancestorIds = pathOf.get(child.parentId) ?? child.ancestorIds;
        if (ancestorIds.join('/') !== child.ancestorIds.join('/')) {
          await this.categories.update(
            child._id,
            (current) => current && { ...current, ancestorIds: pathOf.get(current.parentId) ?? current.ancestorIds },
          );
        }
      }
      level = children.map((child) => ({
        id: child._id,
        path: [...(pathOf.get(child.parentId) ?? child.ancestorIds), child._id],
      }));
    }
  }
}
