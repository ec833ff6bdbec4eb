import { ConflictError } from '@pc/kit/errors/domain-errors';
import type { Collection, DocumentStore, Stored } from '@pc/kit/ports/document-store';

// Document frequencies of title tokens over the catalog's products (TokenStatistics), kept as one
// snapshot: a head naming it and its chunks. A new snapshot is written beside the old one and the
// head then swapped under optimistic concurrency, so a reader sees one snapshot or the other,
// and of two replicas building at once one publishes and the other discards its chunks. The
// snapshot also holds each category's language-bound words (category-vocabulary.ts), counted in
// the same pass over the products.

/** Which snapshot is current, and what it was counted over. */
export interface TokenStatisticsHead {
  readonly _id: string;
  readonly snapshotId: string;
  /** Active products sampled: the documents of the frequencies. */
  readonly documents: number;
  /** Active products in the catalog when it was built. */
  readonly products: number;
  /** The tokenizer derivation it was counted with (TITLE_KEYS_VERSION). */
  readonly derivation: number;
  readonly builtAt: string;
  readonly chunks: number;
  /** Whether the snapshot holds the categories' vocabulary (snapshots before it do not). */
  readonly vocabulary?: boolean;
}

/** A slice of a snapshot's frequencies: parallel arrays (a token may hold a '.', which a field
 *  name may not); or of its category vocabulary: Google category ids and, at the same index, their words. */
export interface TokenStatisticsChunk {
  readonly _id: string;
  readonly snapshotId: string;
  readonly tokens: readonly string[];
  readonly counts: readonly number[];
  readonly categories?: readonly number[];
  readonly categoryWords?: readonly (readonly string[])[];
}

/** What a snapshot holds. */
export interface TokenStatisticsSnapshot {
  readonly frequencies: ReadonlyMap<string, number>;
  /** Google category id → the words its names use in one language and not in another. */
  readonly vocabulary: ReadonlyMap<number, readonly string[]>;
}

const HEAD_ID = 'head';
/** Tokens per chunk: a document of ~60 KB. */
export const TOKENS_PER_CHUNK = 5_000;
/** Categories per chunk: a few dozen words each. */
const CATEGORIES_PER_CHUNK = 500;

export class TokenStatisticsRepository {
  private constructor(
    private readonly heads: Collection<TokenStatisticsHead>,
    private readonly chunks: Collection<TokenStatisticsChunk>,
  ) {}

  static async open(store: DocumentStore): Promise<TokenStatisticsRepository> {
    const [heads, chunks] = await Promise.all([
      store.collection<TokenStatisticsHead>({ name: 'token_statistics' }),
      store.collection<TokenStatisticsChunk>({
        name: 'token_statistics_chunks',
        indexes: [{ fields: ['snapshotId'] }],
      }),
    ]);
    return new TokenStatisticsRepository(heads, chunks);
  }

  head(): Promise<Stored<TokenStatisticsHead> | null> {
    return this.heads.get(HEAD_ID);
  }

  /** A snapshot's contents; null when some chunk is missing (a newer snapshot replaced it meanwhile). */
  async snapshot(head: TokenStatisticsHead): Promise<TokenStatisticsSnapshot | null> {
    const chunks = await this.chunks.find({ snapshotId: head.snapshotId });
    if (chunks.length !== head.chunks) return null;
    const frequencies = new Map<string, number>();
    const vocabulary = new Map<number, readonly string[]>();
    for (const chunk of chunks) {
      chunk.tokens.forEach((token, index) => frequencies.set(token, chunk.counts[index] ?? 0));
      chunk.categories?.forEach((category, index) => vocabulary.set(category, chunk.categoryWords?.[index] ?? []));
    }
    return { frequencies, vocabulary };
  }

  /**
   * Writes a snapshot and makes it current, unless the head changed since `expectedVersion` was
   * read (0: there was none): then another replica published first, this snapshot is removed and
   * false returned. On success the chunks of every other snapshot (older ones, a crashed or
   * beaten builder's) are removed.
   */
  async publish(
    head: Omit<TokenStatisticsHead, '_id' | 'chunks' | 'vocabulary'>,
    snapshot: TokenStatisticsSnapshot,
    expectedVersion: number,
  ): Promise<boolean> {
    const entries = [...snapshot.frequencies];
    const chunks: TokenStatisticsChunk[] = [];
    const chunkId = () => `${head.snapshotId}:${chunks.length}`;
    for (let start = 0; start < entries.length; start += TOKENS_PER_CHUNK) {
      const slice = entries.slice(start, start + TOKENS_PER_CHUNK);
      chunks.push({
        _id: chunkId(),
        snapshotId: head.snapshotId,
        tokens: slice.map(([token]) => token),
        counts: slice.map(([, count]) => count),
      });
    }
    const categories = [...snapshot.vocabulary];
    for (let start = 0; start < categories.length; start += CATEGORIES_PER_CHUNK) {
      const slice = categories.slice(start, start + CATEGORIES_PER_CHUNK);
      chunks.push({
        _id: chunkId(),
        snapshotId: head.snapshotId,
        tokens: [],
        counts: [],
        categories: slice.map(([category]) => category),
        categoryWords: slice.map(([, words]) => words),
      });
    }
    if (chunks.length > 0) await this.chunks.bulkPut(chunks);
    try {
      await this.heads.put({ ...head, _id: HEAD_ID, chunks: chunks.length, vocabulary: true }, { expectedVersion });
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      await this.deleteChunks(await this.chunks.findIds({ snapshotId: head.snapshotId }));
      return false;
    }
    await this.deleteChunks(await this.chunks.findIds({ snapshotId: { $ne: head.snapshotId } }));
    return true;
  }

  private async deleteChunks(ids: readonly string[]): Promise<void> {
    for (const id of ids) await this.chunks.delete(id);
  }
}
