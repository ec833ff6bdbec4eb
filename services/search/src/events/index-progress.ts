import { IndexKind } from '@pc/proto/search/v1/search';
import type { SourceStore } from '../store/source-store.js';
import type { SourceUpdate } from './source-update.js';

/** The indices each kind of update feeds. */
const FEEDS: Readonly<Record<SourceUpdate['kind'], readonly IndexKind[]>> = {
  product: [IndexKind.INDEX_KIND_PRODUCTS, IndexKind.INDEX_KIND_BRANDS, IndexKind.INDEX_KIND_CATEGORIES],
  price: [IndexKind.INDEX_KIND_PRODUCTS],
  offer: [IndexKind.INDEX_KIND_PRODUCTS],
  click: [IndexKind.INDEX_KIND_PRODUCTS],
  shop: [IndexKind.INDEX_KIND_SHOPS],
  'shop-deleted': [IndexKind.INDEX_KIND_SHOPS],
  category: [IndexKind.INDEX_KIND_CATEGORIES],
};

/** Progress is informational: written at most this often (a crash loses at most this much of it). */
const PERSIST_INTERVAL_MS = 1_000;

/** The newest event time each index applied (GetIndexStatus: last_event_at), kept in the side state. */
export class IndexProgress {
  private readonly lastEventAt = new Map<IndexKind, number>();
  private readonly unsaved = new Set<IndexKind>();
  private savedAt = 0;

  private constructor(private readonly store: SourceStore) {}

  static async load(store: SourceStore): Promise<IndexProgress> {
    const progress = new IndexProgress(store);
    for (const record of await store.progress.find())
      progress.lastEventAt.set(Number(record._id) as IndexKind, record.lastEventAt);
    return progress;
  }

  get(kind: IndexKind): Date | undefined {
    const at = this.lastEventAt.get(kind);
    return at === undefined ? undefined : new Date(at);
  }

  /** Advances the indices a written batch fed; persisted at most once per second. */
  async applied(updates: readonly SourceUpdate[], now = Date.now()): Promise<void> {
    for (const update of updates) {
      const at = update.occurredAt.getTime();
      for (const kind of FEEDS[update.kind]) {
        if (at <= (this.lastEventAt.get(kind) ?? 0)) continue;
        this.lastEventAt.set(kind, at);
        this.unsaved.add(kind);
      }
    }
    if (now - this.savedAt >= PERSIST_INTERVAL_MS) await this.save(now);
  }

  /** Writes what advanced since the last write (also on stop). */
  async save(now = Date.now()): Promise<void> {
    if (this.unsaved.size === 0) return;
    const kinds = [...this.unsaved];
    this.unsaved.clear();
    this.savedAt = now;
    try {
      await this.store.progress.bulkPut(
        kinds.map((kind) => ({ _id: String(kind), lastEventAt: this.lastEventAt.get(kind) ?? 0 })),
      );
    } catch (error) {
      for (const kind of kinds) this.unsaved.add(kind);
      throw error;
    }
  }
}
