import type { Collection, DocumentStore, Stored } from '@pc/kit/ports/document-store';
import type { UrlParameter } from '../domain/target-url.js';

/**
 * A shop as click-outs need it, kept from ShopChanged and ShopDeleted (ADR 043): its URL
 * parameters (private in offers' reads, carried by its events), homepage, owner and status.
 */
export interface ShopRecord {
  readonly _id: string;
  readonly name: string;
  readonly homepageUrl: string;
  readonly ownerUserId: string;
  readonly urlParameters: readonly UrlParameter[];
  readonly deleted: boolean;
  readonly version: number;
}

const CACHE_MS = 5_000;

/**
 * The shops read model, with a few seconds of memory in front: every click reads its shop, and
 * a shop's parameters change rarely (replicas sharing the events each see a change within that).
 * A read that was under way while this replica applied a change does not fill the cache: it may
 * have read the record from before the change (or none, for a new shop) and would keep that for
 * the whole cache time after a newer read had already answered with the change.
 */
export class ShopRepository {
  private readonly cache = new Map<string, { record: ShopRecord | null; until: number }>();
  /** Counts applied changes; a read fills the cache only if none was applied while it ran. */
  private changes = 0;

  private constructor(private readonly collection: Collection<ShopRecord>) {}

  static async open(store: DocumentStore): Promise<ShopRepository> {
    return new ShopRepository(await store.collection<ShopRecord>({ name: 'shops' }));
  }

  async get(shopId: string): Promise<ShopRecord | null> {
    const now = Date.now();
    const cached = this.cache.get(shopId);
    if (cached && cached.until > now) return cached.record;
    const changesBefore = this.changes;
    const record: Stored<ShopRecord> | null = await this.collection.get(shopId);
    if (this.changes !== changesBefore) return record;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(shopId, { record, until: now + CACHE_MS });
    return record;
  }

  /** Keeps `next` unless a newer version is held; a deletion wins over any version. */
  async apply(next: ShopRecord): Promise<void> {
    await this.collection.update(next._id, (current) => {
      if (current?.deleted) return null;
      if (current && !next.deleted && current.version >= next.version) return null;
      return next;
    });
    this.changes += 1;
    this.cache.delete(next._id);
  }
}
