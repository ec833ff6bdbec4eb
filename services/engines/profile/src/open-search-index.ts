import type { Logger } from 'pino';
import { dataFile } from './data-path.js';
import { ConfigError } from '@pc/kit/config/load-config';
import type { ServiceConfig } from '@pc/kit/config/service-config';
import { openEmbeddedSearchIndex } from '@pc/embedded-search-index/embedded-search-index';
import type { SearchIndex } from '@pc/kit/ports/search-index';
import { unavailableAdapter } from './unavailable-adapter.js';

type ElasticsearchAdapter = typeof import('@pc/elasticsearch-search-index/elasticsearch-search-index');

/**
 * The search index the config selects. Embedded: <DATA_DIR>/<service>/search.sqlite, with
 * SEARCH_MATCH_CACHE_MB for cached text matches and SEARCH_QUERY_THREADS threads answering searches.
 * Elasticsearch: indices named `<service>-<index>` (aliases; see the adapter's README), under
 * PLATFORM_NAMESPACE `<namespace>.<service>-<index>` (a dot: namespaces may contain dashes, so
 * `e2e` and `e2e-1` stay told apart).
 */
export async function openSearchIndex(config: ServiceConfig, service: string, logger?: Logger): Promise<SearchIndex> {
  if (config.SEARCH_INDEX === 'embedded') {
    return openEmbeddedSearchIndex({
      path: dataFile(config.DATA_DIR, service, 'search.sqlite'),
      // A cached rowid is 4 bytes.
      matchCacheRows: config.SEARCH_MATCH_CACHE_MB * 262_144,
      queryThreads: config.SEARCH_QUERY_THREADS,
      onQueryThreadProblem: (reason) =>
        logger?.error({ reason }, 'search query thread problem; its searches run in the service thread'),
      onColumns: (report) => {
        if (report.event === 'save-failed')
          logger?.warn(report, 'search index columns not saved; the next start reads every row');
        else
          logger?.info(
            report,
            report.event === 'loaded'
              ? `search index columns loaded from ${report.from}`
              : 'search index columns saved',
          );
      },
    });
  }
  if (config.SEARCH_INDEX === 'elasticsearch') {
    if (config.ELASTICSEARCH_URL === undefined)
      throw new ConfigError([{ variable: 'ELASTICSEARCH_URL', reason: 'required when SEARCH_INDEX=elasticsearch' }]);
    // Required here, not imported above: the local profile never loads the Elasticsearch client.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const elasticsearch = require('@pc/elasticsearch-search-index/elasticsearch-search-index') as ElasticsearchAdapter;
    return elasticsearch.openElasticsearchSearchIndex({
      node: config.ELASTICSEARCH_URL,
      indexPrefix: config.PLATFORM_NAMESPACE ? `${config.PLATFORM_NAMESPACE}.${service}` : service,
      analysis: config.ELASTICSEARCH_ANALYSIS,
    });
  }
  throw unavailableAdapter('SEARCH_INDEX', config.SEARCH_INDEX);
}
