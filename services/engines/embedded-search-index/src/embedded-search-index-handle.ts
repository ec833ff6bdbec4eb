import type {
  IndexStorage,
  SearchDocument,
  SearchIndexHandle,
  SearchLanguage,
  SearchRequest,
  SearchResult,
} from '@pc/kit/ports/search-index';
import { encodeDocument } from '@pc/kit/ports/support/search/document-encoding';
import type { LoadedIndex } from './load-index.js';
import type { QueryThreads } from './query-threads.js';
import { ScratchArrays } from './scratch-arrays.js';
import type { StorageMeasurer } from './storage-measurer.js';
import { executeSearch } from './search-executor.js';
import { suggestCompletions } from './suggest-query.js';
import { idPage, suggestLimit } from '@pc/kit/ports/support/search/request-validation';

/**
 * One index of the embedded search engine. Writes are synchronous SQLite transactions, so they
 * are visible to the next search (query threads catch up before each one); `refresh` only picks
 * up writes of other connections.
 */
export class EmbeddedSearchIndexHandle<D extends SearchDocument> implements SearchIndexHandle<D> {
  private readonly scratch = new ScratchArrays();

  constructor(
    private readonly index: LoadedIndex,
    /** Throws when the engine is closed; catches up when another connection wrote. */
    private readonly beforeUse: () => void,
    private readonly queryThreads: QueryThreads | null,
    private readonly measurer: StorageMeasurer,
  ) {}

  async upsert(docs: readonly D[]): Promise<void> {
    this.beforeUse();
    const encoded = docs.map((doc, i) => encodeDocument(this.index.plan, doc, i));
    this.index.writer.upsert(encoded);
  }

  async delete(ids: readonly string[]): Promise<void> {
    this.beforeUse();
    this.index.writer.delete(ids);
  }

  async get(id: string): Promise<D | null> {
    this.beforeUse();
    const row = this.index.statements.getDoc.get(id);
    return row === undefined ? null : (JSON.parse(row.doc) as D);
  }

  async search(request: SearchRequest): Promise<SearchResult<D>> {
    this.beforeUse();
    if (this.queryThreads === null) return this.searchHere(request);
    return this.queryThreads.search<D>(this.index.plan.name, request, async () => {
      this.beforeUse();
      return this.searchHere(request);
    });
  }

  private searchHere(request: SearchRequest): SearchResult<D> {
    const { plan, values, matcher, statements } = this.index;
    const vocabulary = { range: statements.vocabRange };
    return executeSearch<D>(
      {
        plan,
        values,
        matcher,
        vocabulary,
        docByRowid: statements.docByRowid,
        rowidById: statements.rowidById,
        scratch: this.scratch,
      },
      request,
    );
  }

  /** `language` is accepted for the port; suggestions are folded, which is language-neutral. */
  async suggest(
    prefix: string,
    options?: { readonly limit?: number; readonly language?: SearchLanguage },
  ): Promise<string[]> {
    this.beforeUse();
    const limit = suggestLimit(options);
    if (this.index.plan.suggestField === undefined) return [];
    return suggestCompletions(this.index.statements.suggestRange, prefix, limit);
  }

  async count(): Promise<number> {
    this.beforeUse();
    return this.index.values.size;
  }

  /** Binary (UTF-8 byte) order of the ids, which Elasticsearch's keyword sort shares. */
  async idsAfter(afterId: string, limit: number): Promise<string[]> {
    const page = idPage(afterId, limit);
    this.beforeUse();
    return this.index.statements.idsAfter.all(page.afterId, page.limit);
  }

  async refresh(): Promise<void> {
    this.beforeUse();
  }

  /** Measured in the storage thread, at most every few minutes (storage-measurer.ts). */
  async storage(): Promise<IndexStorage> {
    this.beforeUse();
    return this.measurer.storage(this.index.num);
  }
}
