import type { Document } from '@pc/kit/ports/document-store';
import type { CategoryRecord } from '../domain/category-record.js';
import type { ClickRecord } from '../domain/click-record.js';
import type { OfferRecord } from '../domain/offer-record.js';
import type { PriceRecord } from '../domain/price-record.js';
import type { ProductRecord } from '../domain/product-record.js';
import type { ShopRecord } from '../domain/shop-record.js';

/** The records search keeps, by kind, each keyed by its own id (product, offer, shop, category id). */
export interface SourceKinds {
  readonly product: ProductRecord;
  readonly price: PriceRecord;
  readonly offer: OfferRecord;
  readonly shop: ShopRecord;
  readonly clicks: ClickRecord;
  /** Catalog's names of a category per language (its category events; a rebuild fills the missing). */
  readonly category: CategoryRecord;
}
export type SourceKind = keyof SourceKinds;
/**
 * The kinds a rebuild takes from their owners (catalog's products; offers' price summaries,
 * offers and listed shops).
 */
export type OwnedKind = 'product' | 'price' | 'offer' | 'shop';

/**
 * A rebuild's mark on a record of an owned kind (rebuild/side-state-sweep.ts), kept beside the
 * record, never part of it: set on every record when the rebuild starts, taken off what the owner
 * streams, and gone with any event's write (an event writes the record without it). What still
 * carries it at the end is held by no owner and was written by no event since: it is removed.
 */
export interface SourceMarks {
  /** The rebuild that has not found this record at its owner yet. */
  readonly rebuild?: string;
  /** Of a price record: the countries that rebuild has not found yet. */
  readonly unseen?: readonly string[];
}

export type StoredSource = Document & SourceMarks & { readonly kind: SourceKind; readonly productId?: string };

export const storedId = (kind: SourceKind, id: string): string => `${kind}:${id}`;

/** The stored ids of one kind after `afterId`: kinds are id prefixes. */
export const idsOfKind = (kind: SourceKind, afterId: string) => ({
  $gt: storedId(kind, afterId),
  $lt: storedId(kind, '\uffff'),
});

/** The record as the domain knows it: its own id, without the store's kind, marks and `_version`. */
export function toRecord<K extends SourceKind>(kind: K, doc: StoredSource & { _version?: number }): SourceKinds[K] {
  const { _version: _v, kind: _k, rebuild: _r, unseen: _u, ...fields } = doc;
  return { ...fields, _id: doc._id.slice(kind.length + 1) } as unknown as SourceKinds[K];
}

/** The marks of a stored record. */
export function marksOf(doc: StoredSource): SourceMarks {
  return {
    ...(doc.rebuild === undefined ? {} : { rebuild: doc.rebuild }),
    ...(doc.unseen === undefined ? {} : { unseen: doc.unseen }),
  };
}

/** A record to store: the record under its stored id, with its kind and marks. */
export function toStored(kind: SourceKind, record: { readonly _id: string }, marks: SourceMarks = {}): StoredSource {
  return { ...record, ...marks, _id: storedId(kind, record._id), kind } as StoredSource;
}
