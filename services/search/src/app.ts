import type { Subscription } from '@pc/kit/ports/event-bus';
import { openDocumentStore } from '@pc/engine-profile/open-document-store';
import { openEventBus } from '@pc/engine-profile/open-event-bus';
import { openSearchIndex } from '@pc/engine-profile/open-search-index';
import type { BuildContext, ServiceApp } from '@pc/kit/service/service-app';
import type { SearchConfig } from './config.js';
import { CoalescedRefresh } from './events/coalesced-refresh.js';
import { IndexProgress } from './events/index-progress.js';
import { IndexRebuild } from './events/index-rebuild.js';
import { IndexWriter } from './events/index-writer.js';
import { PriceLag } from './events/price-lag.js';
import type { SourceUpdate } from './events/source-update.js';
import { subscribeIndexer } from './events/subscriptions.js';
import { WriteBehindBuffer } from './events/write-behind.js';
import { searchService } from './grpc/search-service.js';
import { openSearchIndices, refreshAll } from './store/search-indices.js';
import { QueryTracker } from './events/query-tracker.js';
import { QueryCounts } from './store/query-counts.js';
import { searchCopy } from './store/search-copy.js';
import { SourceStore } from './store/source-store.js';
import { watchIndexSizes } from './store/index-size-metrics.js';

/** Builds the search service without binding a port (tests run it in-process). */
export async function buildSearchApp({ config, logger }: BuildContext<SearchConfig>): Promise<ServiceApp> {
  const copy = searchCopy(config.SEARCH_INDEX_PREFIX);
  const documents = await openDocumentStore(config, copy.store, logger);
  const searchIndex = await openSearchIndex(config, config.SEARCH_INDEX_PREFIX, logger);
  const bus = await openEventBus(config, logger, 'search');
  const [store, indices, queryCounts] = await Promise.all([
    SourceStore.open(documents),
    openSearchIndices(searchIndex),
    QueryCounts.open(documents),
  ]);
  watchIndexSizes(indices);
  const clock = () => new Date();
  const tracker = new QueryTracker(
    queryCounts,
    { flushIntervalMs: config.SEARCH_QUERY_FLUSH_MS, maxPending: 10_000, retentionDays: 90, clock },
    logger,
  );
  const progress = await IndexProgress.load(store);
  const priceLag = new PriceLag(logger);
  const refreshIntervalMs = config.SEARCH_REFRESH_INTERVAL_MS ?? (config.SEARCH_INDEX === 'embedded' ? 0 : 100);
  const refresh = new CoalescedRefresh(() => refreshAll(indices), refreshIntervalMs);
  const writer = new IndexWriter({ store, indices, progress, refresh, priceLag, logger });
  const buffer = new WriteBehindBuffer<SourceUpdate>(
    (updates) => writer.write(updates),
    config.SEARCH_BATCH_MAX_EVENTS,
  );
  let subscription: Subscription | null = null;

  return {
    services: [searchService({ indices, progress, priceLag: priceLag.window, queryCounts, tracker, clock })],
    readiness: {
      documents: () => documents.isReady(),
      searchIndex: () => searchIndex.isReady(),
      events: () => bus.isReady(),
    },
    start: async () => {
      tracker.start();
      // Before consuming: events after the offsets would otherwise land in indices that miss
      // everything before them.
      await new IndexRebuild(store, indices, writer, logger).ifNeeded(config.SEARCH_REBUILD_ON_START);
      subscription = await subscribeIndexer(bus, buffer, logger, {
        group: copy.group,
        concurrency: config.SEARCH_INGEST_CONCURRENCY,
      });
      // Reported ready once the index runs at full speed: the embedded engine's query threads
      // load their own columns after this thread (~30 s at a million products).
      await searchIndex.loaded?.();
    },
    stop: async () => {
      // Stop consuming (the handlers in flight finish and commit), then close what they used.
      await subscription?.stop();
      await tracker.stop();
      await buffer.idle();
      await refresh.idle();
      await progress.save();
      await bus.close();
      await Promise.all([searchIndex.close(), documents.close()]);
    },
  };
}
