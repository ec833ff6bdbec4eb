import type {
  BulkPutResult,
  Collection,
  Document,
  Filter,
  FindOptions,
  PutOptions,
  Stored,
} from '@pc/kit/ports/document-store';
import type { CollectionContext } from './collection-context.js';
import { countDocuments, findDocumentIds, findDocuments, getDocument, getDocuments } from './collection-reads.js';
import { bulkPutDocuments, deleteDocument, putDocument, updateDocument } from './collection-writes.js';
import { storeOperations } from '@pc/kit/telemetry/operation-tally';
import { translateSqliteError } from './sqlite-errors.js';
import type { StatisticsKeeper } from './statistics-keeper.js';

/**
 * The port over one SQLite table. better-sqlite3 is synchronous: every call runs on the event
 * loop thread and blocks it for its duration — microseconds for point reads and writes, about
 * a millisecond per 40 documents of bulkPut with FULL sync, longer for unindexed scans, and up
 * to the busy timeout while another process holds the write lock. That is the price of the
 * simplest durable engine; a store that needs more would move to a worker thread.
 */
export class EmbeddedCollection<T extends Document> implements Collection<T> {
  constructor(
    private readonly ctx: CollectionContext,
    private readonly statistics: StatisticsKeeper,
  ) {}

  get(id: string): Promise<Stored<T> | null> {
    return this.run('get', () => getDocument<T>(this.ctx, id));
  }

  getMany(ids: readonly string[]): Promise<Stored<T>[]> {
    return this.run('getMany', () => getDocuments<T>(this.ctx, ids));
  }

  put(doc: T, options?: PutOptions): Promise<Stored<T>> {
    return this.write(
      'put',
      () => putDocument(this.ctx, doc, options?.expectedVersion, options?.outbox),
      () => 1,
    );
  }

  bulkPut(docs: readonly T[]): Promise<BulkPutResult> {
    return this.write(
      'bulkPut',
      () => bulkPutDocuments(this.ctx, docs),
      (result) => result.inserted + result.updated,
    );
  }

  update(id: string, change: (current: Stored<T> | null) => T | null): Promise<Stored<T> | null> {
    return this.write(
      'update',
      () => updateDocument(this.ctx, id, change),
      () => 1,
    );
  }

  delete(id: string, options?: PutOptions): Promise<boolean> {
    return this.write(
      'delete',
      () => deleteDocument(this.ctx, id, options?.expectedVersion),
      () => 1,
    );
  }

  find(filter?: Filter, options?: FindOptions): Promise<Stored<T>[]> {
    return this.run('find', () => findDocuments<T>(this.ctx, filter, options));
  }

  findIds(filter?: Filter, options?: FindOptions): Promise<string[]> {
    return this.run('findIds', () => findDocumentIds(this.ctx, filter, options));
  }

  count(filter?: Filter): Promise<number> {
    return this.run('count', () => countDocuments(this.ctx, filter));
  }

  /**
   * A write joins the next group commit (group-commit.ts) and settles once it is durable; the
   * documents it wrote count towards the next refresh of the planner statistics.
   */
  private write<R>(kind: string, operation: () => R, documents: (result: R) => number): Promise<R> {
    return this.ctx
      .write(() => storeOperations.time(this.ctx.name, kind, operation))
      .then(
        (result) => {
          this.statistics.wrote(documents(result));
          return result;
        },
        (error: unknown) => {
          throw translateSqliteError(error, this.ctx.name);
        },
      );
  }

  /**
   * Starts the work on a microtask, not inside the caller's call: an `update` change callback
   * that calls the store would otherwise run nested in the open transaction (and commit or roll
   * back with it) or, through a second connection, wait on the lock its own thread holds.
   */
  private run<R>(kind: string, operation: () => R): Promise<R> {
    return Promise.resolve().then(() => {
      try {
        return storeOperations.time(this.ctx.name, kind, operation);
      } catch (error) {
        throw translateSqliteError(error, this.ctx.name);
      }
    });
  }
}
