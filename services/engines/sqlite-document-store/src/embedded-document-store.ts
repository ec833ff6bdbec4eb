import type { Database } from 'better-sqlite3';
import { InvalidArgumentError, UnavailableError } from '@pc/kit/errors/domain-errors';
import type {
  Collection,
  CollectionSpec,
  Document,
  DocumentStore,
  StoreOutbox,
  StoredOutboxRecord,
} from '@pc/kit/ports/document-store';
import { ARRAY_PATHS_DDL } from './array-paths.js';
import { VALUE_TYPES_DDL } from './value-types.js';
import { createCollectionContext } from './collection-context.js';
import { validateCollectionSpec } from '@pc/kit/ports/support/documents/collection-spec';
import { EmbeddedCollection } from './embedded-collection.js';
import { storeOperations } from '@pc/kit/telemetry/operation-tally';
import { OutboxRows } from './outbox-rows.js';
import { migrateCollection } from './schema-migration.js';
import { dataVersionReader, openSqliteConnection, type Synchronous } from './sqlite-connection.js';
import { translateSqliteError } from './sqlite-errors.js';
import { GroupCommit } from './group-commit.js';
import { StatementCache } from './statement-cache.js';
import { StatisticsKeeper } from './statistics-keeper.js';

export interface EmbeddedDocumentStoreOptions {
  /** The SQLite file, one per service: e.g. `<dataDir>/offers/documents.sqlite`. Folders are created. */
  readonly path: string;
  /**
   * 'full' (default): a resolved write survives a power cut. 'normal': it survives a crash of
   * the process, but the last commits may be lost with the machine; an order of magnitude more
   * single-document writes per second. Only for data that can be rebuilt.
   */
  readonly synchronous?: Synchronous;
  /** How long a write waits for another process's write lock before UnavailableError. Default 5000. */
  readonly busyTimeoutMs?: number;
}

/** The local-profile DocumentStore: SQLite through better-sqlite3, durable on disk. */
export async function openEmbeddedDocumentStore(options: EmbeddedDocumentStoreOptions): Promise<DocumentStore> {
  const db = openSqliteConnection({
    path: options.path,
    synchronous: options.synchronous ?? 'full',
    busyTimeoutMs: options.busyTimeoutMs ?? 5000,
  });
  try {
    return new EmbeddedDocumentStore(db);
  } catch (error) {
    db.close();
    throw translateSqliteError(error, options.path);
  }
}

export class EmbeddedDocumentStore implements DocumentStore {
  private readonly statements: StatementCache;
  private readonly commits: GroupCommit;
  private readonly dataVersion: () => number;
  private readonly outboxRows: OutboxRows;
  private closed = false;
  readonly outbox: StoreOutbox;

  constructor(private readonly db: Database) {
    this.statements = new StatementCache(db);
    this.commits = new GroupCommit(db);
    this.dataVersion = dataVersionReader(db);
    db.exec(ARRAY_PATHS_DDL);
    db.exec(VALUE_TYPES_DDL);
    this.outboxRows = new OutboxRows(db);
    this.outbox = {
      pending: (limit) => this.outboxPending(limit),
      remove: (ids) => this.outboxRemove(ids),
    };
  }

  private async outboxPending(limit: number): Promise<StoredOutboxRecord[]> {
    if (this.closed) throw new UnavailableError('the document store is closed');
    if (!Number.isSafeInteger(limit) || limit < 1)
      throw new InvalidArgumentError([{ field: 'limit', reason: 'must be a positive integer' }]);
    try {
      return storeOperations.time('_pc_outbox', 'pending', () => this.outboxRows.pending(limit));
    } catch (error) {
      throw translateSqliteError(error, '_pc_outbox');
    }
  }

  /** Joins the next group commit, like a document write: a publish's removals share its fsync. */
  private async outboxRemove(ids: readonly string[]): Promise<void> {
    if (this.closed) throw new UnavailableError('the document store is closed');
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string'))
      throw new InvalidArgumentError([{ field: 'ids', reason: 'must be an array of strings' }]);
    if (ids.length === 0) return;
    const nothing = () => undefined;
    await this.commits
      .submit(() => storeOperations.time('_pc_outbox', 'remove', () => this.outboxRows.removeAll(ids)), {
        undo: nothing,
        committed: nothing,
      })
      .catch((error: unknown) => {
        throw translateSqliteError(error, '_pc_outbox');
      });
  }

  /**
   * Creates the table and any declared index that is missing, migrating a table of the older
   * layout (schema-migration.ts); existing data is kept.
   */
  async collection<T extends Document>(spec: CollectionSpec): Promise<Collection<T>> {
    if (this.closed) throw new UnavailableError('the document store is closed');
    validateCollectionSpec(spec);
    try {
      migrateCollection(this.db, spec.name, spec.indexes ?? []);
    } catch (error) {
      throw translateSqliteError(error, spec.name);
    }
    const statistics = new StatisticsKeeper(this.db, spec.name, spec.indexes ?? []);
    statistics.open();
    return new EmbeddedCollection<T>(
      createCollectionContext(
        this.db,
        spec.name,
        spec.sideFields ?? [],
        this.statements,
        this.commits,
        this.dataVersion,
        this.outboxRows,
      ),
      statistics,
    );
  }

  /** SQLite's `PRAGMA data_version` (sqlite-connection.ts). */
  async othersWriteToken(): Promise<string | null> {
    if (this.closed) throw new UnavailableError('the document store is closed');
    try {
      return String(this.dataVersion());
    } catch (error) {
      throw translateSqliteError(error, 'data_version');
    }
  }

  async isReady(): Promise<boolean> {
    if (this.closed) return false;
    try {
      this.db.prepare('SELECT 1').get();
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Writes already submitted commit first: their callers were promised durability, not an error.
    // (No `PRAGMA optimize`: its sampled ANALYZE would replace the statistics of index-statistics.ts.)
    this.commits.flush();
    this.db.close();
  }
}
