import { ConflictError } from '@pc/kit/errors/domain-errors';
import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';
import type { CategoryRecord } from '../domain/category-record.js';
import type { ClickRecord } from '../domain/click-record.js';
import type { OfferRecord } from '../domain/offer-record.js';
import type { PriceRecord } from '../domain/price-record.js';
import type { ProductSources } from '../domain/product-document.js';
import type { ProductRecord } from '../domain/product-record.js';
import type { ShopRecord } from '../domain/shop-record.js';
import {
  idsOfKind,
  marksOf,
  storedId,
  toRecord,
  toStored,
  type OwnedKind,
  type SourceKind,
  type SourceKinds,
  type SourceMarks,
  type StoredSource,
} from './stored-source.js';

export type { SourceKind, SourceKinds } from './stored-source.js';

/** When each index last applied an event (GetIndexStatus), kept across restarts. */
export interface IndexProgressRecord {
  readonly _id: string;
  /** Epoch ms of the newest event's occurred_at. */
  readonly lastEventAt: number;
}

export type SourceChange = { [K in SourceKind]: { readonly kind: K; readonly record: SourceKinds[K] } }[SourceKind];

/** A product or price record as stored, with its marks and the store's version (a rebuild's view). */
export interface MarkedSource<R> {
  readonly record: R;
  readonly marks: SourceMarks;
  readonly version: number;
}

/**
 * Search's own side state (DocumentStore `search`): what it learnt from each topic, so a
 * product's index document can be derived again whatever order the topics' events arrive in.
 *
 * Every kind lives in one collection (`sources`, ids `<kind>:<id>`) so that a batch of events of
 * several topics is one bulk write — one durable commit, the cost that bounds indexing speed.
 * Each record is written by the consumer of the topic keyed like it (product and price records
 * by product id, offers by offer id, shops by shop id), so bulk writes need no version check;
 * click counters (keyed by product, fed by clicks keyed by click id) are updated atomically, and
 * so are product and price records by a rebuild that merges its owners' streams into them.
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

  /**
   * Writes the changed records of a batch, of every kind, in one bulk write — without a rebuild's
   * marks: a record an event wrote is kept by a rebuild running meanwhile.
   */
  async putAll(changes: readonly SourceChange[]): Promise<void> {
    if (changes.length === 0) return;
    await this.counted(() => this.sources.bulkPut(changes.map(({ kind, record }) => toStored(kind, record))));
  }

  /**
   * Atomic read-modify-write of a product or price record with its marks (null from `change`:
   * leave it as is): a rebuild's merge of what an owner streamed, which must never overwrite an
   * event's write made after its read.
   */
  async updateMarked<K extends OwnedKind>(
    kind: K,
    id: string,
    change: (current: MarkedSource<SourceKinds[K]> | null) => Omit<MarkedSource<SourceKinds[K]>, 'version'> | null,
  ): Promise<void> {
    await this.counted(() =>
      this.sources.update(storedId(kind, id), (stored) => {
        const next = change(stored ? marked(kind, stored) : null);
        return next === null ? null : toStored(kind, next.record, next.marks);
      }),
    );
  }

  /** Product or price records after `afterId` in id order, up to `limit`, with marks and versions. */
  async markedAfter<K extends OwnedKind>(
    kind: K,
    afterId: string,
    limit: number,
  ): Promise<MarkedSource<SourceKinds[K]>[]> {
    const docs = await this.sources.find({ _id: idsOfKind(kind, afterId) }, { sort: { _id: 1 }, limit });
    return docs.map((doc) => marked(kind, doc));
  }

  /** Deletes a record as read at `version`; false (nothing deleted) when it was written since. */
  async deleteUnchanged(kind: OwnedKind, id: string, version: number): Promise<boolean> {
    try {
      return await this.counted(() => this.sources.delete(storedId(kind, id), { expectedVersion: version }));
    } catch (error) {
      if (error instanceof ConflictError) return false;
      throw error;
    }
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
        return next === null ? null : toStored('clicks', { ...next, _id: productId });
      }),
    );
    return stored ? toRecord('clicks', stored) : null;
  }

  /**
   * Atomic read-modify-write of a category record (null from `change`: leave it as is): a
   * rebuild's merge of catalog's tree, which must never overwrite an event's write made after its read.
   */
  async updateCategory(
    categoryId: string,
    change: (current: CategoryRecord | null) => CategoryRecord | null,
  ): Promise<void> {
    await this.counted(() =>
      this.sources.update(storedId('category', categoryId), (current) => {
        const next = change(current ? toRecord('category', current) : null);
        return next === null ? null : toStored('category', next);
      }),
    );
  }

  /** Category records after `afterId` in id order, up to `limit` (paging through every category). */
  async categoriesAfter(afterId: string, limit: number): Promise<CategoryRecord[]> {
    const docs = await this.sources.find({ _id: idsOfKind('category', afterId) }, { sort: { _id: 1 }, limit });
    return docs.map((doc) => toRecord('category', doc));
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

function marked<K extends SourceKind>(kind: K, doc: StoredSource & { _version: number }): MarkedSource<SourceKinds[K]> {
  return { record: toRecord(kind, doc), marks: marksOf(doc), version: doc._version };
}
