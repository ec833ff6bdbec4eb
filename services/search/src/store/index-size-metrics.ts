import { metrics, type Meter } from '@opentelemetry/api';
import type { SearchIndexHandle } from '@pc/kit/ports/search-index';
import type { SearchIndices } from './search-indices.js';

type AnyHandle = SearchIndexHandle<never>;

/**
 * `search.index.documents`: documents in each search index (products, brands, categories,
 * shops, completions), read from the index when scraped; `search.index.storage`: the bytes each
 * takes on disk, as the engine last measured them (the embedded one at most every few minutes, in
 * a thread of its own, so a scrape never holds up searches). With the price lag and the search
 * RPCs' latency they are what the search dashboard shows.
 */
export function watchIndexSizes(indices: SearchIndices): void {
  const meter = metrics.getMeter('@pc/search');
  gaugePerIndex(meter, indices, 'search.index.documents', 'Documents in each search index', '{document}', (handle) =>
    handle.count(),
  );
  gaugePerIndex(
    meter,
    indices,
    'search.index.storage',
    'Bytes each search index takes on disk, as last measured',
    'By',
    async (handle) => (await handle.storage()).bytes,
  );
}

/** A gauge with one value per index (`index` attribute); an index that fails to answer is left out. */
function gaugePerIndex(
  meter: Meter,
  indices: SearchIndices,
  name: string,
  description: string,
  unit: string,
  read: (handle: AnyHandle) => Promise<number>,
): void {
  meter.createObservableGauge(name, { description, unit }).addCallback(async (result) => {
    await Promise.all(
      Object.entries(indices).map(async ([index, handle]: [string, AnyHandle]) => {
        const value = await read(handle).catch(() => undefined);
        if (value !== undefined) result.observe(value, { index });
      }),
    );
  });
}
