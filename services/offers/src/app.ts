import { AuditLog } from '@pc/audit-log/audit-log';
import { auditService } from '@pc/audit-log/audit-service';
import { DataImports } from '@pc/jobs/data-import';
import { dataImportService } from '@pc/jobs/data-import-service';
import { JobQueue } from '@pc/jobs/job-queue';
import { jobsService } from '@pc/jobs/jobs-service';
import { DurableMailer } from '@pc/jobs/durable-mailer';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import { connectStaffCheck } from '@pc/staff-access/staff-check';
import { Outbox } from '@pc/kit/events/outbox';
import { logAdminService } from '@pc/kit/log-admin/log-admin-service';
import { createServiceClient } from '@pc/kit/grpc/client';
import { openDocumentStore } from '@pc/engine-profile/open-document-store';
import { openEventBus } from '@pc/engine-profile/open-event-bus';
import { openMailer } from '@pc/engine-profile/open-mailer';
import type { Subscription } from '@pc/kit/ports/event-bus';
import { serviceApp, type BuildContext, type ServiceApp } from '@pc/kit/service/service-app';
import { parseFetchPolicy } from '@pc/safe-fetch/fetch-policy';
import { SafeFetcher } from '@pc/safe-fetch/safe-fetcher';
import type { OffersConfig } from './config.js';
import type { FreshnessRules } from './domain/freshness.js';
import { handleFeedFetched } from './events/feed-fetched.js';
import { handleClickRecorded } from './events/click-recorded.js';
import { OFFERS_GROUP, subscribeOffers, subscribeOwnerNotices, subscribeShopClicks } from './events/subscriptions.js';
import { loadTaxonomyFrom, findTaxonomyDir } from '@pc/product-feeds/validate/taxonomy-location';
import { ActorRules } from './grpc/actor.js';
import type { OffersDependencies } from './grpc/dependencies.js';
import { cleanInBackground } from './grpc/shop-changes.js';
import { offersService } from './grpc/offers-service.js';
import { shopReviewsService } from './grpc/shop-reviews-service.js';
import { OwnerMails } from './mail/owner-mails.js';
import { FxRateCache } from './store/fx-rate-cache.js';
import { FxRateRepository } from './store/fx-rate-repository.js';
import { OfferFingerprints, SoleWriterMemo } from './store/offer-fingerprints.js';
import { OfferRepository } from './store/offer-repository.js';
import { PriceMonthRepository } from './store/price-month-repository.js';
import { PriceSummaryRepository } from './store/price-summary-repository.js';
import { ProductMergeRepository } from './store/product-merge-repository.js';
import { ShopClickRepository } from './store/shop-click-repository.js';
import { ShopRepository } from './store/shop-repository.js';
import { ShopReviewRepository } from './store/shop-review-repository.js';
import { SubscriptionRepository } from './store/subscription-repository.js';
import { UserDirectory } from '@pc/staff-access/user-directory';
import { FeedCompletion } from './workflows/feed-completion.js';
import { StandingSnapshots } from './workflows/price-standing-snapshots.js';
import { FeedOfferRemoval } from './workflows/feed-offer-removal.js';
import { FreshnessSweep } from './workflows/freshness-sweep.js';
import { freshnessSweepJob } from './workflows/sweep-job.js';
import { cancelWaitingEcbRuns, ecbRatesJob, EcbRatesJobView } from './workflows/ecb-rates-job.js';
import { EcbRatesRefresh } from './workflows/ecb-rates-refresh.js';
import { OfferDelister } from './workflows/offer-delister.js';
import { OfferModeration } from './workflows/offer-moderation.js';
import { OfferIngest } from './workflows/offer-ingest.js';
import { OwnerNotices } from './workflows/owner-notices.js';
import { relayOutboxes } from './workflows/outbox-relay.js';
import { PriceHistoryReader } from './workflows/price-history-reader.js';
import { ProductMatcher } from './workflows/product-matcher.js';
import { ProductMergeFollower } from './workflows/product-merge-follower.js';
import { deleteAccountShops } from './workflows/shop-deletion.js';
import { ShopPageAnnouncer } from './workflows/shop-page-announcer.js';
import { ShopRatings } from './workflows/shop-ratings.js';
import { ShopReviewUpkeep } from './workflows/shop-review-upkeep.js';
import { ShopReviewVerification } from './workflows/shop-review-verification.js';
import { SubscriptionFollower } from './workflows/subscription-follower.js';
import { SummaryRefresher } from './workflows/summary-refresher.js';
import { shopImport } from './transfer/shop-import.js';

/** The app plus its sweep, which tests run on demand. */
export interface OffersApp extends ServiceApp {
  readonly sweep: FreshnessSweep;
  /** Delists offers complete feed fetches no longer list (tests run it on demand). */
  readonly feedCompletion: FeedCompletion;
  /** The subscription versions applied (tests wait for an event that changes nothing). */
  readonly subscriptions: SubscriptionRepository;
}

export interface OffersAppOptions {
  /** The service's notion of now (tests move it). */
  readonly clock?: () => Date;
}

/** Builds the offers service without binding a port (tests run it in-process). */
export async function buildOffersApp(
  { config, logger }: BuildContext<OffersConfig>,
  options: OffersAppOptions = {},
): Promise<OffersApp> {
  const clock = options.clock ?? (() => new Date());
  const documents = await openDocumentStore(config, 'offers', logger);
  const bus = await openEventBus(config, logger, 'offers');
  const memo =
    config.OFFERS_MEMO_MAX_OFFERS > 0
      ? new SoleWriterMemo(new OfferFingerprints(config.OFFERS_MEMO_MAX_OFFERS), documents)
      : null;
  const [offers, shops, summaries, months, fxRates, merges, audit, subscriptions, shopReviews, shopClicks] =
    await Promise.all([
      OfferRepository.open(documents, memo?.fingerprints ?? null),
      ShopRepository.open(documents),
      PriceSummaryRepository.open(documents),
      PriceMonthRepository.open(documents),
      FxRateRepository.open(documents),
      ProductMergeRepository.open(documents),
      AuditLog.open(documents, 'offers'),
      SubscriptionRepository.open(documents),
      ShopReviewRepository.open(documents),
      ShopClickRepository.open(documents),
    ]);
  const rules: FreshnessRules = {
    staleAfterMs: config.OFFERS_STALE_AFTER,
    lastSeenGranularityMs: config.OFFERS_LAST_SEEN_GRANULARITY,
  };
  const outbox = new Outbox(bus, 'offers', logger, documents.outbox);
  const ratings = new ShopRatings({ shops, reviews: shopReviews, outbox, clock, logger });
  const announcer = new ShopPageAnnouncer({ shops, outbox, clock, logger });
  const verification = new ShopReviewVerification({ reviews: shopReviews, clicks: shopClicks, ratings, clock });
  const reviewUpkeep = new ShopReviewUpkeep({
    reviews: shopReviews,
    clicks: shopClicks,
    ratings,
    announcer,
    clock,
    logger,
  });
  const fx = new FxRateCache(fxRates);
  const history = new PriceHistoryReader(offers, months, fx, rules);
  const refresher = new SummaryRefresher({ offers, summaries, history, fx, outbox, rules, clock });
  const delister = new OfferDelister({ offers, shops, months, summaries: refresher, outbox, clock });
  const catalog = createServiceClient(CatalogServiceService, config.CATALOG_GRPC_ADDR, {
    deadlineMs: config.CATALOG_DEADLINE_MS,
  });
  const matcher = new ProductMatcher(catalog, merges);
  const ingest = new OfferIngest({
    offers,
    shops,
    months,
    matcher,
    summaries: refresher,
    outbox,
    rules,
    clock,
    logger,
    memo,
  });
  const mergeFollower = new ProductMergeFollower({
    offers,
    shops,
    months,
    summaries,
    refresher,
    merges,
    outbox,
    clock,
  });
  const sweep = new FreshnessSweep({
    offers,
    shops,
    outbox,
    summaries,
    months,
    delister,
    refresher,
    shopReviews: reviewUpkeep,
    rules,
    clock,
    logger,
  });
  const staff = connectStaffCheck(config.ACCOUNTS_GRPC_ADDR, 'admin');
  const jobs = (await JobQueue.open(documents, 'offers', { logger, clock })).define(
    freshnessSweepJob(sweep, config.OFFERS_SWEEP_INTERVAL),
  );
  // The ECB's daily rates, fetched by a recurring job unless its URL is empty (ADR 112).
  const ecbUrl = config.OFFERS_ECB_RATES_URL;
  const fetcher = ecbUrl
    ? new SafeFetcher({ policy: parseFetchPolicy(config), userAgent: 'pricecompare-offers/1.0 (ECB reference rates)' })
    : null;
  if (fetcher)
    jobs.define(
      ecbRatesJob(new EcbRatesRefresh({ fetcher, url: ecbUrl, fx, audit, clock }), config.OFFERS_ECB_RATES_INTERVAL),
    );
  const accounts = new UserDirectory(
    createServiceClient(AccountsServiceService, config.ACCOUNTS_GRPC_ADDR, { deadlineMs: 2_000 }),
  );
  const actors = new ActorRules(staff, accounts);
  const cleanShop = (shopId: string) => cleanInBackground({ sweep }, shopId, logger);
  const follower = new SubscriptionFollower({ shops, subscriptions, outbox, clock, cleanShop, logger });
  // Owner mails are durable jobs of offers (ADR 063): retried, resumed, sent once per notice id.
  const mailer = await DurableMailer.open(jobs, documents, openMailer(config));
  const notices = new OwnerNotices(
    accounts,
    new OwnerMails(mailer, new URL('/account/business', config.SITE_URL).href, config.OFFERS_STALE_AFTER),
    clock,
    logger,
  );
  const removal = new FeedOfferRemoval({ offers, delister, rules });
  const feedCompletion = new FeedCompletion({ shops, outbox, removal, bus, group: OFFERS_GROUP, clock, logger });
  // Uploaded feeds' categories are checked against Google's taxonomy where its files are (ADR 041b).
  const taxonomy = await loadTaxonomyFrom(config.GOOGLE_TAXONOMY_DIR ?? findTaxonomyDir());
  let subscription: Subscription | null = null;
  let noticeSubscription: Subscription | null = null;
  let clickSubscription: Subscription | null = null;

  const deps: OffersDependencies = {
    offers,
    shops,
    summaries,
    history,
    fx,
    sweep,
    outbox,
    rules,
    actors,
    audit,
    clock,
    feeds: { ingest, removal, taxonomy },
    ecbRates: fetcher ? new EcbRatesJobView(jobs, ecbUrl, config.OFFERS_ECB_RATES_INTERVAL) : null,
    standings: new StandingSnapshots(),
    moderation: new OfferModeration({
      offers,
      shops,
      months,
      refresher,
      delister,
      outbox,
      rules,
      catalog,
      merges,
      clock,
    }),
  };
  // Staff imports of shops run as durable jobs in the offers' own store (ADR 055, ADR 061).
  const imports = await DataImports.open(documents, jobs, staff, audit, [shopImport(deps)]);

  return serviceApp({
    services: [
      offersService(deps, logger),
      shopReviewsService({
        shops,
        reviews: shopReviews,
        verification,
        ratings,
        announcer,
        actors,
        audit,
        clock,
      }),
      auditService(audit, staff),
      logAdminService({ service: 'offers', staff }),
      jobsService(jobs, staff, audit),
      dataImportService(imports),
    ],
    readiness: { documents: () => documents.isReady(), events: () => bus.isReady(), mail: () => mailer.isReady() },
    sweep,
    feedCompletion,
    subscriptions,
    start: async () => {
      // Events a crash left staged go out before new work starts.
      await relayOutboxes({ offers, shops, summaries, refresher, outbox });
      subscription = await subscribeOffers(
        bus,
        {
          ingest,
          merges: mergeFollower,
          feedFetched: handleFeedFetched({ shops, outbox, clock }),
          subscriptionChanged: (event) => follower.apply(event),
          accountDeleted: async (event) => {
            await deleteAccountShops({ shops, outbox, clock, cleanShop, logger }, event.userId);
            await reviewUpkeep.forgetAccount(event.userId);
          },
        },
        logger,
        config.OFFERS_INGEST_CONCURRENCY,
      );
      noticeSubscription = await subscribeOwnerNotices(
        bus,
        notices,
        async (shopId) => (await shops.get(shopId))?.name ?? '',
        logger,
      );
      clickSubscription = await subscribeShopClicks(bus, handleClickRecorded(shopClicks, verification), logger);
      sweep.startShopCounts(config.OFFERS_SWEEP_INTERVAL, config.OFFERS_SHOP_COUNT_INTERVAL);
      if (!fetcher) {
        const cancelled = await cancelWaitingEcbRuns(jobs);
        if (cancelled > 0)
          logger.info({ cancelled }, 'the ECB rates job is switched off: its waiting runs are cancelled');
      }
      await jobs.start();
      feedCompletion.start(config.OFFERS_FEED_COMPLETION_INTERVAL);
    },
    stop: async () => {
      await subscription?.stop();
      await noticeSubscription?.stop();
      await clickSubscription?.stop();
      await jobs.stop();
      await sweep.stop();
      await feedCompletion.stop();
      await bus.close();
      await documents.close();
      await mailer.close();
      await fetcher?.close();
    },
  });
}
