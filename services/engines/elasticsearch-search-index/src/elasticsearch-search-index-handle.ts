import type {
  IndexStorage,
  SearchDocument,
  SearchIndexHandle,
  SearchLanguage,
  SearchRequest,
  SearchResult,
} from '@pc/kit/ports/search-index';
import { bulkWrite } from './bulk-writer.js';
import { translated } from './es-errors.js';
import { ID, SOURCE } from './field-layout.js';
import { encodeWrites, type IndexContext } from './index-context.js';
import { executeSearch } from './search-executor.js';
import { suggestCompletions } from './suggest.js';
import { idPage, suggestLimit } from '@pc/kit/ports/support/search/request-validation';

/**
 * One index version. Writes are acknowledged once Elasticsearch has them durably (translog) and
 * become searchable at the next refresh (1 s, or `refresh()`); `get` sees them at once.
 */
export class ElasticsearchSearchIndexHandle<D extends SearchDocument> implements SearchIndexHandle<D> {
  constructor(
    private readonly context: IndexContext,
    /** Throws when the engine is closed. */
    private readonly beforeUse: () => void,
  ) {}

  async upsert(docs: readonly D[]): Promise<void> {
    this.beforeUse();
    const writes = encodeWrites(this.context, docs);
    await bulkWrite(this.context.client, this.context.index, writes, this.context.bulk);
  }

  async delete(ids: readonly string[]): Promise<void> {
    this.beforeUse();
    await bulkWrite(
      this.context.client,
      this.context.index,
      ids.map((id) => ({ id })),
      this.context.bulk,
    );
  }

  async get(id: string): Promise<D | null> {
    this.beforeUse();
    const { client, index } = this.context;
    const found = await translated('reading', () =>
      client.get<Record<string, unknown>>({ index, id, _source: [SOURCE] }, { ignore: [404] }),
    );
    return found.found ? ((found._source?.[SOURCE] as D | undefined) ?? null) : null;
  }

  async search(request: SearchRequest): Promise<SearchResult<D>> {
    this.beforeUse();
    return translated('searching', () => executeSearch<D>(this.context, request));
  }

  /** `language` is accepted for the port; suggestions are folded, which is language-neutral. */
  async suggest(
    prefix: string,
    options?: { readonly limit?: number; readonly language?: SearchLanguage },
  ): Promise<string[]> {
    this.beforeUse();
    const limit = suggestLimit(options);
    if (this.context.plan.suggestField === undefined) return [];
    return translated('suggesting', () => suggestCompletions(this.context, prefix, limit));
  }

  async count(): Promise<number> {
    this.beforeUse();
    const { client, index } = this.context;
    return (await translated('counting', () => client.count({ index }))).count;
  }

  /** search_after on the id keyword (UTF-8 byte order, as the embedded index): no deep offsets. */
  async idsAfter(afterId: string, limit: number): Promise<string[]> {
    const page = idPage(afterId, limit);
    this.beforeUse();
    const { client, index } = this.context;
    const found = await translated('listing ids', () =>
      client.search({
        index,
        size: page.limit,
        sort: [{ [ID]: 'asc' }],
        _source: false,
        track_total_hits: false,
        ...(page.afterId === '' ? {} : { search_after: [page.afterId] }),
      }),
    );
    return found.hits.hits.map((hit) => hit._id ?? '');
  }

  async refresh(): Promise<void> {
    this.beforeUse();
    const { client, index } = this.context;
    await translated('refreshing', () => client.indices.refresh({ index }));
  }

  /** The live index version's primary store (replicas copy it; they are not this index's size). */
  async storage(): Promise<IndexStorage> {
    this.beforeUse();
    const { client, index } = this.context;
    const stats = await translated('reading index stats', () =>
      client.indices.stats({ index, metric: 'store', filter_path: ['_all.primaries.store.size_in_bytes'] }),
    );
    return { bytes: stats._all.primaries?.store?.size_in_bytes ?? 0, measuredAt: new Date() };
  }
}
