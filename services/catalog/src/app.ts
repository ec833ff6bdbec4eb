import { auditService } from '@pc/audit-log/audit-service';
import { DataImports } from '@pc/jobs/data-import';
import { dataImportService } from '@pc/jobs/data-import-service';
import { JobQueue } from '@pc/jobs/job-queue';
import { jobsService } from '@pc/jobs/jobs-service';
import { connectStaffCheck } from '@pc/staff-access/staff-check';
import { openDocumentStore } from '@pc/engine-profile/open-document-store';
import { openEventBus } from '@pc/engine-profile/open-event-bus';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { logAdminService } from '@pc/kit/log-admin/log-admin-service';
import type { Subscription } from '@pc/kit/ports/event-bus';
import { serviceApp, type BuildContext, type ServiceApp } from '@pc/kit/service/service-app';
import { openCatalogComponents } from './catalog-components.js';
import type { CatalogConfig } from './config.js';
import { backfillTitleKeys } from './derived/title-key-backfill.js';
import { backfillModelKeys } from './variants/model-key-backfill.js';
import { subscribeCatalogEvents } from './events/subscriptions.js';
import { catalogService } from './grpc/catalog-service.js';
import { brandImport } from './transfer/brand-import.js';
import { categoryImport } from './transfer/category-import.js';
import { productImport } from './transfer/product-import.js';

/** Journal entries older than this belong to a writer that died: a batch takes well under a
 *  second, and a younger entry may be another replica's work in progress. */
const STALE_JOURNAL_MS = 30_000;
const REPAIR_INTERVAL_MS = 30_000;
/** How often a replica looks whether the token statistics are due or another replica published new ones. */
const TOKEN_STATISTICS_INTERVAL_MS = 5 * 60_000;

export interface CatalogAppOptions {
  /** A document store opened by the caller (tests on a MongoDB database of their own). */
  readonly documents?: DocumentStore;
}

/** Builds the catalog without binding a port (tests run it in-process). */
export async function buildCatalogApp(
  { config, logger }: BuildContext<CatalogConfig>,
  options: CatalogAppOptions = {},
): Promise<ServiceApp> {
  const documents = options.documents ?? (await openDocumentStore(config, 'catalog', logger));
  const bus = await openEventBus(config, logger, 'catalog');
  const parts = await openCatalogComponents(
    documents,
    bus,
    logger,
    connectStaffCheck(config.ACCOUNTS_GRPC_ADDR, 'shopping'),
  );
  // Staff imports run as durable jobs in the catalog's own store (ADR 055).
  const jobs = await JobQueue.open(documents, 'catalog', { logger });
  const imports = await DataImports.open(documents, jobs, parts.admin.staff, parts.admin.audit, [
    brandImport(parts.admin),
    productImport(parts.admin),
    categoryImport(parts.admin),
  ]);

  let subscription: Subscription | undefined;
  let repairTimer: NodeJS.Timeout | undefined;
  let backfill: Promise<unknown> = Promise.resolve();
  let statisticsTimer: NodeJS.Timeout | undefined;
  let statistics: Promise<unknown> = Promise.resolve();
  let stopping = false;
  return serviceApp({
    services: [
      catalogService(parts),
      auditService(parts.admin.audit, parts.admin.staff),
      logAdminService({ service: 'catalog', staff: parts.admin.staff }),
      jobsService(jobs, parts.admin.staff, parts.admin.audit),
      dataImportService(imports),
    ],
    readiness: { documents: () => documents.isReady(), events: () => bus.isReady() },
    async start() {
      // What an earlier run staged or left half-done: its events, then its derived data.
      await parts.outbox.relay(parts.products.collection);
      await parts.categories.relay();
      await parts.derived.repair(STALE_JOURNAL_MS);
      subscription = await subscribeCatalogEvents(bus, { links: parts.links, reviews: parts.reviews }, logger);
      repairTimer = setInterval(() => {
        parts.derived
          .repair(STALE_JOURNAL_MS)
          .catch((error: unknown) => logger.warn({ err: error }, 'derived data repair failed; next round retries'));
      }, REPAIR_INTERVAL_MS);
      repairTimer.unref();
      void parts.taxonomy();
      // In the background: matching works meanwhile, finding older products by their old keys.
      backfill = Promise.all([
        backfillTitleKeys(parts, logger, () => stopping).catch((error: unknown) =>
          logger.warn({ err: error }, 'title key backfill failed; the next start retries'),
        ),
        // Products written before model keys list no variants until this gives them theirs.
        backfillModelKeys(parts.products, logger, () => stopping).catch((error: unknown) =>
          logger.warn({ err: error }, 'model key backfill failed; the next start retries'),
        ),
      ]);
      // Until loaded, titles are matched by kind weights. A round still counting skips the next.
      let refreshing = false;
      const refreshStatistics = (): void => {
        if (refreshing) return;
        refreshing = true;
        statistics = parts.tokenStatistics
          .refresh(() => stopping)
          .catch((error: unknown) =>
            logger.warn({ err: error }, 'token statistics refresh failed; the next round retries'),
          )
          .finally(() => (refreshing = false));
      };
      refreshStatistics();
      statisticsTimer = setInterval(refreshStatistics, TOKEN_STATISTICS_INTERVAL_MS);
      statisticsTimer.unref();
      await jobs.start();
    },
    async stop() {
      stopping = true;
      await jobs.stop();
      clearInterval(repairTimer);
      clearInterval(statisticsTimer);
      await Promise.all([backfill, statistics]);
      await subscription?.stop();
      // Background re-publications (a renamed brand, a moved category) finish before the store closes.
      await parts.derived.settle();
      await bus.close();
      if (!options.documents) await documents.close();
    },
  });
}
