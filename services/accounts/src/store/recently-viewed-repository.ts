import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';
import { mergeViews, type ViewedProduct } from '../domain/recently-viewed.js';

interface RecentlyViewedRecord {
  /** The user id: one small document per user. */
  readonly _id: string;
  readonly items: readonly ViewedProduct[];
}

/** The recently viewed products of signed-in users (at most 10 each). */
export class RecentlyViewedRepository {
  private constructor(private readonly collection: Collection<RecentlyViewedRecord>) {}

  static async open(store: DocumentStore): Promise<RecentlyViewedRepository> {
    return new RecentlyViewedRepository(await store.collection<RecentlyViewedRecord>({ name: 'recently_viewed' }));
  }

  async list(userId: string): Promise<readonly ViewedProduct[]> {
    return (await this.collection.get(userId))?.items ?? [];
  }

  /** Merges views in under optimistic concurrency (two tabs at once lose nothing). */
  async record(userId: string, views: readonly ViewedProduct[]): Promise<readonly ViewedProduct[]> {
    const stored = await this.collection.update(userId, (current) => ({
      _id: userId,
      items: mergeViews(current?.items ?? [], views),
    }));
    return stored?.items ?? [];
  }

  async clear(userId: string): Promise<void> {
    await this.collection.delete(userId);
  }
}
