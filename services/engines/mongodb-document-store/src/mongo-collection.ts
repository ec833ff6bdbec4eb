import type {
  BulkPutResult,
  Collection,
  Document,
  Filter,
  FindOptions,
  PutOptions,
  Stored,
} from '@pc/kit/ports/document-store';
import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import { bulkPutDocuments } from './collection-bulk-put.js';
import type { CollectionHandle } from './collection-handle.js';
import { countDocuments, findDocumentIds, findDocuments, getDocument, getDocuments } from './collection-reads.js';
import { updateDocument } from './collection-update.js';
import { deleteDocument, putDocument } from './collection-writes.js';
import { withDocumentLocks } from './document-locks.js';
import { translateMongoError } from './mongo-errors.js';
import { checkQueryAvoidsSideFields } from '@pc/kit/ports/support/documents/side-fields';

/** The port over one MongoDB collection; each operation maps the driver's errors to the port's. */
export class MongoCollection<T extends Document> implements Collection<T> {
  constructor(
    private readonly handle: CollectionHandle,
    /** Stored inline here, but refused in queries as on every adapter (@pc/kit/ports/support/documents/side-fields.ts). */
    private readonly sideFields: ReadonlySet<string> = new Set(),
  ) {}

  get(id: string): Promise<Stored<T> | null> {
    return this.run(() => getDocument<T>(this.handle, id));
  }

  getMany(ids: readonly string[]): Promise<Stored<T>[]> {
    return this.run(() => getDocuments<T>(this.handle, ids));
  }

  put(doc: T, options?: PutOptions): Promise<Stored<T>> {
    if (options?.outbox !== undefined)
      return Promise.reject(
        new InvalidArgumentError([
          { field: 'options.outbox', reason: 'this store has no outbox: stage the events in the document' },
        ]),
      );
    return this.write([doc?._id], () => putDocument<T>(this.handle, doc, options?.expectedVersion));
  }

  bulkPut(docs: readonly T[]): Promise<BulkPutResult> {
    const ids = Array.isArray(docs) ? docs.map((doc) => doc?._id) : [];
    return this.write(ids, () => bulkPutDocuments(this.handle, docs));
  }

  update(id: string, change: (current: Stored<T> | null) => T | null): Promise<Stored<T> | null> {
    return this.write([id], () => updateDocument<T>(this.handle, id, change));
  }

  delete(id: string, options?: PutOptions): Promise<boolean> {
    return this.write([id], () => deleteDocument(this.handle, id, options?.expectedVersion));
  }

  find(filter?: Filter, options?: FindOptions): Promise<Stored<T>[]> {
    return this.run(() => {
      checkQueryAvoidsSideFields(this.sideFields, filter, options);
      return findDocuments<T>(this.handle, filter, options);
    });
  }

  findIds(filter?: Filter, options?: FindOptions): Promise<string[]> {
    return this.run(() => {
      checkQueryAvoidsSideFields(this.sideFields, filter, options);
      return findDocumentIds(this.handle, filter, options);
    });
  }

  count(filter?: Filter): Promise<number> {
    return this.run(() => {
      checkQueryAvoidsSideFields(this.sideFields, filter);
      return countDocuments(this.handle, filter);
    });
  }

  /** A write, queued behind this process's other writes to the same documents (document-locks.ts). */
  private write<R>(ids: readonly unknown[], operation: () => Promise<R>): Promise<R> {
    const keys = ids.filter((id): id is string => typeof id === 'string').map((id) => `${this.handle.namespace}/${id}`);
    return this.run(() => withDocumentLocks(keys, operation));
  }

  private async run<R>(operation: () => Promise<R>): Promise<R> {
    this.handle.assertOpen();
    try {
      const result = await operation();
      this.handle.watchdog.succeeded();
      return result;
    } catch (error) {
      this.handle.watchdog.failed(error);
      throw translateMongoError(error, this.handle.name);
    }
  }
}
