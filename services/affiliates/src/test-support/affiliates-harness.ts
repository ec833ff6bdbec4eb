import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { pino } from 'pino';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { AccountType } from '@pc/proto/accounts/v1/types';
import { ClickRecorded } from '@pc/proto/affiliates/events/v1/events';
import { SubscriptionChanged } from '@pc/proto/billing/events/v1/events';
import { SubscriptionStatus } from '@pc/proto/billing/v1/types';
import { AffiliatesServiceService, GetClickStatsRequest } from '@pc/proto/affiliates/v1/affiliates';
import { OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { EventEnvelope } from '@pc/proto/events/v1/envelope';
import { OffersServiceService, RegisterShopRequest, SetShopStatusRequest } from '@pc/proto/offers/v1/offers';
import { ShopStatus, type Offer } from '@pc/proto/offers/v1/types';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { loadConfig } from '@pc/kit/config/load-config';
import { Events } from '@pc/proto/event-catalog';
import { createEventPublisher } from '@pc/kit/events/publisher';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { createServiceClient, type ServiceClient } from '@pc/kit/grpc/client';
import { createGrpcServer, type GrpcServer } from '@pc/kit/grpc/server';
import type { EventBus, Subscription } from '@pc/kit/ports/event-bus';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { openDocumentStore } from '@pc/engine-profile/open-document-store';
import type { ServiceApp } from '@pc/kit/service/service-app';
import { eventually } from '@pc/kit/testing/eventually';
import { buildAccountsApp } from '../../../accounts/src/app.js';
import { accountsConfigSchema } from '../../../accounts/src/config.js';
import { buildCatalogApp } from '../../../catalog/src/app.js';
import { catalogConfigSchema } from '../../../catalog/src/config.js';
import { buildOffersApp } from '../../../offers/src/app.js';
import { offersConfigSchema } from '../../../offers/src/config.js';
import { buildAffiliatesApp, type AffiliatesApp } from '../app.js';
import { affiliatesConfigSchema } from '../config.js';
import { CLICK_FOLD_GROUP, ClickFold } from '../events/click-fold.js';
import { ClickAggregateRepository } from '../store/click-aggregate-repository.js';
import { openClickStatsStore } from '../store/click-stats-store.js';

const silent = pino({ level: 'silent' });

/** affiliates' main store and its click statistics' store (ADR 077). */
export interface AffiliatesStores {
  readonly main: DocumentStore;
  readonly statistics: DocumentStore;
}

/** The first admin of the harness's accounts (`adminId()` signs in as it). */
const ADMIN = {
  ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL: 'root@affiliates.test',
  ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD: 'root-secret',
};

/** The network whose postbacks the harness's affiliates accepts, and its shared secret. */
export const TEST_NETWORK = { name: 'testnet', secret: 'testnet-shared-secret-0123456789' };

/** A desktop browser's user agent (people's clicks count; crawlers' do not). */
export const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

/**
 * The real accounts (admin roles), catalog (matching), offers (shops, offers, FX rates) and
 * affiliates services, each built from its app.ts with the embedded adapters under one temp data
 * dir and served over real gRPC on free ports, as `npm start` runs them. Offers come in as the
 * crawler brings them (OfferObserved on the shared event log); affiliates learns them from
 * OfferChanged. `advance()` moves affiliates' clock.
 */
export class AffiliatesHarness {
  private offsetMs = 0;
  /** Every ClickRecorded affiliates published, as records of the log (for republishing). */
  readonly clickRecords: {
    partition: number;
    key: string;
    value: Uint8Array;
    headers: Readonly<Record<string, string>>;
  }[] = [];
  private subscription: Subscription | null = null;
  /** What tests opened beside the services (`otherFold`), closed before the data dir goes. */
  private readonly closeAfter: (() => Promise<void>)[] = [];

  private constructor(
    private readonly dataDir: string,
    /** affiliates first: `restartAffiliates()` replaces it. */
    private readonly apps: ServiceApp[],
    private readonly servers: GrpcServer[],
    private affiliatesApp: AffiliatesApp,
    /** Builds affiliates again on the same data dir and configuration. */
    private readonly buildAffiliates: () => Promise<AffiliatesApp>,
    readonly affiliates: ServiceClient<typeof AffiliatesServiceService>,
    readonly offers: ServiceClient<typeof OffersServiceService>,
    readonly accounts: ServiceClient<typeof AccountsServiceService>,
    /** The shared event log, as the crawler and other services reach it. */
    readonly bus: EventBus,
    /** host:port of affiliates' gRPC server. */
    readonly address: string,
  ) {}

  static async start(env: Record<string, string> = {}): Promise<AffiliatesHarness> {
    const dataDir = mkdtempSync(join(tmpdir(), 'affiliates-'));
    const base = { GRPC_PORT: '0', OPS_PORT: '0', DATA_DIR: dataDir };
    const serve = async (app: ServiceApp) => {
      const server = createGrpcServer({ services: app.services, logger: silent });
      const address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
      await app.start?.();
      return { server, address };
    };
    const accountsApp = await buildAccountsApp({
      config: loadConfig(accountsConfigSchema, { ...base, ...ADMIN }),
      logger: silent,
    });
    const accounts = await serve(accountsApp);
    const catalogApp = await buildCatalogApp({
      config: loadConfig(catalogConfigSchema, { ...base, ACCOUNTS_GRPC_ADDR: accounts.address }),
      logger: silent,
    });
    const catalog = await serve(catalogApp);
    const offersConfig = loadConfig(offersConfigSchema, {
      ...base,
      ACCOUNTS_GRPC_ADDR: accounts.address,
      CATALOG_GRPC_ADDR: catalog.address,
    });
    const offersApp = await buildOffersApp({ config: offersConfig, logger: silent });
    const offers = await serve(offersApp);
    let harness: AffiliatesHarness | null = null;
    const clock = () => new Date(Date.now() + (harness?.offsetMs ?? 0));
    const config = loadConfig(affiliatesConfigSchema, {
      ...base,
      ACCOUNTS_GRPC_ADDR: accounts.address,
      OFFERS_GRPC_ADDR: offers.address,
      AFFILIATES_POSTBACK_SECRETS: `${TEST_NETWORK.name}=${TEST_NETWORK.secret}`,
      ...env,
    });
    const buildAffiliates = () => buildAffiliatesApp({ config, logger: silent }, { clock });
    const affiliatesApp = await buildAffiliates();
    const affiliates = await serve(affiliatesApp);
    const bus = openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite'), pollIntervalMs: 5 });
    harness = new AffiliatesHarness(
      dataDir,
      [affiliatesApp, offersApp, catalogApp, accountsApp],
      [affiliates.server, offers.server, catalog.server, accounts.server],
      affiliatesApp,
      buildAffiliates,
      createServiceClient(AffiliatesServiceService, affiliates.address),
      createServiceClient(OffersServiceService, offers.address),
      createServiceClient(AccountsServiceService, accounts.address),
      bus,
      affiliates.address,
    );
    await harness.listen();
    return harness;
  }

  /** The running affiliates app (a new one after `restartAffiliates()`). */
  get app(): AffiliatesApp {
    return this.affiliatesApp;
  }

  /**
   * Stops affiliates as a deployment does (the gRPC server, then the app) and starts a new process
   * of it on the same data dir and gRPC port: a new run, with only what it stored to go on.
   * `whileStopped` changes its data dir in between (as an older version would have left it).
   */
  async restartAffiliates(whileStopped?: (stores: AffiliatesStores) => Promise<void>): Promise<void> {
    const port = Number(this.address.split(':').pop());
    await this.servers[0]!.shutdown();
    await this.affiliatesApp.stop();
    if (whileStopped) {
      const stores = await this.openStores();
      try {
        await whileStopped(stores);
      } finally {
        await stores.main.close();
        await stores.statistics.close();
      }
    }
    this.affiliatesApp = await this.buildAffiliates();
    const server = createGrpcServer({ services: this.affiliatesApp.services, logger: silent });
    await server.listen('127.0.0.1', port);
    await this.affiliatesApp.start?.();
    this.servers[0] = server;
    this.apps[0] = this.affiliatesApp;
    // The harness's channel may have tried the port while it was closed and be waiting out its
    // reconnect backoff (calls fail UNAVAILABLE meanwhile), as any client of a restarted service:
    // ready once a call reaches the new process, whatever it answers.
    await eventually(
      () =>
        this.affiliates.getClickStats(GetClickStatsRequest.fromPartial({})).then(
          () => true,
          (error: { code?: number }) => error.code !== GrpcStatus.UNAVAILABLE,
        ),
      10_000,
    );
  }

  /** Moves affiliates' clock forward. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** A directory shop in offers, listed by the staff admin, its id. */
  async shop(name: string, domain: string, countries: string[]): Promise<string> {
    const { shop } = await this.offers.registerShop(
      RegisterShopRequest.fromPartial({
        actorUserId: await this.adminId(),
        name,
        homepageUrl: `https://www.${domain}/`,
        countries,
        directoryListing: true,
      }),
    );
    return shop?.id ?? '';
  }

  /** A business user's shop, paid for and activated by staff (so its offers are listed), its id. */
  async ownedShop(ownerUserId: string, name: string, domain: string): Promise<string> {
    const { shop } = await this.offers.registerShop(
      RegisterShopRequest.fromPartial({
        actorUserId: ownerUserId,
        name,
        homepageUrl: `https://www.${domain}/`,
        company: `${name} GmbH`,
        address: { line1: 'Bahnhofstrasse 1', zipCode: '8001', city: 'Zürich', country: 'CH' },
        phone: '+41 44 123 45 67',
        email: `info@${domain}`,
        countries: ['CH'],
        termsAccepted: true,
      }),
    );
    const id = shop?.id ?? '';
    // Billing does not run here: its SubscriptionChanged for a paid subscription, as it announces one.
    const payment = SubscriptionChanged.fromPartial({
      subscriptionId: `sub_${id}`,
      userId: ownerUserId,
      version: 1,
      status: SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE,
      planId: 'listing-monthly',
      shopIds: [id],
      changedAt: new Date(),
    });
    await createEventPublisher(this.bus, 'billing').publishAll([
      { type: Events.subscriptionChanged, key: payment.subscriptionId, payload: payment },
    ]);
    // Offers activates a shop only once it has applied the payment; staff activates it.
    const admin = await this.adminId();
    await eventually(() =>
      this.offers
        .setShopStatus(
          SetShopStatusRequest.fromPartial({
            actorUserId: admin,
            shopId: id,
            status: ShopStatus.SHOP_STATUS_ACTIVE,
          }),
        )
        .catch(() => undefined),
    );
    return id;
  }

  /** Publishes observations as the crawler does; offers ingests them and emits OfferChanged. */
  async observe(...observations: Partial<OfferObserved>[]): Promise<void> {
    await createEventPublisher(this.bus, 'crawler').publishAll(
      observations.map((partial) => {
        const payload = OfferObserved.fromPartial({ observedAt: new Date(), ...partial });
        return { type: Events.offerObserved, key: `${payload.shopId}:${payload.shopOfferId}`, payload };
      }),
    );
  }

  /** A shop's offers as the site lists them, once offers lists `count` of them (matched and ingested). */
  listedOffers(shopId: string, count = 1): Promise<Offer[]> {
    return eventually(async () => {
      const { offers } = await this.offers.listOffers({
        productId: '',
        shopId,
        country: '*',
        inStockOnly: false,
        greenOnly: false,
        conditions: [],
        sort: 0,
        page: undefined,
        displayCurrency: '',
        productIds: [],
      });
      return offers.length === count ? offers : undefined;
    }, 20_000);
  }

  /** Stores the seed's FX rates between CHF and EUR (EcoTip books in CHF). */
  async fxRates(): Promise<void> {
    const asOf = new Date(Date.now() - 86_400_000);
    await this.offers.setFxRates({
      actorUserId: await this.adminId(),
      source: 'test',
      rates: [
        { baseCurrency: 'EUR', quoteCurrency: 'CHF', rate: '0.940000', asOf },
        { baseCurrency: 'CHF', quoteCurrency: 'EUR', rate: '1.063830', asOf },
      ],
    });
  }

  /** Resolves once the click statistics have folded every ClickRecorded published so far. */
  async folded(): Promise<void> {
    await this.app.pump.idle();
    await eventually(
      async () => (await this.bus.consumerLag(CLICK_FOLD_GROUP, [Events.clickRecorded.topic])) === 0,
      20_000,
    );
  }

  /**
   * A fold of another process over the same statistics store, as a replica that took over a
   * partition would run it (the service's own fold runs in its thread). Closed by `stop()`.
   */
  async otherFold(): Promise<ClickFold> {
    const { main, statistics } = await this.openStores();
    this.closeAfter.push(
      () => main.close(),
      () => statistics.close(),
    );
    return new ClickFold(await ClickAggregateRepository.open(statistics), silent);
  }

  /** New connections to affiliates' stores, as another process of it would open them. */
  async openStores(): Promise<AffiliatesStores> {
    const config = loadConfig(affiliatesConfigSchema, { GRPC_PORT: '0', OPS_PORT: '0', DATA_DIR: this.dataDir });
    return {
      main: await openDocumentStore(config, 'affiliates', silent),
      statistics: await openClickStatsStore(config, silent),
    };
  }

  /** A postback body signed as the test network signs it (or with `secret`, to forge one). */
  signed(
    body: unknown,
    options: { secret?: string; at?: Date } = {},
  ): { network: string; body: Buffer; signature: string; timestamp: string } {
    const raw = Buffer.from(JSON.stringify(body));
    const timestamp = String(Math.floor((options.at ?? new Date()).getTime() / 1000));
    const mac = createHmac('sha256', options.secret ?? TEST_NETWORK.secret)
      .update(`${timestamp}.`)
      .update(raw)
      .digest('hex');
    return { network: TEST_NETWORK.name, body: raw, signature: `sha256=${mac}`, timestamp };
  }

  /** A real business user without roles (a business account may register shops), its id. */
  async registerUser(email: string): Promise<string> {
    const { user } = await this.accounts.register({
      name: email.split('@')[0] ?? email,
      email,
      password: 'secret-pass',
      passwordConfirmation: 'secret-pass',
      phone: '',
      accountType: AccountType.ACCOUNT_TYPE_BUSINESS,
      company: `${email.split('@')[0] ?? email} GmbH`,
      termsAccepted: true,
      language: 'en',
      rememberMe: false,
      client: undefined,
    });
    return user?.id ?? '';
  }

  /** The id of the accounts admin the harness starts with. */
  async adminId(): Promise<string> {
    const { user } = await this.accounts.login({
      email: ADMIN.ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL,
      password: ADMIN.ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD,
      rememberMe: false,
      client: undefined,
    });
    return user?.id ?? '';
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    closeAllChannels();
    for (const server of this.servers) await server.shutdown();
    for (const app of this.apps) await app.stop();
    for (const close of this.closeAfter) await close();
    await this.bus.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  private async listen(): Promise<void> {
    this.subscription = await this.bus.subscribe({
      group: `test-${process.pid}-${Math.random().toString(36).slice(2)}`,
      topics: [Events.clickRecorded.topic],
      handler: async (record) => {
        this.clickRecords.push({
          partition: record.partition,
          key: record.key,
          value: record.value,
          headers: record.headers,
        });
      },
    });
  }

  /** The ClickRecorded of a click, decoded, once it was published. */
  async clickRecorded(clickId: string): Promise<ClickRecorded> {
    return eventually(
      () => this.clickRecords.map((record) => decodeClick(record.value)).find((event) => event.clickId === clickId),
      10_000,
    );
  }
}

const decodeClick = (value: Uint8Array): ClickRecorded => ClickRecorded.decode(EventEnvelope.decode(value).payload);

export { eventually };
