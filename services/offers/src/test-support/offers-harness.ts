import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { AccountDeleted } from '@pc/proto/accounts/events/v1/events';
import { AccountsStaffServiceService } from '@pc/proto/accounts/v1/staff';
import { AccountType, type AdminPanel } from '@pc/proto/accounts/v1/types';
import { ClickRecorded } from '@pc/proto/affiliates/events/v1/events';
import type { Click } from '@pc/proto/affiliates/v1/types';
import { SubscriptionChanged } from '@pc/proto/billing/events/v1/events';
import { SubscriptionStatus } from '@pc/proto/billing/v1/types';
import { FeedFetched, OfferObserved } from '@pc/proto/crawler/events/v1/events';
import type {
  OfferChanged,
  ProductPriceChanged,
  ShopChanged,
  ShopDeleted,
  ShopRegistered,
} from '@pc/proto/offers/events/v1/events';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import { OffersServiceService, RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { loadConfig } from '@pc/kit/config/load-config';
import { Events } from '@pc/proto/event-catalog';
import { createEventPublisher } from '@pc/kit/events/publisher';
import { on, subscribeEvents } from '@pc/kit/events/subscriber';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { createServiceClient, type ServiceClient } from '@pc/kit/grpc/client';
import { createGrpcServer, type GrpcServer } from '@pc/kit/grpc/server';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import type { EventBus, Subscription } from '@pc/kit/ports/event-bus';
import { eventually } from '@pc/kit/testing/eventually';
import { MailBox } from '@pc/kit/testing/outbox-mail';
import type { ServiceApp } from '@pc/kit/service/service-app';
import { buildAccountsApp } from '../../../accounts/src/app.js';
import { accountsConfigSchema } from '../../../accounts/src/config.js';
import { buildCatalogApp } from '../../../catalog/src/app.js';
import { catalogConfigSchema } from '../../../catalog/src/config.js';
import { buildOffersApp, type OffersApp } from '../app.js';
import { offersConfigSchema } from '../config.js';
import type { OfferRecord } from '../domain/offer-record.js';
import { OFFERS_GROUP, OWNER_NOTICES_GROUP, SHOP_CLICKS_GROUP } from '../events/subscriptions.js';

const silent = pino({ level: 'silent' });

/** The first admin of the harness's accounts (`adminId()` signs in as it). */
const ADMIN = { ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL: 'root@offers.test', ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD: 'root-secret' };

/** Everything offers emitted, decoded, in arrival order. */
export interface EmittedEvents {
  readonly offerChanged: OfferChanged[];
  readonly priceChanged: ProductPriceChanged[];
  readonly shopRegistered: ShopRegistered[];
  readonly shopChanged: ShopChanged[];
  readonly shopDeleted: ShopDeleted[];
}

/**
 * The real catalog, accounts (admin roles) and offers services, each built from its app.ts and
 * served over real gRPC on free ports, sharing one temp data dir (embedded event log and document stores), as
 * `npm start` runs them. The test publishes observations as the crawler would and reads what
 * offers emits from the log. `now()` is offers' clock: tests move it forward to age offers.
 */
export class OffersHarness {
  readonly events: EmittedEvents = {
    offerChanged: [],
    priceChanged: [],
    shopRegistered: [],
    shopChanged: [],
    shopDeleted: [],
  };
  private offsetMs = 0;
  /** The bootstrap admin's id (every staff panel): whom a test's staff calls name (directory shops, FX rates). */
  staffUserId = '';

  private constructor(
    readonly dataDir: string,
    readonly offers: ServiceClient<typeof OffersServiceService>,
    readonly address: string,
    readonly app: OffersApp,
    private readonly peers: ServiceApp[],
    private readonly servers: GrpcServer[],
    private readonly bus: EventBus,
    private subscription: Subscription | null,
    private readonly documents: DocumentStore,
    readonly accounts: ServiceClient<typeof AccountsServiceService>,
    /** The catalog the offers were matched in (merges, product reads). */
    readonly catalog: ServiceClient<typeof CatalogServiceService>,
    /** accounts' gRPC address (its staff API grants panel roles). */
    readonly accountsAddress: string,
    /** The e-mails the platform sent (the local outbox folder in the data dir). */
    readonly mail: MailBox,
  ) {}

  /**
   * Registers a real user in accounts (offers asks it for actors' roles and owners' addresses)
   * and returns its id: a business account unless `personal`, in `language` (owners' mails).
   */
  async registerUser(email: string, personal = false, language = 'en'): Promise<string> {
    const { user } = await this.accounts.register({
      name: email.split('@')[0] ?? email,
      email,
      password: 'secret-pass',
      passwordConfirmation: 'secret-pass',
      phone: '',
      accountType: personal ? AccountType.ACCOUNT_TYPE_PERSONAL : AccountType.ACCOUNT_TYPE_BUSINESS,
      company: personal ? '' : 'Shop AG',
      termsAccepted: true,
      language,
      rememberMe: false,
      client: undefined,
    });
    return user?.id ?? '';
  }

  /** A new user holding one panel's staff role, granted by the accounts admin; returns its id. */
  async staffUser(email: string, panel: AdminPanel): Promise<string> {
    const roles = createServiceClient(AccountsStaffServiceService, this.accountsAddress, { deadlineMs: 20_000 });
    const id = await this.registerUser(email);
    await roles.grantStaffRole({ actorUserId: await this.adminId(), userId: id, panel });
    return id;
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

  static async start(env: Record<string, string> = {}): Promise<OffersHarness> {
    const dataDir = mkdtempSync(join(tmpdir(), 'offers-'));
    const base = { GRPC_PORT: '0', OPS_PORT: '0', DATA_DIR: dataDir };
    const accountsApp = await buildAccountsApp({
      config: loadConfig(accountsConfigSchema, { ...base, ...ADMIN }),
      logger: silent,
    });
    const accountsServer = createGrpcServer({ services: accountsApp.services, logger: silent });
    const accountsPort = await accountsServer.listen('127.0.0.1', 0);
    await accountsApp.start?.();
    const catalogApp = await buildCatalogApp({
      config: loadConfig(catalogConfigSchema, { ...base, ACCOUNTS_GRPC_ADDR: `127.0.0.1:${accountsPort}` }),
      logger: silent,
    });
    const catalogServer = createGrpcServer({ services: catalogApp.services, logger: silent });
    const catalogPort = await catalogServer.listen('127.0.0.1', 0);
    await catalogApp.start?.();

    let harness: OffersHarness | null = null;
    const clock = () => new Date(Date.now() + (harness?.offsetMs ?? 0));
    const config = loadConfig(offersConfigSchema, {
      ...base,
      CATALOG_GRPC_ADDR: `127.0.0.1:${catalogPort}`,
      ACCOUNTS_GRPC_ADDR: `127.0.0.1:${accountsPort}`,
      // No test reaches the ECB: its rates job is off unless a test serves the file itself.
      OFFERS_ECB_RATES_URL: '',
      ...env,
    });
    const app = await buildOffersApp({ config, logger: silent }, { clock });
    const server = createGrpcServer({ services: app.services, logger: silent });
    const address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
    await app.start?.();

    const bus = openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite'), pollIntervalMs: 5 });
    const documents = await openEmbeddedDocumentStore({ path: join(dataDir, 'offers', 'documents.sqlite') });
    harness = new OffersHarness(
      dataDir,
      createServiceClient(OffersServiceService, address),
      address,
      app,
      [catalogApp, accountsApp],
      [server, catalogServer, accountsServer],
      bus,
      null,
      documents,
      createServiceClient(AccountsServiceService, `127.0.0.1:${accountsPort}`),
      createServiceClient(CatalogServiceService, `127.0.0.1:${catalogPort}`),
      `127.0.0.1:${accountsPort}`,
      new MailBox(dataDir),
    );
    harness.subscription = await harness.listen();
    harness.staffUserId = await harness.adminId();
    return harness;
  }

  /** offers' current time. */
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves offers' clock forward. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Publishes observations as the crawler does (key shop:item, per-key order). */
  async observe(...observations: Partial<OfferObserved>[]): Promise<void> {
    const publisher = createEventPublisher(this.bus, 'crawler');
    await publisher.publishAll(
      observations.map((partial) => {
        const payload = OfferObserved.fromPartial({ observedAt: this.now(), ...partial });
        return { type: Events.offerObserved, key: `${payload.shopId}:${payload.shopOfferId}`, payload };
      }),
    );
  }

  /** Publishes a FeedFetched as the crawler does after fetching and analysing a feed (key feed_id). */
  async feedFetched(partial: Partial<FeedFetched>): Promise<void> {
    const payload = FeedFetched.fromPartial({ fetchedAt: this.now(), ...partial });
    await createEventPublisher(this.bus, 'crawler').publishAll([
      { type: Events.feedFetched, key: payload.feedId, payload },
    ]);
  }

  /**
   * Resolves once offers has handled every FeedFetched published so far and the owners' notices
   * every shop event that produced: the mails due are in the outbox folder.
   */
  async feedFetchesNoticed(): Promise<void> {
    await eventually(async () => (await this.bus.consumerLag(OFFERS_GROUP, [Events.feedFetched.topic])) === 0);
    await eventually(async () => (await this.bus.consumerLag(OWNER_NOTICES_GROUP, [Events.shopChanged.topic])) === 0);
  }

  /** Publishes the crawler's fetches in order and waits until offers and its owner notices took them. */
  async deliverFeedFetches(...events: FeedFetched[]): Promise<void> {
    for (const event of events) await this.feedFetched(event);
    await this.feedFetchesNoticed();
  }

  /** Publishes a SubscriptionChanged as billing does (key subscription id). */
  async subscriptionChanged(partial: Partial<SubscriptionChanged>): Promise<void> {
    const payload = SubscriptionChanged.fromPartial({ changedAt: this.now(), ...partial });
    await createEventPublisher(this.bus, 'billing').publishAll([
      { type: Events.subscriptionChanged, key: payload.subscriptionId, payload },
    ]);
  }

  /** A paid subscription of `ownerId` for these shops, as billing announces it; resolves once offers applied it. */
  async paidFor(ownerId: string, shopIds: string[]): Promise<void> {
    const subscriptionId = `sub_${ownerId}`;
    const version = ((await this.app.subscriptions.get(subscriptionId))?.version ?? 0) + 1;
    await this.subscriptionChanged({
      subscriptionId,
      userId: ownerId,
      version,
      status: SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE,
      planId: 'listing-monthly',
      shopIds,
    });
    await eventually(async () => (await this.app.subscriptions.get(subscriptionId))?.version === version);
  }

  /**
   * A shop registered by `ownerId` with the register form's details, paid for and activated by
   * staff: listed, owned. Returns its id.
   */
  async listedOwnShop(ownerId: string, name: string, domain: string): Promise<string> {
    const { shop } = await this.offers.registerShop(
      RegisterShopRequest.fromPartial({
        actorUserId: ownerId,
        name,
        homepageUrl: `https://${domain}/`,
        company: `${name} AG`,
        address: { line1: 'Bahnhofstrasse 1', line2: '', zipCode: '8001', city: 'Zürich', country: 'CH' },
        email: `info@${domain}`,
        termsAccepted: true,
        countries: ['CH'],
      }),
    );
    const shopId = shop?.id ?? '';
    await this.paidFor(ownerId, [shopId]);
    await this.offers.setShopStatus({
      shopId,
      actorUserId: this.staffUserId,
      status: ShopStatus.SHOP_STATUS_ACTIVE,
      confirmed: true,
      reason: 'feeds analysed',
    });
    return shopId;
  }

  /** Publishes an AccountDeleted as accounts does (key user id). */
  async accountDeleted(userId: string): Promise<void> {
    const payload = AccountDeleted.fromPartial({ userId, wasBusiness: true, deletedAt: this.now() });
    await createEventPublisher(this.bus, 'accounts').publishAll([
      { type: Events.accountDeleted, key: userId, payload },
    ]);
  }

  /**
   * Publishes a ClickRecorded as affiliates does (key click id): `userId` followed a link to
   * `shopId` (`click.id`: a click published before, delivered again). Resolves once offers has
   * handled every click published so far (its group's lag is 0): the click stored, and the
   * user's review verified by it.
   */
  async clicked(userId: string, shopId: string, click: Partial<Click> = {}): Promise<void> {
    const clickId = click.id ?? randomUUID();
    const payload = ClickRecorded.fromPartial({
      clickId,
      click: { id: clickId, userId, shopId, counted: true, clickedAt: this.now(), ...click },
      recordedAt: this.now(),
    });
    await createEventPublisher(this.bus, 'affiliates').publishAll([
      { type: Events.clickRecorded, key: clickId, payload },
    ]);
    await eventually(async () => (await this.bus.consumerLag(SHOP_CLICKS_GROUP, [Events.clickRecorded.topic])) === 0);
  }

  /** The stored offer document as the store holds it (its write version included). */
  async storedOffer(offerId: string): Promise<(OfferRecord & { _version: number }) | null> {
    const collection = await this.documents.collection<OfferRecord>({ name: 'offers' });
    return collection.get(offerId);
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    closeAllChannels();
    for (const server of this.servers) await server.shutdown();
    await this.app.stop();
    for (const peer of this.peers) await peer.stop();
    await this.bus.close();
    await this.documents.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  private listen(): Promise<Subscription> {
    const { events } = this;
    return subscribeEvents(this.bus, {
      group: `test-${process.pid}-${Math.random().toString(36).slice(2)}`,
      logger: silent,
      handlers: [
        on(Events.offerChanged, async (event) => void events.offerChanged.push(event)),
        on(Events.productPriceChanged, async (event) => void events.priceChanged.push(event)),
        on(Events.shopRegistered, async (event) => void events.shopRegistered.push(event)),
        on(Events.shopChanged, async (event) => void events.shopChanged.push(event)),
        on(Events.shopDeleted, async (event) => void events.shopDeleted.push(event)),
      ],
    });
  }
}

export { eventually };
