import { dataFile } from './data-path.js';
import type { ServiceConfig } from '../config/service-config.js';
import { openEmbeddedSearchIndex } from '../adapters/embedded/search-index/embedded-search-index.js';
import type { SearchIndex } from '../ports/search-index.js';
import { unavailableAdapter } from './unavailable-adapter.js';

/** The search index the config selects; embedded: <DATA_DIR>/<service>/search.sqlite. */
export async function openSearchIndex(config: ServiceConfig, service: string): Promise<SearchIndex> {
  if (config.SEARCH_INDEX === 'embedded') {
    return openEmbeddedSearchIndex({ path: dataFile(config.DATA_DIR, service, 'search.sqlite') });
  }
  throw unavailableAdapter('SEARCH_INDEX', config.SEARCH_INDEX);
}
