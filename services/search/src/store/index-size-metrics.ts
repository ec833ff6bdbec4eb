import { metrics, type Meter } from '@opentelemetry/api';
import type { SearchIndexHandle } from '@pc/kit/ports/search-index';
import type { SearchIndices } from './search-indices.js';

type AnyHandle = SearchIndexHandle<never>;

/**
 * `search.index.documents`: documents in each search index (products, brands, categories,
 * shops, completions), read from the index when scraped; `search.index.storage`: the bytes each
 * takes on disk, as the engine last measured them (the embedded one at most every few minutes, in
 * a thread of its own, so a scrape never holds up searches or waits for a measurement). With the price lag and the search
 * RPCs' latency they are what the search dashboard shows.
 */
export function watchIndexSizes(indices: SearchIndices): void {
  const meter = metrics.getMeter('@pc/search');
  gaugePerIndex(meter, indices, 'search.index.documents', 'Documents in each search index', '{document}', (handle) =>
    handle.count(),
  );
  // A measurement can take seconds at a million products (the embedded engine reads every page,
  // in a thread of its own): a scrape reports the last one this process saw and asks for the
  // next without waiting, so /metrics answers at once; the first measurement starts here.
  const lastBytes = new Map<AnyHandle, number>();
  const remeasure = (handle: AnyHandle): void =>
    void handle.storage().then(
      (storage) => lastBytes.set(handle, storage.bytes),
      () => undefined,
    );
  Object.values(indices).forEach(remeasure);
  gaugePerIndex(
    meter,
    indices,
    'search.index.storage',
    'Bytes each search index takes on disk, as last measured',
    'By',
    (handle) => {
      remeasure(handle);
      const bytes = lastBytes.get(handle);
      return bytes === undefined ? Promise.reject(new Error('not measured yet')) : Promise.resolve(bytes);
    },
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
