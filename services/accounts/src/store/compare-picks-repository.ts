import { ConflictError } from '@pc/kit/errors/domain-errors';
import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';

interface ComparePicksRecord {
  /** The user id: one small document per user. */
  readonly _id: string;
  /** Product ids in the order picked. */
  readonly productIds: readonly string[];
  /** ISO time of the last change. */
  readonly updatedAt: string;
}

/** A user's picks and their revision (0 while none was ever kept; each change raises it). */
export interface KeptPicks {
  readonly productIds: readonly string[];
  readonly revision: number;
}

/**
 * The products signed-in users picked for comparison (ADR 132; at most 4 each). The document's
 * store version is the list's revision, so a write conditioned on it is one atomic check; an
 * emptied list is kept as an empty one, never deleted, so a revision is never given twice.
 */
export class ComparePicksRepository {
  private constructor(private readonly collection: Collection<ComparePicksRecord>) {}

  static async open(store: DocumentStore): Promise<ComparePicksRepository> {
    return new ComparePicksRepository(await store.collection<ComparePicksRecord>({ name: 'compare_picks' }));
  }

  async get(userId: string): Promise<readonly string[]> {
    return (await this.read(userId)).productIds;
  }

  async read(userId: string): Promise<KeptPicks> {
    const stored = await this.collection.get(userId);
    return { productIds: stored?.productIds ?? [], revision: stored?._version ?? 0 };
  }

  /**
   * Replaces the list (the site sends the whole list after every change). With `ifRevision` only
   * while the kept list is still of that revision: else ConflictError, and nothing changes.
   */
  async set(userId: string, productIds: readonly string[], now: Date, ifRevision?: number): Promise<KeptPicks> {
    try {
      const stored = await this.collection.put(
        { _id: userId, productIds: [...productIds], updatedAt: now.toISOString() },
        ifRevision === undefined ? undefined : { expectedVersion: ifRevision },
      );
      return { productIds: stored.productIds, revision: stored._version };
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      throw new ConflictError(`the compare picks changed since revision ${ifRevision}: read them again`, {
        reason: 'COMPARE_PICKS_CHANGED',
      });
    }
  }

  /** With the account: the list and its revisions go. */
  async clear(userId: string): Promise<void> {
    await this.collection.delete(userId);
  }
}
