import { InvalidArgumentError, NotFoundError } from '@pc/kit/errors/domain-errors';
import { applyCategoryUpdate, type CategoryChange } from '../domain/category-update.js';
import type { DerivedSync } from '../derived/derived-sync.js';
import { versionConflict } from '../product-edits/product-states.js';
import type { CategoryRepository, StoredCategory } from '../store/category-repository.js';
import { emptyJournalEntry } from '../store/sync-journal-repository.js';
import type { CategoryUpdateInput } from './category-input.js';
import { parentPath, requireUnique } from './category-rules.js';

const MAX_ATTEMPTS = 10;

/**
 * UpdateCategory: texts, metas, position, image, Google id, and moves in the tree. The category
 * is written under its version; a move or a new name in the fallback language (what products'
 * breadcrumbs carry) is followed in the background under a journal entry written first: the
 * descendants' ancestors, the subtree's products (breadcrumbs, ProductChanged each) and the product
 * counts of the old and new ancestors.
 */
export class CategoryUpdater {
  constructor(
    private readonly categories: CategoryRepository,
    private readonly derived: DerivedSync,
  ) {}

  async update(input: CategoryUpdateInput, now = new Date()): Promise<StoredCategory> {
    const { categoryId } = input;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const { current, change } = await this.prepare(input, now);
      if (!change) return current;
      const next = change.category;
      const followUp = change.moved || change.renamed;
      const entry = {
        ...emptyJournalEntry(),
        categoryIds: change.moved ? [current.parentId, categoryId].filter((id) => id !== '') : [],
        republish: { brandIds: [], categoryIds: [categoryId] },
      };
      const journalId = followUp ? await this.derived.begin(entry) : null;
      const written = await this.categories.replaceIfUnchanged(next, current);
      if (journalId && written) this.derived.finishLater(journalId, entry);
      else if (journalId) await this.derived.abandon(journalId);
      if (written) return (await this.categories.get(categoryId)) ?? { ...next, _version: current._version + 1 };
    }
    throw new Error(`category ${categoryId}: kept changing under ${MAX_ATTEMPTS} attempts`);
  }

  /** What `update` would refuse, written nowhere (an import's dry run). */
  async check(input: CategoryUpdateInput, now = new Date()): Promise<void> {
    await this.prepare(input, now);
  }

  /** The category as the update leaves it (null change: nothing to write), every rule checked. */
  private async prepare(
    input: CategoryUpdateInput,
    now: Date,
  ): Promise<{ current: StoredCategory; change: CategoryChange | null }> {
    const { categoryId, expectedVersion } = input;
    const current = await this.categories.get(categoryId);
    if (!current) throw new NotFoundError('category', categoryId);
    if (expectedVersion !== 0 && current._version !== expectedVersion)
      throw versionConflict('category', categoryId, expectedVersion, current._version);
    const parent =
      input.parentId === undefined || input.parentId === current.parentId
        ? undefined
        : await parentPath(this.categories, input.parentId);
    if (parent?.ancestorIds.includes(categoryId)) {
      throw new InvalidArgumentError([
        {
          field: 'parent_id',
          reason: 'is a descendant of the category: a category cannot move below itself',
          rule: 'not_descendant',
        },
      ]);
    }
    const change = applyCategoryUpdate(current, { ...input, parent }, now.toISOString());
    if (!change) return { current, change };
    await requireUnique(this.categories, {
      id: categoryId,
      parentId: change.category.parentId,
      texts: parent ? change.category.texts : input.texts,
      googleProductCategoryId: input.googleProductCategoryId ?? 0,
    });
    return { current, change };
  }
}
