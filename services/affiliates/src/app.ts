import { AuditLog } from '@pc/audit-log/audit-log';
import { auditService } from '@pc/audit-log/audit-service';
import { cacheAdminService } from '@pc/kit/cache-admin/cache-admin-service';
import { logAdminService } from '@pc/kit/log-admin/log-admin-service';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { connectStaffCheck } from '@pc/staff-access/staff-check';
import { Events } from '@pc/proto/event-catalog';
import { Outbox } from '@pc/kit/events/outbox';
import { createServiceClient } from '@pc/kit/grpc/client';
import { openCache } from '@pc/engine-profile/open-cache';
import { openDocumentStore } from '@pc/engine-profile/open-document-store';
import { openEventBus } from '@pc/engine-profile/open-event-bus';
import type { Subscription } from '@pc/kit/ports/event-bus';
import { watchConsumerLag } from '@pc/kit/telemetry/event-metrics';
import type { LevelWithSilent } from 'pino';
import { serviceApp, type BuildContext, type ServiceApp } from '@pc/kit/service/service-app';
import type { AffiliatesConfig } from './config.js';
import { ClickIds } from './domain/click-id.js';
import { VisitorKeys } from '@pc/kit/identity/visitor-keys';
import { AdImpressionRecorder } from './workflows/ad-impression-recorder.js';
import { CLICK_FOLD_GROUP } from './events/click-fold.js';
import { FoldThread } from './events/fold-thread.js';
import { createClickOutServer } from './http/click-out-server.js';
import { OutboxPump } from './events/outbox-pump.js';
import { subscribeAffiliates } from './events/subscriptions.js';
import { affiliatesService } from './grpc/affiliates-service.js';
import { FxRates } from './grpc/fx-rates.js';
import { OfferDirectory } from './grpc/offer-directory.js';
import { ShopAccess } from './grpc/shop-access.js';
import { ShopDirectory } from './grpc/shop-directory.js';
import { AdImpressionRepository } from './store/ad-impression-repository.js';
import { AdvertisementRepository } from './store/advertisement-repository.js';
import { AdvertiserRepository } from './store/advertiser-repository.js';
import { AffiliateAccountRepository } from './store/affiliate-account-repository.js';
import { ClickAggregateRepository } from './store/click-aggregate-repository.js';
import { ClickRepository } from './store/click-repository.js';
import { openClickStatsStore, statisticsApart } from './store/click-stats-store.js';
import { OfferTargetRepository } from './store/click-target-repository.js';
import { LedgerRepository } from './store/ledger-repository.js';
import { moveClickStatistics } from './store/move-click-statistics.js';
import { PostbackLogRepository } from './store/postback-log-repository.js';
import { PromotionRepository } from './store/promotion-repository.js';
import { storedSecret } from './store/secret-repository.js';
import { ShopRepository } from './store/shop-repository.js';
import { TransactionRepository } from './store/transaction-repository.js';
import { ClickRecorder } from './workflows/click-recorder.js';
import { ClickTargets } from './workflows/click-targets.js';
import { LedgerSnapshot } from './workflows/ledger-snapshot.js';
import { TransactionRecorder } from './workflows/transaction-recorder.js';

/**
 * Partitions of affiliates.click-recorded.v1 when affiliates creates it: the fold writes what
 * all partitions have in flight as one batch (ADR 043a), and replicas share partitions.
 */
const CLICK_PARTITIONS = 12;

/** A shop lookup is on the path of a staff write or a click-out fallback: short. */
const OFFERS_DEADLINE_MS = 3_000;

export interface AffiliatesAppOptions {
  /** The service's notion of now (promotion status, clicks; tests move it). */
  readonly clock?: () => Date;
}

/** The app plus what tests and benchmarks drive directly. */
export interface AffiliatesApp extends ServiceApp {
  /** The click fold's worker thread (ADR 077). */
  readonly fold: FoldThread;
  readonly pump: OutboxPump;
  /** The click-out endpoint's port once started, else null. */
  clickOutPort(): number | null;
}

/** Builds the affiliates service without binding a port (tests run it in-process). */
export async function buildAffiliatesApp(
  { config, logger }: BuildContext<AffiliatesConfig>,
  options: AffiliatesAppOptions = {},
): Promise<AffiliatesApp> {
  const clock = options.clock ?? (() => new Date());
  const documents = await openDocumentStore(config, 'affiliates', logger);
  // Read here; written by the fold's thread alone, over a connection of its own (ADR 077). In
  // MongoDB they share affiliates' database, so reads go through the one client.
  const apart = statisticsApart(config);
  const statistics = apart ? await openClickStatsStore(config, logger) : documents;
  const bus = await openEventBus(config, logger, 'affiliates');
  const cache = await openCache(config, 'affiliates');
  const [
    promotions,
    offerTargets,
    shopModel,
    clicks,
    aggregates,
    advertisers,
    accounts,
    advertisements,
    transactions,
    ledger,
    postbackLog,
    audit,
    impressions,
  ] = await Promise.all([
    PromotionRepository.open(documents),
    OfferTargetRepository.open(documents),
    ShopRepository.open(documents),
    ClickRepository.open(documents),
    ClickAggregateRepository.open(statistics, { hotDocuments: 0 }),
    AdvertiserRepository.open(documents),
    AffiliateAccountRepository.open(documents),
    AdvertisementRepository.open(documents),
    TransactionRepository.open(documents),
    LedgerRepository.open(documents),
    PostbackLogRepository.open(documents),
    AuditLog.open(documents, 'affiliates'),
    AdImpressionRepository.open(documents),
  ]);
  const offers = createServiceClient(OffersServiceService, config.OFFERS_GRPC_ADDR, { deadlineMs: OFFERS_DEADLINE_MS });
  const shops = new ShopDirectory(offers);
  const staff = connectStaffCheck(config.ACCOUNTS_GRPC_ADDR, 'affiliates');
  const access = new ShopAccess(shopModel, shops, staff);
  const fx = new FxRates(offers);
  const outbox = new Outbox(bus, 'affiliates', logger, documents.outbox);
  // Where events wait decides the pump's sources: the store's own outbox, or staged in documents.
  const pump = new OutboxPump(bus, outbox, documents.outbox, documents.outbox ? [] : [clicks, transactions], logger);
  const secret = config.AFFILIATES_VISITOR_KEY_SECRET ?? (await storedSecret(documents, 'visitor-key'));
  const targets = new ClickTargets({
    offerTargets,
    offerDirectory: new OfferDirectory(offers),
    shops: shopModel,
    shopDirectory: shops,
    promotions,
    advertisements,
    advertisers,
  });
  const visitors = new VisitorKeys(secret);
  const recorder = new ClickRecorder(
    { targets, accounts, clicks, outbox, pump, cache, visitors, ids: new ClickIds(), clock },
    {
      duplicateWindowMs: config.AFFILIATES_DUPLICATE_WINDOW_MS,
      clickIdParameter: config.AFFILIATES_CLICK_ID_PARAMETER,
    },
  );
  const adViews = new AdImpressionRecorder(
    { advertisements, impressions, cache, visitors, clock },
    { repeatWindowMs: config.AFFILIATES_IMPRESSION_REPEAT_WINDOW_MS },
  );
  const snapshot = new LedgerSnapshot(ledger);
  const transactionRecorder = new TransactionRecorder({
    transactions,
    ledger,
    clicks,
    fx,
    outbox,
    pump,
    terms: { basisPoints: config.AFFILIATES_ECOTIP_BASIS_POINTS, organisation: config.AFFILIATES_ECOTIP_ORGANISATION },
    clock,
    ledgerChanged: () => snapshot.invalidate(),
  });
  const fold = new FoldThread({ config, logLevel: logger.level as LevelWithSilent }, logger);
  let subscriptions: Subscription[] = [];
  let unwatchFoldLag = () => {};
  const clickOut = createClickOutServer(recorder, { trustProxy: config.AFFILIATES_TRUST_PROXY, logger });
  let clickOutPort: number | null = null;

  return serviceApp({
    services: [
      affiliatesService({
        promotions,
        shops,
        shopDirectory: shops,
        staff,
        access,
        clicks: recorder,
        clickLog: clicks,
        aggregates,
        impressions,
        adViews,
        advertisers,
        accounts,
        advertisements,
        transactions,
        recorder: transactionRecorder,
        ledger,
        snapshot,
        fx,
        postbackSecrets: config.AFFILIATES_POSTBACK_SECRETS,
        postbackMaxAgeMs: config.AFFILIATES_POSTBACK_MAX_AGE_S * 1000,
        postbackLog,
        audit,
        clock,
      }),
      auditService(audit, staff),
      logAdminService({ service: 'affiliates', staff }),
      cacheAdminService({ service: 'affiliates', cache, adapter: config.CACHE, staff, audit }),
    ],
    readiness: {
      documents: () => documents.isReady(),
      ...(apart ? { statistics: () => statistics.isReady() } : {}),
      events: () => bus.isReady(),
      cache: () => cache.isReady(),
    },
    fold,
    pump,
    clickOutPort: () => clickOutPort,
    start: async () => {
      // Before the first click is published: the fold's batch is its concurrency times these partitions.
      await bus.ensureTopics([{ name: Events.clickRecorded.topic, partitions: CLICK_PARTITIONS }]);
      // What a crash left half done goes first: ledger copies, then events still waiting.
      await transactionRecorder.repairLedger();
      pump.start();
      await pump.idle();
      subscriptions = await subscribeAffiliates(bus, { offerTargets, shops: shopModel, clicks }, logger);
      // Statistics folded into the main store before they had one of their own move first.
      if (apart) await moveClickStatistics(documents, statistics, logger);
      await fold.start();
      // The thread's lag on this process's /metrics (the thread has no metrics endpoint of its own).
      unwatchFoldLag = watchConsumerLag(bus, CLICK_FOLD_GROUP, [Events.clickRecorded.topic]);
      // Beside the ops port, as billing's HTTP port is (ports of one platform stay in their block).
      await clickOut.listen({
        host: config.GRPC_HOST,
        port: config.AFFILIATES_HTTP_PORT ?? (config.OPS_PORT > 0 ? config.OPS_PORT + 10 : 0),
      });
      clickOutPort = (clickOut.server.address() as { port: number }).port;
      logger.info({ port: clickOutPort }, 'click-out endpoint listening');
    },
    stop: async () => {
      await clickOut.close();
      for (const subscription of subscriptions) await subscription.stop();
      unwatchFoldLag();
      await fold.stop();
      await pump.stop();
      await bus.close();
      await cache.close();
      if (apart) await statistics.close();
      await documents.close();
    },
  });
}
