import { setTimeout as sleep } from 'node:timers/promises';
import { connectStaffCheck, type StaffCheck } from '@pc/staff-access/staff-check';
import { AuditLog } from '@pc/audit-log/audit-log';
import { cacheAdminService } from '@pc/kit/cache-admin/cache-admin-service';
import { logAdminService } from '@pc/kit/log-admin/log-admin-service';
import type { CrawlerDependencies } from './grpc/dependencies.js';
import { crawlerJobsService } from './grpc/jobs-dashboard.js';
import { auditService } from '@pc/audit-log/audit-service';
import { Outbox } from '@pc/kit/events/outbox';
import { openCache } from '@pc/engine-profile/open-cache';
import { openDocumentStore } from '@pc/engine-profile/open-document-store';
import { openEventBus } from '@pc/engine-profile/open-event-bus';
import type { Cache } from '@pc/kit/ports/cache';
import type { Subscription } from '@pc/kit/ports/event-bus';
import { serviceApp, type BuildContext, type ServiceApp } from '@pc/kit/service/service-app';
import { parseFetchPolicy } from '@pc/safe-fetch/fetch-policy';
import type { Resolver } from '@pc/safe-fetch/pinned-lookup';
import { SafeFetcher } from '@pc/safe-fetch/safe-fetcher';
import { findTaxonomyDir, loadTaxonomyFrom } from '@pc/product-feeds/validate/taxonomy-location';
import type { CrawlerConfig } from './config.js';
import { DEFAULT_POLITENESS, type PolitenessSettings } from './domain/politeness-policy.js';
import type { VisitSettings } from './domain/visit-schedule.js';
import { FeedDirectory } from './events/feed-directory.js';
import { ShopDirectory } from './events/shop-directory.js';
import { subscribeCrawler } from './events/subscriptions.js';
import { CrawlEngine } from './fetching/crawl-engine.js';
import { FeedRunner } from './fetching/feed-runner.js';
import { DEFAULT_ROBOTS_CACHE, RobotsCache } from './fetching/robots-cache.js';
import { crawlerService } from './grpc/crawler-service.js';
import { HostAccess } from './politeness/host-access.js';
import { HostGate } from './politeness/host-gate.js';
import { openCrawlerStore, type CrawlerStore } from './store/crawler-store.js';
import { CrawlRequests } from './workflows/crawl-requests.js';
import { DEFAULT_FEED_FETCH, FeedFetch } from './workflows/feed-fetch.js';
import { HostActivity } from './workflows/host-activity.js';
import { HostTroubles } from './workflows/host-troubles.js';
import { fillJobDurations } from './workflows/job-durations.js';
import { PageVisit } from './workflows/page-visit.js';
import { ScheduleRunner } from './workflows/schedule-runner.js';
import { DEFAULT_DISCOVERY } from './workflows/url-discovery.js';

/** The app plus what tests reach into. */
export interface CrawlerApp extends ServiceApp {
  readonly store: CrawlerStore;
  readonly engine: CrawlEngine | null;
  readonly gate: HostGate;
}

export interface CrawlerAppOptions {
  /** The politeness budget's store: replicas share one (tests pass one to two apps, as Redis would be). */
  readonly cache?: Cache;
  /** How host names resolve for the fetch guard (tests map names to 127.0.0.1). */
  readonly resolver?: Resolver;
  /** Staff rule (tests without accounts pass their own). */
  readonly staff?: StaffCheck;
  readonly clock?: () => Date;
}

/** Builds the crawler service without binding a port (tests run it in-process). */
export async function buildCrawlerApp(
  { config, logger }: BuildContext<CrawlerConfig>,
  options: CrawlerAppOptions = {},
): Promise<CrawlerApp> {
  const now = options.clock ?? (() => new Date());
  const documents = await openDocumentStore(config, 'crawler', logger);
  const bus = await openEventBus(config, logger, 'crawler');
  const cache = options.cache ?? (await openCache(config, 'crawler', logger));
  const store = await openCrawlerStore(documents);
  const outbox = new Outbox(bus, 'crawler', logger, documents.outbox);
  const robotsToken = config.CRAWLER_USER_AGENT.split('/')[0]!;
  const fetcher = new SafeFetcher({
    policy: parseFetchPolicy(config),
    resolver: options.resolver,
    userAgent: config.CRAWLER_USER_AGENT,
    connectionsPerOrigin: 1,
  });
  const politeness: PolitenessSettings = {
    ...DEFAULT_POLITENESS,
    defaultDelayMs: config.CRAWLER_DEFAULT_DELAY,
    maxCrawlDelayMs: config.CRAWLER_MAX_CRAWL_DELAY,
  };
  const visits: VisitSettings = {
    minIntervalMs: config.CRAWLER_MIN_INTERVAL,
    maxIntervalMs: config.CRAWLER_MAX_INTERVAL,
    initialIntervalMs: config.CRAWLER_INITIAL_INTERVAL,
    listingIntervalMs: config.CRAWLER_LISTING_INTERVAL,
    goneAfter: 3,
    fastMoverChangeIntervalMs: config.CRAWLER_FAST_MOVER_CHANGES,
    fastMoverIntervalMs: config.CRAWLER_FAST_MOVER_INTERVAL,
  };
  const leaseMs = 2 * config.CRAWLER_MAX_CRAWL_DELAY + config.CRAWLER_FETCH_TIMEOUT + 30_000;
  const gate = new HostGate(cache, { leaseMs, marginMs: config.CRAWLER_POLITENESS_MARGIN });
  const robots = new RobotsCache(store.robots, fetcher, { ...DEFAULT_ROBOTS_CACHE, userAgent: robotsToken });
  const activity = new HostActivity(store.hosts, 5_000);
  let engine: CrawlEngine | null = null;
  let feedRunner: FeedRunner | null = null;
  const wake = (host: string): void => engine?.dispatcher.wake(host);
  const requests = new CrawlRequests(store, visits, wake, now, () => feedRunner?.wake());
  const visit = new PageVisit({
    store,
    outbox,
    gate,
    activity,
    politeness,
    visits,
    discovery: { ...DEFAULT_DISCOVERY, maxUrlsPerHost: config.CRAWLER_MAX_URLS_PER_HOST },
    wake,
    now,
    logger,
  });
  const access = new HostAccess({
    store,
    gate,
    robots,
    politeness,
    userAgent: robotsToken,
    maxTurnWaitMs: 5_000,
    now,
    onRobots: (host, record, origin) => visit.robotsFetched(host, origin, record),
  });
  if (config.CRAWLER_ENABLED) {
    engine = new CrawlEngine({
      store,
      access,
      fetcher,
      handlers: visit,
      concurrency: config.CRAWLER_CONCURRENCY,
      pageLimits: { maxBytes: config.CRAWLER_PAGE_MAX_BYTES, timeoutMs: config.CRAWLER_FETCH_TIMEOUT, maxRedirects: 5 },
      tickMs: config.CRAWLER_TICK,
      now,
      logger,
    });
    // Uploaded and fetched feeds are checked against the same taxonomy, where its files are (ADR 041b).
    const taxonomy = await loadTaxonomyFrom(config.GOOGLE_TAXONOMY_DIR ?? findTaxonomyDir());
    const feedFetch = new FeedFetch({
      store,
      outbox,
      fetcher,
      access,
      troubles: new HostTroubles({ store, gate, activity, politeness }),
      activity,
      taxonomy,
      settings: {
        ...DEFAULT_FEED_FETCH,
        maxBytes: config.CRAWLER_FEED_MAX_BYTES,
        timeoutMs: config.CRAWLER_FEED_TIMEOUT,
      },
      now,
      logger,
    });
    feedRunner = new FeedRunner({
      store,
      fetch: feedFetch,
      concurrency: config.CRAWLER_FEED_CONCURRENCY,
      fetchTimeoutMs: config.CRAWLER_FEED_TIMEOUT,
      tickMs: Math.max(config.CRAWLER_TICK, 1_000),
      now,
      logger,
    });
  }
  const shops = new ShopDirectory(
    store,
    requests,
    new FeedDirectory(store, requests, now),
    config.CRAWLER_DISCOVER_SHOPS,
    now,
  );
  const schedules = new ScheduleRunner(store, requests, now, logger);
  const staff = options.staff ?? connectStaffCheck(config.ACCOUNTS_GRPC_ADDR, 'crawler');
  const audit = await AuditLog.open(documents, 'crawler', now);
  const deps: CrawlerDependencies = {
    store,
    requests,
    gate,
    robots,
    staff,
    audit,
    fetcher,
    access,
    pageLimits: { maxBytes: config.CRAWLER_PAGE_MAX_BYTES, timeoutMs: config.CRAWLER_FETCH_TIMEOUT },
    politeness,
    visits,
    robotsToken,
    checkFetchable: (url) => void fetcher.check(url),
    wake,
    now,
    sleep: (ms) => sleep(ms),
  };
  let subscription: Subscription | null = null;

  return serviceApp({
    services: [
      crawlerService(deps),
      // Feed imports and re-crawls in the job dashboard, from the crawler's own records (ADR 063).
      crawlerJobsService(deps),
      auditService(audit, staff),
      logAdminService({ service: 'crawler', staff }),
      cacheAdminService({ service: 'crawler', cache, adapter: config.CACHE, staff, audit }),
    ],
    readiness: { documents: () => documents.isReady(), events: () => bus.isReady(), cache: () => cache.isReady() },
    store,
    engine,
    gate,
    start: async () => {
      // Events a crash left in the outbox go out before new work starts.
      await outbox.relayStore();
      await outbox.relay(store.urls.collection);
      await outbox.relay(store.feedFetches.collection);
      void fillJobDurations(store.jobs, logger).catch((error: unknown) =>
        logger.warn({ err: error }, 'giving earlier crawl jobs their duration failed'),
      );
      subscription = await subscribeCrawler(bus, { shops, store, now }, logger);
      activity.start();
      schedules.start(30_000);
      engine?.start();
      feedRunner?.start();
    },
    stop: async () => {
      await subscription?.stop();
      await feedRunner?.stop();
      await engine?.stop();
      await schedules.stop();
      await activity.stop();
      await fetcher.close();
      if (!options.cache) await cache.close();
      await bus.close();
      await documents.close();
    },
  });
}
