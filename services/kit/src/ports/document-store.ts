/**
 * DocumentStore port: collections of JSON documents keyed by `_id`, with secondary indexes,
 * optimistic concurrency and bulk upserts. The query language is a small, portable subset of
 * MongoDB's (what FerretDB v1 serves too), so the embedded and the MongoDB adapter agree.
 *
 * Adapters: SQLite (`@pc/sqlite-document-store`) and MongoDB via mongoose (`@pc/mongodb-document-store`).
 */

export interface Document {
  readonly _id: string;
}

/** A stored document with its version: starts at 1, +1 on every write. */
export type Stored<T extends Document> = T & { readonly _version: number };

export type Scalar = string | number | boolean | null;

export interface FieldCondition {
  readonly $eq?: Scalar;
  readonly $ne?: Scalar;
  readonly $in?: readonly Scalar[];
  readonly $gt?: string | number;
  readonly $gte?: string | number;
  readonly $lt?: string | number;
  readonly $lte?: string | number;
  readonly $exists?: boolean;
}

/**
 * Field path (dotted for nested fields) → a scalar (equality) or a condition. All entries must
 * hold (AND). A condition on a field holding an array matches when any element matches.
 */
export type Filter = Readonly<Record<string, Scalar | FieldCondition>>;

export interface FindOptions {
  /** Field path → 1 ascending, -1 descending; applied in key order. `_id` breaks ties. */
  readonly sort?: Readonly<Record<string, 1 | -1>>;
  readonly skip?: number;
  readonly limit?: number;
}

export interface IndexSpec {
  /** Field paths of a compound index, in order. */
  readonly fields: readonly string[];
  /**
   * No two documents may share the indexed values. Give every document all fields of its unique
   * indexes: MongoDB indexes a missing field as null (two documents lacking it collide), SQLite
   * does not, and the contract leaves that case open.
   */
  readonly unique?: boolean;
}

export interface CollectionSpec {
  readonly name: string;
  readonly indexes?: readonly IndexSpec[];
  /**
   * Top-level fields that are usually empty and briefly large, such as an outbox's staged events.
   * They are written and read with the document, atomically, but a store may keep them beside its
   * row, so the row does not grow and shrink back on every write (embedded: ADR 021). On every
   * adapter they cannot be filtered, sorted or indexed on (InvalidArgumentError).
   */
  readonly sideFields?: readonly string[];
}

export interface PutOptions {
  /**
   * Write only if the stored version equals this (0 = the document must not exist yet).
   * Otherwise the write fails with `ConflictError` and changes nothing.
   */
  readonly expectedVersion?: number;
  /**
   * Events the write implies, appended to the store's outbox (`DocumentStore.outbox`) in the same
   * atomic write as the document: both are durable, or neither. Only on a store that has an
   * outbox; elsewhere `InvalidArgumentError` (stage them in the document: events/outbox.ts).
   */
  readonly outbox?: readonly OutboxRecord[];
}

/** An event waiting in a store's outbox until it is published. */
export interface OutboxRecord {
  /** Unique; records are kept and listed in id order, so ids should grow (events/outbox.ts). */
  readonly id: string;
  readonly topic: string;
  readonly key: string;
  readonly value: Uint8Array;
  readonly headers: Readonly<Record<string, string>>;
}

/** An outbox record as stored, with the document it was written with. */
export interface StoredOutboxRecord extends OutboxRecord {
  readonly collection: string;
  readonly documentId: string;
}

/**
 * Events appended with document writes (`PutOptions.outbox`), kept until removed: the
 * transactional outbox without rewriting the document to clear it (ADR 035).
 */
export interface StoreOutbox {
  /** Up to `limit` records, oldest (lowest id) first. */
  pending(limit: number): Promise<StoredOutboxRecord[]>;
  /** Removes these records (published); ids no longer present are ignored. Resolves when durable. */
  remove(ids: readonly string[]): Promise<void>;
}

export interface BulkPutResult {
  readonly inserted: number;
  readonly updated: number;
  /** Documents equal to the stored ones: not written, version unchanged. */
  readonly unchanged: number;
}

export interface Collection<T extends Document> {
  get(id: string): Promise<Stored<T> | null>;
  getMany(ids: readonly string[]): Promise<Stored<T>[]>;
  /** Inserts or replaces. Resolves when durable. */
  put(doc: T, options?: PutOptions): Promise<Stored<T>>;
  /** Inserts or replaces many at once; a document equal to the stored one is not rewritten. */
  bulkPut(docs: readonly T[]): Promise<BulkPutResult>;
  /**
   * Read-modify-write under optimistic concurrency: `change` gets the current document (or null)
   * and returns the new one (or null to leave it as is). Retried on a concurrent write.
   */
  update(id: string, change: (current: Stored<T> | null) => T | null): Promise<Stored<T> | null>;
  delete(id: string, options?: PutOptions): Promise<boolean>;
  find(filter?: Filter, options?: FindOptions): Promise<Stored<T>[]>;
  /**
   * The ids of the documents `find` returns, in its order. Cheaper where only ids are needed: the
   * embedded store answers from an index that covers the filter and sort without reading a
   * document, MongoDB returns only `_id`.
   */
  findIds(filter?: Filter, options?: FindOptions): Promise<string[]>;
  count(filter?: Filter): Promise<number>;
}

export interface DocumentStore {
  collection<T extends Document>(spec: CollectionSpec): Promise<Collection<T>>;
  /**
   * A token that changes whenever another client of the database (another process, another
   * store instance) committed a write since an earlier call; this instance's own writes leave it
   * as it was. null where the engine cannot tell: the caller must then assume others wrote. Lets
   * the only writer of some data skip reading it again to see whether someone else changed it.
   */
  othersWriteToken(): Promise<string | null>;
  /**
   * The outbox `PutOptions.outbox` appends to, where a document write and its events can be one
   * atomic write (the embedded store: one SQLite transaction); null where they cannot (MongoDB
   * without multi-document transactions on every engine).
   */
  readonly outbox: StoreOutbox | null;
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}
