import type { FeedItemChunk } from '../domain/records.js';
import type { SimpleRepository } from '../store/simple-repository.js';

/** Items per stored chunk: ~36 bytes an item keeps a chunk far below a document's size limit. */
const CHUNK = 5_000;

/**
 * The items a complete read of a feed listed (id → fingerprint), kept so the next read can say
 * which offers are new, changed, unchanged or removed. A read writes its set as it streams (in
 * chunks, memory bounded by one chunk); the feed points at it once the read is complete, and the
 * set it replaces is then dropped. A read that does not complete drops its own.
 */
export class FeedItemSets {
  constructor(private readonly chunks: SimpleRepository<FeedItemChunk>) {}

  /** The set of a read, null when there is none (a feed's first read). */
  async load(fetchId: string | undefined): Promise<Map<string, string> | null> {
    if (!fetchId) return null;
    const chunks = await this.chunks.find({ fetchId });
    if (chunks.length === 0) return null;
    const items = new Map<string, string>();
    for (const chunk of chunks) chunk.ids.forEach((id, i) => items.set(id, chunk.fingerprints[i] ?? ''));
    return items;
  }

  /** A writer for the set of the read `fetchId` of feed `feedId`. */
  writer(feedId: string, fetchId: string): FeedItemSetWriter {
    return new FeedItemSetWriter(this.chunks, feedId, fetchId);
  }

  /** Drops a read's set (replaced by a newer one, or of a read that did not complete). */
  async drop(fetchId: string | undefined): Promise<void> {
    if (!fetchId) return;
    const ids = await this.chunks.collection.findIds({ fetchId });
    for (const id of ids) await this.chunks.delete(id);
  }
}

export class FeedItemSetWriter {
  private ids: string[] = [];
  private fingerprints: string[] = [];
  private written = 0;

  constructor(
    private readonly chunks: SimpleRepository<FeedItemChunk>,
    private readonly feedId: string,
    readonly fetchId: string,
  ) {}

  /** Adds a valid item; a full chunk is written before the read goes on. */
  async add(id: string, fingerprint: string): Promise<void> {
    this.ids.push(id);
    this.fingerprints.push(fingerprint);
    if (this.ids.length >= CHUNK) await this.flush();
  }

  /** Writes what is left (the read is over). */
  async flush(): Promise<void> {
    if (this.ids.length === 0) return;
    const chunk: FeedItemChunk = {
      _id: `${this.fetchId}:${this.written}`,
      feedId: this.feedId,
      fetchId: this.fetchId,
      ids: this.ids,
      fingerprints: this.fingerprints,
    };
    this.ids = [];
    this.fingerprints = [];
    this.written += 1;
    await this.chunks.put(chunk);
  }
}
