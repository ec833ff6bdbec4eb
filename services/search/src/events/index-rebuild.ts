import type { Logger } from 'pino';
import { refreshAll, type SearchIndices } from '../store/search-indices.js';
import type { SourceStore } from '../store/source-store.js';
import type { IndexWriter } from './index-writer.js';

/** Products derived and written per round of a rebuild. */
const PAGE = 500;

/**
 * Rebuilds the indices from the side state at start, which holds everything the events said: no
 * replay of the event log, which would take as long as the log is old, and no call to catalog or
 * offers, which may not be up yet (staff's RebuildIndex reads them: rebuild/owners-rebuild.ts).
 *
 * Why: the consumer group's offsets live with the event log and the side state in search's own
 * store, the indices in the search engine. When the engine loses them (indices deleted, a new or
 * restored cluster, a lost disk) while the offsets stay, no event brings back what was indexed
 * before: those products stayed missing until their next change.
 */
export class IndexRebuild {
  constructor(
    private readonly store: SourceStore,
    private readonly indices: SearchIndices,
    private readonly writer: IndexWriter,
    private readonly logger: Logger,
  ) {}

  /**
   * At start, before consuming: rebuilds when the product index is empty although the side state
   * knows products (the engine lost it), or when `force` is set (an operator's repair after a
   * partial loss). Returns how many products were written (0: nothing to do).
   */
  async ifNeeded(force: boolean): Promise<number> {
    const [first] = await this.store.productsAfter('', 1);
    if (!first) return 0;
    if (!force && (await this.indices.products.count()) > 0) return 0;
    const reason = force ? 'SEARCH_REBUILD_ON_START' : 'the product index is empty, the side state is not';
    this.logger.warn({ reason }, 'rebuilding the search indices from the side state');
    return this.all();
  }

  /**
   * Writes every product's documents and every shop's again, page by page. Documents of products
   * the side state does not hold stay: a side state that lost records must not take them along.
   */
  private async all(): Promise<number> {
    const startedAt = performance.now();
    let written = 0;
    await this.writer.rewrite([], await this.store.allShops());
    for (
      let page = await this.store.productsAfter('', PAGE);
      page.length > 0;
      page = await this.store.productsAfter(page.at(-1)?._id ?? '', PAGE)
    ) {
      await this.writer.rewrite(page, []);
      written += page.length;
      if (written % (PAGE * 20) === 0) this.logger.info({ products: written }, 'rebuilding the search indices');
    }
    // Searchable when start goes on (Elasticsearch shows writes after a refresh).
    await refreshAll(this.indices);
    this.logger.info(
      { products: written, seconds: Math.round((performance.now() - startedAt) / 1000) },
      'search indices rebuilt from the side state',
    );
    return written;
  }
}
