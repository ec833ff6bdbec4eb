import type { FastifyInstance } from 'fastify';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { Outbox } from '@pc/kit/events/outbox';
import { logAdminService } from '@pc/kit/log-admin/log-admin-service';
import { createServiceClient } from '@pc/kit/grpc/client';
import { openDocumentStore } from '@pc/engine-profile/open-document-store';
import { openEventBus } from '@pc/engine-profile/open-event-bus';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { connectStaffCheck } from '@pc/staff-access/staff-check';
import type { Subscription } from '@pc/kit/ports/event-bus';
import { serviceApp, type BuildContext, type ServiceApp } from '@pc/kit/service/service-app';
import type { BillingConfig } from './config.js';
import { subscribeBilling } from './events/subscriptions.js';
import { Actors } from './grpc/actor.js';
import { billingService } from './grpc/billing-service.js';
import { createBillingHttpServer } from './http/http-server.js';
import { registerLocalProviderRoutes } from './provider/local/local-routes.js';
import { openProvider } from './provider/open-provider.js';
import type { PaymentProvider } from './provider/payment-provider.js';
import { AccountRepository } from './store/account-repository.js';
import { InvoiceRepository } from './store/invoice-repository.js';
import { WebhookEventRepository } from './store/webhook-event-repository.js';
import { AccountLedger } from './workflows/account-ledger.js';
import { CardSync } from './workflows/card-sync.js';
import { Customers } from './workflows/customers.js';
import { ProviderSync } from './workflows/provider-sync.js';
import { ShopDirectory } from './workflows/shop-directory.js';
import { ShopLedger } from './workflows/shop-ledger.js';
import { WebhookProcessor } from './workflows/webhook-processor.js';

export interface BillingAppOptions {
  readonly clock?: () => Date;
  /** A store opened by the caller (tests on a MongoDB database of their own). */
  readonly documents?: DocumentStore;
}

/** The service plus its HTTP listener's address (once started). */
export interface BillingApp extends ServiceApp {
  /** http://host:port of the webhook endpoint and the local provider's pages ('' before start). */
  httpUrl(): string;
  /** The payment provider in use (tests and the bench read its objects). */
  readonly provider: PaymentProvider;
}

/** Builds the billing service without binding a port (tests run it in-process; `start` binds the HTTP listener). */
export async function buildBillingApp(
  { config, logger }: BuildContext<BillingConfig>,
  options: BillingAppOptions = {},
): Promise<BillingApp> {
  const clock = options.clock ?? (() => new Date());
  const documents = options.documents ?? (await openDocumentStore(config, 'billing', logger));
  const bus = await openEventBus(config, logger, 'billing');
  const outbox = new Outbox(bus, 'billing', logger, documents.outbox);
  const [accounts, invoices, seen] = await Promise.all([
    AccountRepository.open(documents),
    InvoiceRepository.open(documents),
    WebhookEventRepository.open(documents),
  ]);
  let boundUrl = '';
  const publicUrl = (): string => config.BILLING_PUBLIC_URL ?? boundUrl;
  const opened = await openProvider(config, publicUrl, logger, clock);
  const provider = opened.provider;
  const ledger = new AccountLedger(accounts, outbox, clock);
  const sync = new ProviderSync(ledger, invoices, outbox, provider);
  const cards = new CardSync(ledger, provider);
  const webhooks = new WebhookProcessor(opened.webhookSecret, seen, sync, cards, logger, clock);
  const shopLedger = new ShopLedger(ledger, provider, logger);
  const deps = {
    actors: new Actors(createServiceClient(AccountsServiceService, config.ACCOUNTS_GRPC_ADDR, { deadlineMs: 3_000 })),
    staff: connectStaffCheck(config.ACCOUNTS_GRPC_ADDR, 'admin'),
    ledger,
    invoices,
    provider,
    customers: new Customers(ledger, provider),
    cards,
    sync,
    shops: new ShopDirectory(
      ledger,
      createServiceClient(OffersServiceService, config.OFFERS_GRPC_ADDR, { deadlineMs: 3_000 }),
    ),
    webhooks,
    siteUrl: config.SITE_URL,
    issuer: config.INVOICE_ISSUER,
    clock,
    logger,
  };
  const http: FastifyInstance = createBillingHttpServer(webhooks, logger, (app) => {
    if (opened.local) registerLocalProviderRoutes(app, opened.local);
  });
  let subscription: Subscription | null = null;
  logger.info({ provider: provider.name }, 'payment provider selected');

  return serviceApp({
    services: [billingService(deps), logAdminService({ service: 'billing', staff: deps.staff })],
    readiness: { documents: () => documents.isReady(), events: () => bus.isReady() },
    httpUrl: () => boundUrl,
    provider,
    start: async () => {
      // Events a crash left in the outbox go out before anything new.
      await outbox.relayStore();
      await ledger.relay();
      await outbox.relay(invoices.collection);
      // Launchers space their ops ports 20 apart per platform (eight services): +10 stays inside the block, clear of them.
      const port = config.BILLING_HTTP_PORT ?? (config.OPS_PORT > 0 ? config.OPS_PORT + 10 : 0);
      await http.listen({ host: config.GRPC_HOST, port });
      boundUrl = `http://${config.GRPC_HOST}:${(http.server.address() as { port: number }).port}`;
      opened.start(`${boundUrl}/webhooks/stripe`);
      subscription = await subscribeBilling(bus, shopLedger, logger);
      logger.info({ http: boundUrl }, 'billing HTTP listener ready (webhooks, local provider pages)');
    },
    stop: async () => {
      await subscription?.stop();
      await opened.close();
      await http.close();
      await bus.close();
      if (!options.documents) await documents.close();
    },
  });
}
