import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { FailedPreconditionError, InvalidArgumentError, UnavailableError } from '../../../errors/domain-errors.js';
import type { IndexSchema, SearchDocument, SearchIndex, SearchIndexHandle } from '../../../ports/search-index.js';
import { ensureCatalog } from './catalog.js';
import { EmbeddedSearchIndexHandle } from './embedded-search-index-handle.js';
import { loadIndex, reloadValues, type LoadedIndex } from './load-index.js';
import { MatchCache } from './match-cache.js';
import { planSchema } from '../../shared-search/schema-plan.js';

export interface EmbeddedSearchIndexOptions {
  /** SQLite file under the service's data dir (created with its folder), or ':memory:'. */
  readonly path: string;
  /**
   * Rowids of recent text matches kept in memory, over all indices of the file (4 bytes each;
   * default 8,388,608 = 32 MiB). 0 turns the cache off.
   */
  readonly matchCacheRows?: number;
}

const DEFAULT_MATCH_CACHE_ROWS = 8 * 1024 * 1024;

/**
 * The embedded SearchIndex: SQLite (FTS5 + documents) on disk, with keyword and number columns
 * held in memory for filters, facets and sorting. One process should own the file; other
 * connections' writes are noticed (PRAGMA data_version) and reloaded, which is correct but slow.
 */
export async function openEmbeddedSearchIndex(options: EmbeddedSearchIndexOptions): Promise<SearchIndex> {
  const cacheRows = options.matchCacheRows ?? DEFAULT_MATCH_CACHE_ROWS;
  if (!Number.isInteger(cacheRows) || cacheRows < 0) throw new InvalidArgumentError([{ field: 'matchCacheRows', reason: 'must be a non-negative integer' }]);
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
  return new EmbeddedSearchIndex(db, cacheRows === 0 ? null : new MatchCache(cacheRows));
}

class EmbeddedSearchIndex implements SearchIndex {
  private readonly open = new Map<string, { readonly index: LoadedIndex; readonly handle: SearchIndexHandle<SearchDocument> }>();
  private dataVersion: number;
  private dataVersionStatement: Database.Statement<[], number> | undefined;
  private closed = false;

  constructor(
    private readonly db: Database.Database,
    private readonly matchCache: MatchCache | null,
  ) {
    this.dataVersion = this.readDataVersion();
  }

  async index<D extends SearchDocument>(schema: IndexSchema): Promise<SearchIndexHandle<D>> {
    this.beforeUse();
    const plan = planSchema(schema);
    const known = this.open.get(plan.name);
    if (known !== undefined) {
      if (known.index.plan.fingerprint !== plan.fingerprint) {
        throw new FailedPreconditionError(`search index ${plan.name} is open with another schema; reopen the engine to rebuild it`);
      }
      return known.handle as unknown as SearchIndexHandle<D>;
    }
    const index = loadIndex(this.db, plan, this.matchCache);
    const handle = new EmbeddedSearchIndexHandle<D>(index, () => this.beforeUse());
    this.open.set(plan.name, { index, handle: handle as unknown as SearchIndexHandle<SearchDocument> });
    return handle;
  }

  async isReady(): Promise<boolean> {
    if (this.closed) return false;
    return this.db.prepare('SELECT 1 AS ok').get() !== undefined;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.open.clear();
    this.db.close();
  }

  private beforeUse(): void {
    if (this.closed) throw new UnavailableError('the embedded search index is closed');
    const version = this.readDataVersion();
    if (version === this.dataVersion) return;
    // Another connection committed: the in-memory columns may be stale.
    for (const { index } of this.open.values()) reloadValues(this.db, index);
    this.dataVersion = version;
  }

  private readDataVersion(): number {
    // Prepared once: db.pragma() prepares its statement on every call, and this runs per search.
    this.dataVersionStatement ??= this.db.prepare<[], number>('PRAGMA data_version').pluck();
    return Number(this.dataVersionStatement.get());
  }
}
