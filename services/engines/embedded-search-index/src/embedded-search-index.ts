import { mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { FailedPreconditionError, InvalidArgumentError, UnavailableError } from '@pc/kit/errors/domain-errors';
import type { IndexSchema, SearchDocument, SearchIndex, SearchIndexHandle } from '@pc/kit/ports/search-index';
import { ensureCatalog } from './catalog.js';
import { EmbeddedSearchIndexHandle } from './embedded-search-index-handle.js';
import { catchUp } from './catch-up.js';
import { loadIndex, type LoadedIndex } from './load-index.js';
import { MatchCache } from './match-cache.js';
import { QueryThreads } from './query-threads.js';
import { DEFAULT_STORAGE_MAX_AGE_MS, StorageMeasurer } from './storage-measurer.js';
import { planSchema } from '@pc/kit/ports/support/search/schema-plan';

export interface EmbeddedSearchIndexOptions {
  /** SQLite file under the service's data dir (created with its folder), or ':memory:'. */
  readonly path: string;
  /**
   * Rowids of recent text matches kept in memory, over all indices of the file (4 bytes each;
   * a scored phrase's posting counts as three; default 8,388,608 = 32 MiB). 0 turns the cache
   * off, and with it relevance scored in memory (FTS5's bm25 then scores every match).
   */
  readonly matchCacheRows?: number;
  /**
   * Worker threads that answer searches beside the calling thread (default 0), each with its
   * own connection and in-memory columns (see query-threads.ts). Needs a file, not ':memory:'.
   */
  readonly queryThreads?: number;
  /** Tests: every search waits for a query thread instead of running in the caller's thread. */
  readonly waitForQueryThread?: boolean;
  /** Told when a query thread cannot open an index or stops; searches go on without it. */
  readonly onQueryThreadProblem?: (reason: string) => void;
  /**
   * Save each index's in-memory columns beside the file at `close()`, so that the next open
   * restores them instead of reading every row (default true; query threads only read them).
   */
  readonly saveColumnsOnClose?: boolean;
  /** Told how each index's columns were loaded at open and saved at close (for the service's log). */
  readonly onColumns?: (report: ColumnsReport) => void;
  /**
   * How long an index's measured size on disk is reused (default 5 minutes): measuring reads
   * every page of the index, in a worker thread of its own.
   */
  readonly storageMaxAgeMs?: number;
}

export type ColumnsReport =
  | {
      readonly event: 'loaded';
      readonly index: string;
      readonly from: 'snapshot' | 'rows';
      readonly reason?: string;
      readonly documents: number;
      readonly ms: number;
    }
  | { readonly event: 'saved'; readonly index: string; readonly bytes: number; readonly ms: number }
  | { readonly event: 'save-failed'; readonly index: string; readonly reason: string };

/** 32 MiB of 4-byte rowids: a small share of a service's memory, spent on its most repeated text matches. */
const DEFAULT_MATCH_CACHE_ROWS = 8 * 1024 * 1024;
/** Each thread holds a copy of the in-memory columns; more than this is memory no host has spare. */
const MAX_QUERY_THREADS = 16;

/**
 * The embedded SearchIndex: SQLite (FTS5 + documents) on disk, with keyword and number columns
 * held in memory for filters, facets and sorting. One connection should write the file; other
 * connections (query threads) notice its commits (PRAGMA data_version) and re-read the rows its
 * change log names.
 */
export async function openEmbeddedSearchIndex(options: EmbeddedSearchIndexOptions): Promise<SearchIndex> {
  const cacheRows = options.matchCacheRows ?? DEFAULT_MATCH_CACHE_ROWS;
  if (!Number.isInteger(cacheRows) || cacheRows < 0)
    throw new InvalidArgumentError([{ field: 'matchCacheRows', reason: 'must be a non-negative integer' }]);
  const threads = options.queryThreads ?? 0;
  if (!Number.isInteger(threads) || threads < 0 || threads > MAX_QUERY_THREADS) {
    throw new InvalidArgumentError([
      { field: 'queryThreads', reason: `must be an integer from 0 to ${MAX_QUERY_THREADS}` },
    ]);
  }
  const storageMaxAgeMs = options.storageMaxAgeMs ?? DEFAULT_STORAGE_MAX_AGE_MS;
  if (!Number.isFinite(storageMaxAgeMs) || storageMaxAgeMs < 0)
    throw new InvalidArgumentError([{ field: 'storageMaxAgeMs', reason: 'must be a non-negative number' }]);
  if (threads > 0 && options.path === ':memory:')
    throw new InvalidArgumentError([
      { field: 'queryThreads', reason: 'needs a file: an in-memory database is not shared between threads' },
    ]);
  if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
  const db = new Database(options.path);
  try {
    db.pragma('journal_mode = WAL');
    // A search index is derived data (rebuilt from events): a lost last transaction on power
    // failure is acceptable, an fsync per batch is not needed. Still safe against process crashes.
    db.pragma('synchronous = NORMAL');
    db.pragma('cache_size = -32768');
    db.pragma('temp_store = MEMORY');
    ensureCatalog(db);
  } catch (error) {
    db.close();
    throw error;
  }
  const queryThreads =
    threads === 0
      ? null
      : new QueryThreads({
          path: options.path,
          matchCacheRows: cacheRows,
          threads,
          waitForThread: options.waitForQueryThread,
          onThreadProblem: options.onQueryThreadProblem,
        });
  const measurer = new StorageMeasurer(db, options.path === ':memory:' ? null : options.path, storageMaxAgeMs);
  return new EmbeddedSearchIndex(db, cacheRows === 0 ? null : new MatchCache(cacheRows), queryThreads, measurer, {
    folder: options.path === ':memory:' ? null : join(dirname(options.path), `${basename(options.path)}-columns`),
    saveOnClose: options.saveColumnsOnClose ?? true,
    report: options.onColumns,
  });
}

interface SnapshotSettings {
  /** Where each index's column snapshot lives (`<name>.columns`); null: none (in-memory database). */
  readonly folder: string | null;
  readonly saveOnClose: boolean;
  readonly report: ((report: ColumnsReport) => void) | undefined;
}

class EmbeddedSearchIndex implements SearchIndex {
  private readonly open = new Map<
    string,
    { readonly index: LoadedIndex; readonly handle: SearchIndexHandle<SearchDocument> }
  >();
  private dataVersion: number;
  private dataVersionStatement: Database.Statement<[], number> | undefined;
  private closed = false;

  constructor(
    private readonly db: Database.Database,
    private readonly matchCache: MatchCache | null,
    private readonly queryThreads: QueryThreads | null,
    private readonly measurer: StorageMeasurer,
    private readonly snapshots: SnapshotSettings,
  ) {
    this.dataVersion = this.readDataVersion();
  }

  async index<D extends SearchDocument>(schema: IndexSchema): Promise<SearchIndexHandle<D>> {
    this.beforeUse();
    const plan = planSchema(schema);
    const known = this.open.get(plan.name);
    if (known !== undefined) {
      if (known.index.plan.fingerprint !== plan.fingerprint) {
        throw new FailedPreconditionError(
          `search index ${plan.name} is open with another schema; reopen the engine to rebuild it`,
        );
      }
      return known.handle as unknown as SearchIndexHandle<D>;
    }
    const started = performance.now();
    const { folder } = this.snapshots;
    const index = loadIndex(
      this.db,
      plan,
      this.matchCache,
      folder === null ? null : join(folder, `${plan.name}.columns`),
    );
    // Restored columns reflect the index as it was saved: what was committed since is in the log.
    catchUp(this.db, index);
    const { loadedFrom } = index;
    this.snapshots.report?.({
      event: 'loaded',
      index: plan.name,
      ...(loadedFrom.snapshot ? { from: 'snapshot' } : { from: 'rows', reason: loadedFrom.reason }),
      documents: index.values.size,
      ms: Math.round(performance.now() - started),
    });
    const handle = new EmbeddedSearchIndexHandle<D>(index, () => this.beforeUse(), this.queryThreads, this.measurer);
    this.open.set(plan.name, { index, handle: handle as unknown as SearchIndexHandle<SearchDocument> });
    // After this thread created or rebuilt the tables: the threads only read them.
    this.queryThreads?.open(schema);
    return handle;
  }

  /** Ready once the query threads have opened the indices too: the engine runs at full speed. */
  async isReady(): Promise<boolean> {
    if (this.closed) return false;
    if (this.queryThreads !== null && !this.queryThreads.settled) return false;
    return this.db.prepare('SELECT 1 AS ok').get() !== undefined;
  }

  async loaded(): Promise<void> {
    while (!this.closed && this.queryThreads !== null && !this.queryThreads.settled)
      await new Promise((resolve) => setTimeout(resolve, 100));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queryThreads?.close();
    await this.measurer.close();
    if (this.snapshots.saveOnClose) for (const { index } of this.open.values()) this.saveColumns(index);
    this.open.clear();
    this.db.close();
  }

  /** Saves columns that hold every logged change, unless the snapshot on disk already does. */
  private saveColumns(index: LoadedIndex): void {
    const head = index.log.head();
    if (index.log.seen !== head || index.snapshotSeq === head) return;
    const started = performance.now();
    try {
      const bytes = index.snapshots.save(index.plan, index.values, head);
      if (bytes === null) return;
      index.snapshotSeq = head;
      this.snapshots.report?.({
        event: 'saved',
        index: index.plan.name,
        bytes,
        ms: Math.round(performance.now() - started),
      });
    } catch (error) {
      // The next open reads every row, as without a snapshot.
      this.snapshots.report?.({
        event: 'save-failed',
        index: index.plan.name,
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  }

  private beforeUse(): void {
    if (this.closed) throw new UnavailableError('the embedded search index is closed');
    const version = this.readDataVersion();
    if (version === this.dataVersion) return;
    // Another connection committed: its changes are read from each index's change log.
    for (const { index } of this.open.values()) catchUp(this.db, index);
    this.dataVersion = version;
  }

  private readDataVersion(): number {
    // Prepared once: db.pragma() prepares its statement on every call, and this runs per search.
    this.dataVersionStatement ??= this.db.prepare<[], number>('PRAGMA data_version').pluck();
    return Number(this.dataVersionStatement.get());
  }
}
