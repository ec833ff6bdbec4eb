import { ConflictError } from '@pc/kit/errors/domain-errors';
import { OUTBOX_INDEX, type Outbox } from '@pc/kit/events/outbox';
import type { Collection, DocumentStore, Filter, Stored } from '@pc/kit/ports/document-store';
import type { CategoryRecord } from '../domain/category.js';
import { announcedOf, categoryChangedEvent, categoryDeletedEvent } from '../events/category-events.js';

export type StoredCategory = Stored<CategoryRecord>;

/** More children than any real taxonomy level has (Google's widest has a few hundred). */
const MAX_CHILDREN = 5_000;

/** The category unless it is a deletion's tombstone. */
function live(category: StoredCategory | null): StoredCategory | null {
  return category && category.deletedAt === undefined ? category : null;
}

/**
 * Categories of the tree, stored one document each, listed by parent, with the outbox of the
 * events their writes imply. Every write goes through here — staff's, an import's, an offer's
 * taxonomy path, a move's descendants, the product counts — so every write that changes what
 * CategoryChanged tells (names and slugs per language, parent, ancestors) stages one in the same
 * document write (transactional outbox, ADR 006) and publishes it once the write is durable; a
 * crash in between leaves it staged for `relay` at the next start. A deletion first turns the
 * category into a tombstone carrying its CategoryDeleted, then removes it once published; reads
 * pass tombstones by.
 */
export class CategoryRepository {
  private constructor(
    readonly collection: Collection<CategoryRecord>,
    private readonly outbox: Outbox,
  ) {}

  static async open(store: DocumentStore, outbox: Outbox): Promise<CategoryRepository> {
    const categories = await store.collection<CategoryRecord>({
      name: 'categories',
      indexes: [
        { fields: ['parentId', 'position'] },
        { fields: ['parentId', 'productsCount'] },
        { fields: ['googleProductCategoryId'] },
        OUTBOX_INDEX,
        // Tombstones a crash left before their removal (`relay`).
        { fields: ['deletedAt'] },
      ],
    });
    return new CategoryRepository(categories, outbox);
  }

  async get(id: string): Promise<StoredCategory | null> {
    return live(await this.collection.get(id));
  }

  async getMany(ids: readonly string[]): Promise<Map<string, StoredCategory>> {
    const wanted = [...new Set(ids)].filter((id) => id !== '');
    if (wanted.length === 0) return new Map();
    const found = await this.collection.getMany(wanted);
    return new Map(found.flatMap((category) => (live(category) ? [[category._id, category] as const] : [])));
  }

  /** Every child of the given parents ('' for the roots), unordered. */
  async childrenOf(parentIds: readonly string[]): Promise<StoredCategory[]> {
    if (parentIds.length === 0) return [];
    const [only] = parentIds;
    const filter =
      parentIds.length === 1 && only !== undefined
        ? { parentId: only }
        : { parentId: { $in: [...new Set(parentIds)] } };
    return this.categories(filter, MAX_CHILDREN * parentIds.length);
  }

  async findByGoogleId(googleProductCategoryId: number): Promise<StoredCategory | null> {
    // Two: a tombstone may still hold the id beside the category that took it over.
    const [category] = await this.categories({ googleProductCategoryId }, 2);
    return category ?? null;
  }

  /** Ids of the categories below `id`, at any depth. */
  async descendantIds(id: string): Promise<string[]> {
    return (await this.categories({ ancestorIds: id })).map((category) => category._id);
  }

  /** Creates a category unless its id exists; null when it does. */
  async insertIfAbsent(record: CategoryRecord): Promise<StoredCategory | null> {
    try {
      return await this.published(await this.collection.put(this.staged(null, record), { expectedVersion: 0 }));
    } catch (error) {
      if (error instanceof ConflictError) return null;
      throw error;
    }
  }

  /**
   * Read-modify-write of a category (null from `change`: leave it as is); a tombstone counts as
   * no category and is left alone. Returns the category as stored after it.
   */
  async update(
    id: string,
    change: (current: StoredCategory | null) => CategoryRecord | null,
  ): Promise<StoredCategory | null> {
    const stored = await this.collection.update(id, (current) => {
      if (current?.deletedAt !== undefined) return null;
      const next = change(current);
      return next && this.staged(current, next);
    });
    const written = live(stored);
    return written ? this.published(written) : null;
  }

  /** Writes `next` if the category is still as `current` was read; false when another write came first. */
  async replaceIfUnchanged(next: CategoryRecord, current: StoredCategory): Promise<boolean> {
    try {
      await this.published(
        await this.collection.put(this.staged(current, next), { expectedVersion: current._version }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConflictError) return false;
      throw error;
    }
  }

  /**
   * Deletes the category if it is still as `current` was read (false when it changed or is
   * gone): a tombstone with its CategoryDeleted staged, published, then removed.
   */
  async deleteIfUnchanged(current: StoredCategory): Promise<boolean> {
    const { _version: version, ...record } = current;
    const deletedAt = new Date();
    const tombstone: CategoryRecord = {
      ...record,
      deletedAt: deletedAt.toISOString(),
      ...this.outbox.stage(current, [categoryDeletedEvent(current, version + 1, deletedAt)], deletedAt),
    };
    let written: StoredCategory;
    try {
      written = await this.collection.put(tombstone, { expectedVersion: version });
    } catch (error) {
      if (error instanceof ConflictError) return false;
      throw error;
    }
    await this.remove(written);
    return true;
  }

  /**
   * At start: publishes what an earlier run staged and did not publish, and removes the
   * tombstones it left. Returns how many documents.
   */
  async relay(): Promise<number> {
    const relayed = await this.outbox.relay(this.collection);
    const tombstones = await this.collection.find({ deletedAt: { $exists: true } });
    for (const tombstone of tombstones) await this.remove(tombstone);
    return relayed + tombstones.length;
  }

  /** Live categories matching `filter`: tombstones are passed by. */
  private async categories(filter: Filter, limit?: number): Promise<StoredCategory[]> {
    const found = await this.collection.find(filter, limit === undefined ? {} : { limit });
    return found.filter((category) => live(category) !== null);
  }

  /**
   * `next` to be written over `current` (null: a new category): the events `current` still
   * stages kept, and a CategoryChanged added when what it tells changes.
   */
  private staged(current: StoredCategory | null, next: CategoryRecord): CategoryRecord {
    const announces = current === null || announcedOf(current) !== announcedOf(next);
    const now = new Date();
    const events = announces ? [categoryChangedEvent(next, (current?._version ?? 0) + 1, now)] : [];
    return { ...next, ...this.outbox.stage(current, events, now) };
  }

  /** After the write is durable: its events published, the category as stored then (publishing clears them). */
  private async published(stored: StoredCategory): Promise<StoredCategory> {
    if (!stored.outboxPending) return stored;
    await this.outbox.flush(this.collection, stored);
    return (await this.get(stored._id)) ?? stored;
  }

  /** Publishes a tombstone's CategoryDeleted, then removes it (nothing writes a tombstone). */
  private async remove(tombstone: StoredCategory): Promise<void> {
    await this.outbox.flush(this.collection, tombstone);
    await this.collection.delete(tombstone._id);
  }
}
