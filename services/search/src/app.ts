import { randomBytes } from 'node:crypto';
import { VisitorKeys } from '@pc/kit/identity/visitor-keys';
import { logAdminService } from '@pc/kit/log-admin/log-admin-service';
import type { Subscription } from '@pc/kit/ports/event-bus';
import { openDocumentStore } from '@pc/engine-profile/open-document-store';
import { openEventBus } from '@pc/engine-profile/open-event-bus';
import { openEventBusAdmin } from '@pc/engine-profile/open-event-bus-admin';
import { DeadLetters } from '@pc/kit/event-admin/dead-letters';
import { createEventPublisher } from '@pc/kit/events/publisher';
import { eventBusAdminService } from '@pc/kit/event-admin/event-bus-admin-service';
import { openSearchIndex } from '@pc/engine-profile/open-search-index';
import { serviceApp, type BuildContext, type ServiceApp } from '@pc/kit/service/service-app';
import { AuditLog } from '@pc/audit-log/audit-log';
import { JobQueue } from '@pc/jobs/job-queue';
import { jobsService } from '@pc/jobs/jobs-service';
import { auditService } from '@pc/audit-log/audit-service';
import { connectStaffCheck, type StaffCheck } from '@pc/staff-access/staff-check';
import type { SearchConfig } from './config.js';
import { CoalescedRefresh } from './events/coalesced-refresh.js';
import { ListingsNotice } from './events/listings-notice.js';
import { IndexProgress } from './events/index-progress.js';
import { IndexRebuild } from './events/index-rebuild.js';
import { CategoryRederivation } from './events/category-rederivation.js';
import { IndexWriter } from './events/index-writer.js';
import { PriceLag } from './events/price-lag.js';
import type { SourceUpdate } from './events/source-update.js';
import { subscribeIndexer } from './events/subscriptions.js';
import { WriteBehindBuffer } from './events/write-behind.js';
import { IndexRebuilds } from './grpc/index-rebuilds.js';
import { searchService } from './grpc/search-service.js';
import { connectOwnerStreams, type OwnerStreams } from './rebuild/owner-streams.js';
import { OwnersRebuild } from './rebuild/owners-rebuild.js';
import { SourceLock } from './store/source-lock.js';
import { openSearchIndices, refreshAll } from './store/search-indices.js';
import { QueryTracker } from './events/query-tracker.js';
import { VisitorSearches } from './events/visitor-searches.js';
import { ClickCountsPruner } from './events/click-counts-pruner.js';
import { EntityPopularity } from './events/entity-popularity.js';
import { EntityWriter } from './events/entity-writer.js';
import { PopularityWindow } from './events/popularity-window.js';
import { EntityClickCounts } from './store/entity-click-counts.js';
import { popularitySince } from './domain/entity-popularity.js';
import { ProductClickCounts } from './store/product-click-counts.js';
import { QueryCounts } from './store/query-counts.js';
import { searchCopy } from './store/search-copy.js';
import { SourceStore } from './store/source-store.js';
import { DerivationMarks } from './store/derivation-marks.js';
import { watchIndexSizes } from './store/index-size-metrics.js';

/** Builds the search service without binding a port (tests run it in-process). */
export async function buildSearchApp(
  { config, logger }: BuildContext<SearchConfig>,
  options: {
    readonly staff?: StaffCheck;
    /** Catalog's and offers' streams a rebuild reads (default: over gRPC at their addresses). */
    readonly ownerStreams?: OwnerStreams;
  } = {},
): Promise<ServiceApp> {
  const copy = searchCopy(config.SEARCH_INDEX_PREFIX);
  const documents = await openDocumentStore(config, copy.store, logger);
  const searchIndex = await openSearchIndex(config, config.SEARCH_INDEX_PREFIX, logger);
  const bus = await openEventBus(config, logger, 'search');
  // The shared bus's staff API lives here beside the indices: both are the infrastructure panel's (ADR 054).
  const busAdmin = openEventBusAdmin(config, logger, 'search');
  const clock = () => new Date();
  const [store, indices, queryCounts, clickCounts, entityClicks, audit, derivations] = await Promise.all([
    SourceStore.open(documents),
    openSearchIndices(searchIndex),
    QueryCounts.open(documents),
    ProductClickCounts.open(documents),
    EntityClickCounts.open(documents),
    AuditLog.open(documents, 'search', clock),
    DerivationMarks.open(documents),
  ]);
  // The index RPCs belong to the infrastructure panel.
  const staff = options.staff ?? connectStaffCheck(config.ACCOUNTS_GRPC_ADDR, 'infrastructure');
  watchIndexSizes(indices);
  const tracker = new QueryTracker(
    queryCounts,
    { flushIntervalMs: config.SEARCH_QUERY_FLUSH_MS, maxPending: 10_000, retentionDays: 90, clock },
    logger,
  );
  const clickPruner = new ClickCountsPruner(clickCounts, clock, logger);
  // Each visitor's search counts once a day; the keys never leave this process, so its secret
  // is its own (ADR 103).
  const visitors = new VisitorSearches(config.SEARCH_VISITOR_SEARCHES_KEPT);
  const visitorKeys = new VisitorKeys(randomBytes(32).toString('base64url'));
  const progress = await IndexProgress.load(store);
  const priceLag = new PriceLag(logger);
  const refreshIntervalMs = config.SEARCH_REFRESH_INTERVAL_MS ?? (config.SEARCH_INDEX === 'embedded' ? 0 : 100);
  const refresh = new CoalescedRefresh(() => refreshAll(indices), refreshIntervalMs);
  const listings = new ListingsNotice(createEventPublisher(bus, 'search'), logger);
  const lock = new SourceLock();
  // Brands', categories' and shops' clicks (EntitySort POPULARITY, ADR 117): every document the
  // entity writer writes holds them as counted; the flush and the hourly window keep them current.
  const entities = new EntityWriter(indices, {
    clicksOf: (keys) => entityClicks.windowOf(keys, popularitySince(clock())),
    // Categories' names per language (ADR 127): a category's first product names it as catalog does.
    categoryNamesOf: (ids) => store.getMany('category', ids),
  });
  const popularity = new EntityPopularity(
    entityClicks,
    entities,
    { flushIntervalMs: config.SEARCH_POPULARITY_FLUSH_MS, clock },
    logger,
  );
  const popularityWindow = new PopularityWindow(entityClicks, popularity, clock, logger);
  const writer = new IndexWriter({
    store,
    indices,
    clickCounts,
    popularity,
    entities,
    progress,
    refresh,
    priceLag,
    listings,
    logger,
    lock,
  });
  const buffer = new WriteBehindBuffer<SourceUpdate>(
    (updates) => writer.write(updates),
    config.SEARCH_BATCH_MAX_EVENTS,
  );
  const deadLetters = await DeadLetters.open(documents, busAdmin, bus, clock);
  // At start, from the side state (the owners may not be up yet); staff rebuilds read the owners.
  const rebuild = new IndexRebuild(store, indices, writer, logger);
  // Category documents an older release derived get this one's fields without a rebuild (ADR 141).
  const categoryRederivation = new CategoryRederivation(derivations, indices.categories, entities, logger);
  const streams = options.ownerStreams ?? connectOwnerStreams(config.CATALOG_GRPC_ADDR, config.OFFERS_GRPC_ADDR);
  const jobs = await JobQueue.open(documents, 'search', { logger, clock });
  const rebuilds = new IndexRebuilds(
    jobs,
    new OwnersRebuild({ store, indices, writer, lock, streams, logger }),
    logger,
  );
  jobs.define(rebuilds.kind());
  let subscription: Subscription | null = null;

  return serviceApp({
    services: [
      searchService({
        indices,
        progress,
        priceLag: priceLag.window,
        queryCounts,
        clickCounts,
        tracker,
        visitors,
        visitorKeys,
        clock,
        rebuilds,
        staff,
        audit,
      }),
      auditService(audit, staff),
      logAdminService({ service: 'search', staff }),
      jobsService(jobs, staff, audit),
      eventBusAdminService({
        admin: busAdmin,
        deadLetters,
        authorize: (actorUserId, action) => staff.require(actorUserId, action, 'infrastructure'),
        audit: async (entry) => {
          await audit.record({ ...entry, panel: 'infrastructure' });
        },
      }),
    ],
    readiness: {
      documents: () => documents.isReady(),
      searchIndex: () => searchIndex.isReady(),
      events: () => bus.isReady(),
    },
    start: async () => {
      tracker.start();
      clickPruner.start();
      popularity.start();
      // Before consuming: events after the offsets would otherwise land in indices that miss
      // everything before them.
      await rebuild.ifNeeded(config.SEARCH_REBUILD_ON_START);
      subscription = await subscribeIndexer(bus, buffer, logger, {
        group: copy.group,
        concurrency: config.SEARCH_INGEST_CONCURRENCY,
      });
      // After a rebuild at start (which writes the documents it sweeps); in the background.
      popularityWindow.start();
      categoryRederivation.start();
      // Staff-started rebuilds, including one a stop interrupted (it runs again from the start).
      await jobs.start();
      // Reported ready once the index runs at full speed: the embedded engine's query threads
      // load their own columns after this thread (~30 s at a million products).
      await searchIndex.loaded?.();
    },
    stop: async () => {
      // Stop consuming (the handlers in flight finish and commit), then close what they used.
      await subscription?.stop();
      await categoryRederivation.stop();
      await jobs.stop();
      await tracker.stop();
      await clickPruner.stop();
      await buffer.idle();
      await popularityWindow.stop();
      await popularity.stop();
      await refresh.idle();
      await progress.save();
      await Promise.all([bus.close(), busAdmin.close()]);
      await Promise.all([searchIndex.close(), documents.close()]);
    },
  });
}
