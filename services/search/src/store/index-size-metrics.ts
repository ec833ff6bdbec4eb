import { metrics } from '@opentelemetry/api';
import type { SearchIndices } from './search-indices.js';

/**
 * `search.index.documents`: documents in each search index (products, brands, categories,
 * shops, completions), read from the index when scraped. With the price lag and the search
 * RPCs' latency it is what the search dashboard shows.
 */
export function watchIndexSizes(indices: SearchIndices): void {
  metrics
    .getMeter('@pc/search')
    .createObservableGauge('search.index.documents', {
      description: 'Documents in each search index',
      unit: '{document}',
    })
    .addCallback(async (result) => {
      await Promise.all(
        Object.entries(indices).map(async ([index, handle]) => {
          const count = await handle.count().catch(() => undefined);
          if (count !== undefined) result.observe(count, { index });
        }),
      );
    });
}
