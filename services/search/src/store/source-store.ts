import type { Collection, Document, DocumentStore } from '@pc/kit/ports/document-store';
import type { ClickRecord } from '../domain/click-record.js';
import type { OfferRecord } from '../domain/offer-record.js';
import type { PriceRecord } from '../domain/price-record.js';
import type { ProductSources } from '../domain/product-document.js';
import type { ProductRecord } from '../domain/product-record.js';
import type { ShopRecord } from '../domain/shop-record.js';

/** When each index last applied an event (GetIndexStatus), kept across restarts. */
export interface IndexProgressRecord {
  readonly _id: string;
  /** Epoch ms of the newest event's occurred_at. */
  readonly lastEventAt: number;
}

/** The records search keeps, by kind, each keyed by its own id (product, offer, shop id). */
export interface SourceKinds {
  readonly product: ProductRecord;
  readonly price: PriceRecord;
  readonly offer: OfferRecord;
  readonly shop: ShopRecord;
  readonly clicks: ClickRecord;
}
export type SourceKind = keyof SourceKinds;
export type SourceChange = { [K in SourceKind]: { readonly kind: K; readonly record: SourceKinds[K] } }[SourceKind];

type StoredSource = Document & { readonly kind: SourceKind; readonly productId?: string };

const storedId = (kind: SourceKind, id: string): string => `${kind}:${id}`;
/** The stored ids of one kind after `afterId`: kinds are id prefixes. */
const idsOfKind = (kind: SourceKind, afterId: string) => ({
  $gt: storedId(kind, afterId),
  $lt: storedId(kind, '\uffff'),
});

/**
 * Search's own side state (DocumentStore `search`): what it learnt from each topic, so a
 * product's index document can be derived again whatever order the topics' events arrive in.
 *
 * Every kind lives in one collection (`sources`, ids `<kind>:<id>`) so that a batch of events of
 * several topics is one bulk write — one durable commit, the cost that bounds indexing speed.
 * Each record is written by the consumer of the topic keyed like it (product and price records
 * by product id, offers by offer id, shops by shop id), so bulk writes need no version check;
 * click counters (keyed by product, fed by clicks keyed by click id) are updated atomically.
 */
export class SourceStore {
  /** Source writes this instance started or finished (see `changeToken`). */
  private writes = 0;

  private constructor(
    private readonly documents: DocumentStore,
    private readonly sources: Collection<StoredSource>,
    readonly progress: Collection<IndexProgressRecord>,
  ) {}

  static async open(store: DocumentStore): Promise<SourceStore> {
    const [sources, progress] = await Promise.all([
      store.collection<StoredSource>({ name: 'sources', indexes: [{ fields: ['productId'] }] }),
      store.collection<IndexProgressRecord>({ name: 'index_progress' }),
    ]);
    return new SourceStore(store, sources, progress);
  }

  /**
   * A token that changes whenever the sources may have been written since an earlier call, by
   * this instance or anyone else; null where the store cannot tell (then assume they were).
   * Cheaper than reading the sources again to see whether they changed.
   */
  async changeToken(): Promise<string | null> {
    const others = await this.othersToken();
    return others === null ? null : `${others}:${this.writes}`;
  }

  /** The part of `changeToken` that only others' writes change (null: cannot tell). */
  othersToken(): Promise<string | null> {
    return this.documents.othersWriteToken();
  }

  /** Counts a write when it starts and when it settles, so no token taken meanwhile matches. */
  private async counted<R>(write: () => Promise<R>): Promise<R> {
    this.writes += 1;
    try {
      return await write();
    } finally {
      this.writes += 1;
    }
  }

  async getMany<K extends SourceKind>(kind: K, ids: readonly string[]): Promise<Map<string, SourceKinds[K]>> {
    const stored = await this.sources.getMany([...new Set(ids)].map((id) => storedId(kind, id)));
    return new Map(stored.map((doc) => [doc._id.slice(kind.length + 1), toRecord<K>(kind, doc)]));
  }

  /** The held records of these ids, and the others read. */
  private async heldOrRead<K extends 'product' | 'price'>(
    kind: K,
    ids: readonly string[],
    held: ReadonlyMap<string, SourceKinds[K] | null>,
  ): Promise<Map<string, SourceKinds[K]>> {
    const result = await this.getMany(
      kind,
      ids.filter((id) => !held.has(id)),
    );
    for (const id of ids) {
      const record = held.get(id);
      if (record) result.set(id, record);
    }
    return result;
  }

  /** Writes the changed records of a batch, of every kind, in one bulk write. */
  async putAll(changes: readonly SourceChange[]): Promise<void> {
    if (changes.length === 0) return;
    await this.counted(() =>
      this.sources.bulkPut(
        changes.map(({ kind, record }) => ({ ...record, _id: storedId(kind, record._id), kind }) as StoredSource),
      ),
    );
  }

  /**
   * Atomic read-modify-write of a product's click counters (null from `change`: leave as is);
   * returns the record as stored after it (null: none is).
   */
  async updateClicks(
    productId: string,
    change: (current: ClickRecord | null) => ClickRecord | null,
  ): Promise<ClickRecord | null> {
    const stored = await this.counted(() =>
      this.sources.update(storedId('clicks', productId), (current) => {
        const next = change(current ? toRecord('clicks', current) : null);
        return next === null ? null : ({ ...next, _id: storedId('clicks', productId), kind: 'clicks' } as StoredSource);
      }),
    );
    return stored ? toRecord('clicks', stored) : null;
  }

  /**
   * Product records after `afterId` in id order, up to `limit` (paging through every product,
   * e.g. to rebuild the indices). A range of `_id`: kinds are id prefixes, so no other kind is read.
   */
  async productsAfter(afterId: string, limit: number): Promise<ProductRecord[]> {
    const docs = await this.sources.find({ _id: idsOfKind('product', afterId) }, { sort: { _id: 1 }, limit });
    return docs.map((doc) => toRecord('product', doc));
  }

  /** How many products the side state knows (a rebuild's total). */
  productCount(): Promise<number> {
    return this.sources.count({ _id: idsOfKind('product', '') });
  }

  /** Every shop record (a few thousand at most). */
  async allShops(): Promise<ShopRecord[]> {
    return (await this.sources.find({ _id: idsOfKind('shop', '') }, { sort: { _id: 1 } })).map((doc) =>
      toRecord('shop', doc),
    );
  }

  /**
   * Every source of each product, as stored. `held` gives records the caller has just read or
   * written (a null: none stored), which are then not read again.
   */
  async sourcesOf(
    productIds: readonly string[],
    held: HeldSources = NOTHING_HELD,
  ): Promise<Map<string, ProductSources>> {
    const ids = [...new Set(productIds)];
    const [products, prices, clicks, offers] = await Promise.all([
      this.heldOrRead('product', ids, held.products),
      this.heldOrRead('price', ids, held.prices),
      this.getMany('clicks', ids),
      ids.length > 0 ? this.sources.find({ kind: 'offer', productId: { $in: ids } }) : Promise.resolve([]),
    ]);
    const offersOf = new Map<string, OfferRecord[]>();
    for (const doc of offers) {
      const offer = toRecord('offer', doc);
      offersOf.set(offer.productId, [...(offersOf.get(offer.productId) ?? []), offer]);
    }
    return new Map(
      ids.map((id) => [
        id,
        {
          product: products.get(id) ?? null,
          prices: prices.get(id) ?? null,
          offers: offersOf.get(id) ?? [],
          clicks: clicks.get(id)?.countries ?? {},
        },
      ]),
    );
  }
}

/** Product and price records a caller already holds, by product id (null: none is stored). */
export interface HeldSources {
  readonly products: ReadonlyMap<string, ProductRecord | null>;
  readonly prices: ReadonlyMap<string, PriceRecord | null>;
}

const NOTHING_HELD: HeldSources = { products: new Map(), prices: new Map() };

/** The record as the domain knows it: its own id, without the store's kind and `_version`. */
function toRecord<K extends SourceKind>(kind: K, doc: StoredSource & { _version?: number }): SourceKinds[K] {
  const { _version: _ignored, kind: _kind, ...fields } = doc;
  return { ...fields, _id: doc._id.slice(kind.length + 1) } as unknown as SourceKinds[K];
}
