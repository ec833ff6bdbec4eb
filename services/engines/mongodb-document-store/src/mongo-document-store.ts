import { createConnection, type Connection } from 'mongoose';
import { InvalidArgumentError, UnavailableError } from '@pc/kit/errors/domain-errors';
import type { Collection, CollectionSpec, Document, DocumentStore } from '@pc/kit/ports/document-store';
import { collectionHandle } from './collection-handle.js';
import { ConnectionWatchdog } from './connection-watchdog.js';
import { validateCollectionSpec } from '@pc/kit/ports/support/documents/collection-spec';
import { ensureIndexes } from './collection-indexes.js';
import { MongoCollection } from './mongo-collection.js';
import { translateMongoError } from './mongo-errors.js';

export interface MongoDocumentStoreOptions {
  /** e.g. `mongodb://127.0.0.1:27017/`; a database named in it is overridden by `database`. */
  readonly uri: string;
  /** One database per service, e.g. `pricecompare_offers`. */
  readonly database: string;
  /**
   * How long an operation waits for a reachable server before failing with UnavailableError;
   * also bounds `isReady` and opening. Default 5000.
   */
  readonly serverSelectionTimeoutMs?: number;
  /** Connections to the server, at most. Default 20. */
  readonly maxPoolSize?: number;
  /** How long every call may fail to find the server before the driver's client is rebuilt (connection-watchdog.ts). Default 15000. */
  readonly reconnectAfterMs?: number;
  /** Told of each rebuild of the client, to log it. */
  readonly onReconnect?: (outcome: { ok: boolean; error?: unknown }) => void;
}

// MongoDB's limits on database names, narrowed to what FerretDB and file systems accept too.
const DATABASE_NAME = /^[A-Za-z0-9_-]{1,63}$/;

/** The cluster-profile DocumentStore: MongoDB (or FerretDB) through mongoose. */
export async function openMongoDocumentStore(options: MongoDocumentStoreOptions): Promise<DocumentStore> {
  if (!DATABASE_NAME.test(options.database)) {
    throw new InvalidArgumentError([{ field: 'database', reason: 'must be 1-63 characters of [A-Za-z0-9_-]' }]);
  }
  const connection = createConnection(options.uri, {
    dbName: options.database,
    // Fail fast instead of queueing: with the server away, callers get UnavailableError after
    // the selection timeout rather than a promise that waits until it is back.
    bufferCommands: false,
    autoIndex: false,
    autoCreate: false,
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMs ?? 5000,
    // Poll the server every 2 s rather than stream hello responses: after a restart of FerretDB
    // the streaming monitor sometimes never reconnected (fault test: no connection for 90 s),
    // leaving every call UnavailableError although the server was back.
    serverMonitoringMode: 'poll',
    heartbeatFrequencyMS: 2000,
    maxPoolSize: options.maxPoolSize ?? 20,
    // A write is acknowledged once a majority of the replica set has it in its journal, so a
    // failover never rolls back what a caller was told is stored (a standalone server: itself).
    writeConcern: { w: 'majority', journal: true },
  });
  try {
    await connection.asPromise();
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw new UnavailableError(`cannot reach MongoDB for database ${options.database}`, { cause: error });
  }
  const watchdog = new ConnectionWatchdog(connection.getClient(), {
    stuckAfterMs: options.reconnectAfterMs ?? 15_000,
    onReconnect: options.onReconnect,
  });
  return new MongoDocumentStore(connection, watchdog);
}

export class MongoDocumentStore implements DocumentStore {
  private closed = false;

  constructor(
    private readonly connection: Connection,
    private readonly watchdog: ConnectionWatchdog,
  ) {}

  /** Creates the declared indexes that are missing; existing data and indexes are kept. */
  async collection<T extends Document>(spec: CollectionSpec): Promise<Collection<T>> {
    if (this.closed) throw new UnavailableError('the document store is closed');
    validateCollectionSpec(spec);
    const handle = collectionHandle(this.connection, spec.name, () => this.closed, this.watchdog);
    try {
      await ensureIndexes(handle, spec);
    } catch (error) {
      throw translateMongoError(error, spec.name);
    }
    return new MongoCollection<T>(handle, new Set(spec.sideFields));
  }

  /**
   * None: a document and its outbox records would be two writes (multi-document transactions are
   * not on every engine we run, FerretDB v1), so events are staged inside the document.
   */
  readonly outbox = null;

  /** null: a MongoDB client cannot tell its own writes from others' without reading the data. */
  async othersWriteToken(): Promise<string | null> {
    if (this.closed) throw new UnavailableError('the document store is closed');
    return null;
  }

  async isReady(): Promise<boolean> {
    if (this.closed) return false;
    try {
      await this.connection.db?.command({ ping: 1 });
      this.watchdog.succeeded();
      return this.connection.db !== undefined;
    } catch (error) {
      // Readiness probes keep asking while no traffic does: they also let the watchdog act.
      this.watchdog.failed(error);
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.watchdog.settled();
    await this.connection.close();
  }
}
