import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';

interface ComparePicksRecord {
  /** The user id: one small document per user. */
  readonly _id: string;
  /** Product ids in the order picked. */
  readonly productIds: readonly string[];
  /** ISO time of the last change. */
  readonly updatedAt: string;
}

/** The products signed-in users picked for comparison (ADR 132; at most 4 each). */
export class ComparePicksRepository {
  private constructor(private readonly collection: Collection<ComparePicksRecord>) {}

  static async open(store: DocumentStore): Promise<ComparePicksRepository> {
    return new ComparePicksRepository(await store.collection<ComparePicksRecord>({ name: 'compare_picks' }));
  }

  async get(userId: string): Promise<readonly string[]> {
    return (await this.collection.get(userId))?.productIds ?? [];
  }

  /** Replaces the list: the site sends the whole list after every change, so the last write wins. */
  async set(userId: string, productIds: readonly string[], now: Date): Promise<readonly string[]> {
    if (productIds.length === 0) {
      await this.clear(userId);
      return [];
    }
    const stored = await this.collection.put({
      _id: userId,
      productIds: [...productIds],
      updatedAt: now.toISOString(),
    });
    return stored.productIds;
  }

  async clear(userId: string): Promise<void> {
    await this.collection.delete(userId);
  }
}
