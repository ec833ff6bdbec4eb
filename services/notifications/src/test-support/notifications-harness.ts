import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { CatalogServiceService, MatchProductRequest } from '@pc/proto/catalog/v1/catalog';
import { NotificationsServiceService } from '@pc/proto/notifications/v1/notifications';
import { ProductPriceChanged } from '@pc/proto/offers/events/v1/events';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import type { ProductPriceSummary } from '@pc/proto/offers/v1/types';
import { AlertKind, type Channel } from '@pc/proto/notifications/v1/types';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { loadConfig } from '@pc/kit/config/load-config';
import { Events } from '@pc/proto/event-catalog';
import { createEventPublisher } from '@pc/kit/events/publisher';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { createServiceClient, type ServiceClient } from '@pc/kit/grpc/client';
import { createGrpcServer, type GrpcServer } from '@pc/kit/grpc/server';
import { serviceRegistration } from '@pc/kit/grpc/service-types';
import { withUnimplemented } from '@pc/kit/grpc/unimplemented';
import type { Cache } from '@pc/kit/ports/cache';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import type { EventBus } from '@pc/kit/ports/event-bus';
import type { ServiceApp } from '@pc/kit/service/service-app';
import { MailBox } from '@pc/kit/testing/outbox-mail';
import { buildAccountsApp } from '../../../accounts/src/app.js';
import { accountsConfigSchema } from '../../../accounts/src/config.js';
import { buildCatalogApp } from '../../../catalog/src/app.js';
import { catalogConfigSchema } from '../../../catalog/src/config.js';
import { buildNotificationsApp } from '../app.js';
import { notificationsConfigSchema } from '../config.js';
import { LocalPushService, type LocalSubscription } from '../push/local-push-service.js';

const silent = pino({ level: 'silent' });

/** Adapters a suite runs on (embedded by default; MongoDB and Redis on the real-engine run). */
export interface EngineAdapters {
  readonly name: string;
  open(): Promise<{ documents?: DocumentStore; cache?: Cache; close(): Promise<void> }>;
}
export const EMBEDDED: EngineAdapters = { name: 'embedded', open: async () => ({ close: async () => undefined }) };

/** A price picture the offers stand-in answers for GetProductPriceSummaries. */
export interface Price {
  readonly lowest?: number;
  readonly currency?: string;
  readonly inStock?: number;
}

/**
 * notifications built by app.ts over real gRPC, beside the real accounts and catalog services
 * (users and their languages; products' names), a stand-in for offers'
 * GetProductPriceSummaries (the current price of a new alert; the test sets it),
 * our local push service, and the embedded event log on which the test publishes
 * ProductPriceChanged as offers does.
 */
export class NotificationsHarness {
  private readonly prices = new Map<string, Price>();
  private readonly versions = new Map<string, number>();

  private constructor(
    readonly dataDir: string,
    readonly client: ServiceClient<typeof NotificationsServiceService>,
    readonly accounts: ServiceClient<typeof AccountsServiceService>,
    readonly catalog: ServiceClient<typeof CatalogServiceService>,
    readonly push: LocalPushService,
    readonly mail: MailBox,
    private readonly apps: ServiceApp[],
    private readonly servers: GrpcServer[],
    private readonly bus: EventBus,
    private readonly adapters: { close(): Promise<void> },
  ) {}

  static async start(
    engine: EngineAdapters = EMBEDDED,
    env: Record<string, string> = {},
  ): Promise<NotificationsHarness> {
    const dataDir = mkdtempSync(join(tmpdir(), 'notifications-'));
    const base = { GRPC_PORT: '0', OPS_PORT: '0', DATA_DIR: dataDir };
    const accountsApp = await buildAccountsApp({ config: loadConfig(accountsConfigSchema, base), logger: silent });
    const accountsServer = createGrpcServer({ services: accountsApp.services, logger: silent });
    const accountsAddress = `127.0.0.1:${await accountsServer.listen('127.0.0.1', 0)}`;
    await accountsApp.start?.();

    const catalogApp = await buildCatalogApp({
      config: loadConfig(catalogConfigSchema, { ...base, ACCOUNTS_GRPC_ADDR: accountsAddress }),
      logger: silent,
    });
    const catalogServer = createGrpcServer({ services: catalogApp.services, logger: silent });
    const catalogAddress = `127.0.0.1:${await catalogServer.listen('127.0.0.1', 0)}`;
    await catalogApp.start?.();

    let harness: NotificationsHarness | null = null;
    const offersStandIn = serviceRegistration(
      'pricecompare.offers.v1.OffersService',
      OffersServiceService,
      withUnimplemented(OffersServiceService, {
        getProductPriceSummaries: async (request) => ({
          summaries: request.productIds.flatMap((id) => harness?.summary(id, request.country) ?? []),
        }),
      }),
    );
    const offersServer = createGrpcServer({ services: [offersStandIn], logger: silent });
    const offersAddress = `127.0.0.1:${await offersServer.listen('127.0.0.1', 0)}`;

    const adapters = await engine.open();
    const config = loadConfig(notificationsConfigSchema, {
      ...base,
      ACCOUNTS_GRPC_ADDR: accountsAddress,
      CATALOG_GRPC_ADDR: catalogAddress,
      OFFERS_GRPC_ADDR: offersAddress,
      PUSH_ALLOW_LOCAL_HTTP: 'true',
      ...env,
    });
    const app = await buildNotificationsApp(
      { config, logger: silent },
      { documents: adapters.documents, cache: adapters.cache },
    );
    const server = createGrpcServer({ services: app.services, logger: silent });
    const address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
    await app.start?.();
    const push = await LocalPushService.start();
    const bus = openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite'), pollIntervalMs: 5 });
    harness = new NotificationsHarness(
      dataDir,
      createServiceClient(NotificationsServiceService, address, { deadlineMs: 20_000 }),
      createServiceClient(AccountsServiceService, accountsAddress, { deadlineMs: 20_000 }),
      createServiceClient(CatalogServiceService, catalogAddress, { deadlineMs: 20_000 }),
      push,
      new MailBox(dataDir),
      [app, catalogApp, accountsApp],
      [server, offersServer, catalogServer, accountsServer],
      bus,
      adapters,
    );
    return harness;
  }

  /** Sets what offers says the current price is (read when an alert is created or re-armed). */
  setPrice(productId: string, country: string, price: Price): void {
    this.prices.set(`${productId}|${country}`, price);
  }

  private summary(productId: string, country: string): ProductPriceSummary[] {
    const price = this.prices.get(`${productId}|${country}`);
    if (!price) return [];
    const lowestPrice =
      price.lowest === undefined ? undefined : { amountMinor: price.lowest, currency: price.currency ?? 'CHF' };
    return [
      {
        productId,
        country,
        lowestPrice,
        highestPrice: lowestPrice,
        offersCount: 1,
        inStockOffersCount: price.inStock ?? 1,
        cheapestOfferId: '',
        trend: 0,
        priceDropPercent: 0,
        hasGreenOffer: false,
        updatedAt: new Date(),
        version: this.versions.get(`${productId}|${country}`) ?? 0,
      },
    ];
  }

  /** Publishes ProductPriceChanged as offers does (key product id, version + 1 per product and country), and sets the price. */
  async priceChanged(productId: string, country: string, price: Price, previous?: Price): Promise<number> {
    const key = `${productId}|${country}`;
    const version = (this.versions.get(key) ?? 0) + 1;
    this.versions.set(key, version);
    const before = previous ?? this.prices.get(key);
    this.setPrice(productId, country, price);
    const [summary] = this.summary(productId, country);
    const payload = ProductPriceChanged.fromPartial({
      productId,
      country,
      version,
      summary,
      previousLowestPrice:
        before?.lowest === undefined ? undefined : { amountMinor: before.lowest, currency: before.currency ?? 'CHF' },
      previousInStockOffersCount: before?.inStock ?? 0,
      changedAt: new Date(),
    });
    await createEventPublisher(this.bus, 'offers').publish(Events.productPriceChanged, productId, payload);
    return version;
  }

  /** A product of the real catalog, made as a shop's offer makes one; returns its id. */
  async product(title: string, gtin: string): Promise<string> {
    const { productId } = await this.catalog.matchProduct(
      MatchProductRequest.fromPartial({
        shopId: 's1',
        shopOfferId: `offer-${gtin}`,
        title,
        gtin,
        language: 'en',
        createIfMissing: true,
      }),
    );
    return productId;
  }

  /** A Swiss target-price alert of CHF 250.00 on a product priced CHF 300.00 now (it waits); returns its id. */
  async targetAlert(actorUserId: string, productId: string, channels: Channel[]): Promise<string> {
    this.setPrice(productId, 'CH', { lowest: 30_000 });
    const { alert } = await this.client.createPriceAlert({
      actorUserId,
      productId,
      country: 'CH',
      kind: AlertKind.ALERT_KIND_TARGET_PRICE,
      targetPrice: { amountMinor: 25_000, currency: 'CHF' },
      dropPercent: 0,
      rearmAutomatically: false,
      channels,
    });
    return alert?.id ?? '';
  }

  /** A real user of accounts; returns its id. */
  async user(email: string, language = 'en'): Promise<string> {
    const { user } = await this.accounts.register({
      name: email.split('@')[0] ?? '',
      email,
      password: 'secret-pass',
      passwordConfirmation: 'secret-pass',
      phone: '',
      accountType: 0,
      company: '',
      termsAccepted: true,
      language,
      rememberMe: false,
      client: undefined,
    });
    return user?.id ?? '';
  }

  /** A browser subscribing with the service's VAPID key, stored for a user (and/or a username). */
  async browser(actorUserId: string, username = ''): Promise<LocalSubscription> {
    const { publicKey } = await this.client.getVapidPublicKey({});
    const subscription = this.push.subscribe(publicKey);
    await this.client.subscribe({
      endpoint: subscription.endpoint,
      keys: subscription.keys,
      expirationTime: undefined,
      actorUserId,
      username,
      language: 'en',
      userAgent: 'jest',
    });
    return subscription;
  }

  async stop(): Promise<void> {
    closeAllChannels();
    for (const server of this.servers) await server.shutdown();
    for (const app of this.apps) await app.stop();
    await this.bus.close();
    await this.push.close();
    await this.adapters.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

export { eventually } from '@pc/kit/testing/eventually';

export async function failure(call: Promise<unknown>): Promise<{
  code?: number;
  reason?: string;
  details?: string;
  violations?: { field: string; rule?: string }[];
} | null> {
  return call.then(
    () => null,
    (error: unknown) => error as never,
  );
}
