import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { AuditLog } from '@pc/audit-log/audit-log';
import { auditService } from '@pc/audit-log/audit-service';
import { cacheAdminService } from '@pc/kit/cache-admin/cache-admin-service';
import { logAdminService } from '@pc/kit/log-admin/log-admin-service';
import { Outbox } from '@pc/kit/events/outbox';
import { DurableMailer } from '@pc/jobs/durable-mailer';
import { JobQueue } from '@pc/jobs/job-queue';
import { jobsService } from '@pc/jobs/jobs-service';
import { connectStaffCheck, type StaffCheck } from '@pc/staff-access/staff-check';
import { createServiceClient } from '@pc/kit/grpc/client';
import { openCache } from '@pc/engine-profile/open-cache';
import { openDocumentStore } from '@pc/engine-profile/open-document-store';
import { openEventBus } from '@pc/engine-profile/open-event-bus';
import { openMailer } from '@pc/engine-profile/open-mailer';
import type { Cache } from '@pc/kit/ports/cache';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import type { Subscription } from '@pc/kit/ports/event-bus';
import { serviceApp, type BuildContext, type ServiceApp } from '@pc/kit/service/service-app';
import type { NotificationsConfig } from './config.js';
import { AlertIndex } from './domain/alert-index.js';
import { subscribeNotifications } from './events/subscriptions.js';
import { notificationsService } from './grpc/notifications-service.js';
import { PushEndpointPolicy } from './push/push-endpoint.js';
import { PushSender } from './push/push-sender.js';
import { loadVapidKeys } from './push/vapid-keys.js';
import { AlertRepository } from './store/alert-repository.js';
import { DeliveryRepositories } from './store/delivery-repositories.js';
import { SubscriptionRepository } from './store/subscription-repository.js';
import { WatchRepository } from './store/watch-repository.js';
import { AccountDirectory } from './workflows/account-directory.js';
import { AlertEvaluation } from './workflows/alert-evaluation.js';
import { AlertFiring } from './workflows/alert-firing.js';
import { AlertMailLinks, loadAlertLinkSecret } from './workflows/alert-mail-links.js';
import { CurrentPrices } from './workflows/current-prices.js';
import { IndexSync } from './workflows/index-sync.js';
import { NotificationSender } from './workflows/notification-sender.js';
import { notificationMetrics } from './workflows/notification-metrics.js';
import { ProductNames } from './workflows/product-names.js';
import { ProductWatches } from './workflows/product-watches.js';
import { UserErasure } from './workflows/user-erasure.js';

export interface NotificationsAppOptions {
  readonly clock?: () => Date;
  /** Adapters opened by the caller (tests on a MongoDB database or Redis prefix of their own). */
  readonly documents?: DocumentStore;
  readonly cache?: Cache;
  readonly staff?: StaffCheck;
}

/** Builds the notifications service without binding a port (tests run it in-process). */
export async function buildNotificationsApp(
  { config, logger }: BuildContext<NotificationsConfig>,
  options: NotificationsAppOptions = {},
): Promise<ServiceApp> {
  const clock = options.clock ?? (() => new Date());
  const documents = options.documents ?? (await openDocumentStore(config, 'notifications', logger));
  const cache = options.cache ?? (await openCache(config, 'notifications'));
  // Alert mails are durable jobs (ADR 063); the job dashboard and the caches view are the
  // infrastructure panel's, audited here.
  const jobs = await JobQueue.open(documents, 'notifications', { logger, clock });
  const mailer = await DurableMailer.open(jobs, documents, openMailer(config));
  const staff = options.staff ?? connectStaffCheck(config.ACCOUNTS_GRPC_ADDR, 'infrastructure');
  const audit = await AuditLog.open(documents, 'notifications', clock);
  const bus = await openEventBus(config, logger, 'notifications');
  const [subscriptions, alerts, deliveries, watchCounts] = await Promise.all([
    SubscriptionRepository.open(documents),
    AlertRepository.open(documents),
    DeliveryRepositories.open(documents),
    WatchRepository.open(documents),
  ]);
  const outbox = new Outbox(bus, 'notifications', logger, documents.outbox);
  const watches = new ProductWatches({ alerts, watches: watchCounts, outbox, clock, logger });
  const vapid = await loadVapidKeys(documents, {
    publicKey: config.VAPID_PUBLIC_KEY,
    privateKey: config.VAPID_PRIVATE_KEY,
  });
  logger.info({ source: vapid.source }, 'VAPID keys ready');
  const directory = new AccountDirectory(
    createServiceClient(AccountsServiceService, config.ACCOUNTS_GRPC_ADDR, { deadlineMs: 2_000 }),
  );
  const prices = new CurrentPrices(
    createServiceClient(OffersServiceService, config.OFFERS_GRPC_ADDR, { deadlineMs: 3_000 }),
  );
  const mailLinks = new AlertMailLinks(
    await loadAlertLinkSecret(documents, config.ALERT_MAIL_LINK_SECRET),
    config.SITE_URL,
  );
  const names = new ProductNames(
    createServiceClient(CatalogServiceService, config.CATALOG_GRPC_ADDR, { deadlineMs: 2_000 }),
    logger,
  );
  const endpoints = new PushEndpointPolicy({ allowLocalHttp: config.PUSH_ALLOW_LOCAL_HTTP });
  const push = new PushSender({ vapid, subject: config.VAPID_SUBJECT, timeoutMs: config.PUSH_TIMEOUT_MS, endpoints });
  const sender = new NotificationSender({
    deliveries,
    subscriptions,
    push,
    mailer,
    directory,
    siteUrl: config.SITE_URL,
    clock,
    logger,
  });
  const index = new AlertIndex();
  notificationMetrics.observeIndex(index);
  const firing = new AlertFiring({ alerts, deliveries, index, sender, directory, names, mailLinks, logger });
  const evaluation = new AlertEvaluation({ alerts, index, firing, clock });
  const erasure = new UserErasure({ alerts, subscriptions, deliveries, index, directory, watches, logger });
  const sync = new IndexSync(alerts, index, logger);
  let subscription: Subscription | null = null;

  return serviceApp({
    services: [
      notificationsService({
        vapidPublicKey: vapid.publicKey,
        subscriptions,
        alerts,
        deliveries,
        index,
        firing,
        sender,
        mailLinks,
        directory,
        prices,
        watches,
        markets: config.ALERT_MARKETS,
        cache,
        endpoints,
        siteName: config.SITE_NAME,
        clock,
        logger,
      }),
      auditService(audit, staff),
      logAdminService({ service: 'notifications', staff }),
      jobsService(jobs, staff, audit),
      cacheAdminService({ service: 'notifications', cache, adapter: config.CACHE, staff, audit }),
    ],
    readiness: {
      documents: () => documents.isReady(),
      events: () => bus.isReady(),
      cache: () => cache.isReady(),
      mail: () => mailer.isReady(),
    },
    start: async () => {
      // Watch counts a crash left unpublished go out before new work starts.
      await outbox.relayStore();
      await outbox.relay(watchCounts.collection);
      await sync.loadAll();
      // Notifications of firings a crash interrupted go out before new events are evaluated.
      await firing.deliverPending();
      subscription = await subscribeNotifications(
        bus,
        { evaluation, erasure },
        logger,
        config.NOTIFICATIONS_EVENT_CONCURRENCY,
      );
      sync.start(config.ALERT_INDEX_SYNC_MS);
      watches.start(config.PRODUCT_WATCH_SWEEP_MS);
      await jobs.start();
    },
    stop: async () => {
      await subscription?.stop();
      await jobs.stop();
      await sync.stop();
      await watches.stop();
      outbox.close();
      await bus.close();
      await push.close();
      await mailer.close();
      if (!options.cache) await cache.close();
      if (!options.documents) await documents.close();
    },
  });
}
