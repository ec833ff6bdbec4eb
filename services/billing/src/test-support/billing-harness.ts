import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { AccountDeleted, AccountDeletionReason } from '@pc/proto/accounts/events/v1/events';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { AccountsStaffServiceService } from '@pc/proto/accounts/v1/staff';
import { AccountType, AdminPanel } from '@pc/proto/accounts/v1/types';
import type { InvoicePaid, SubscriptionChanged } from '@pc/proto/billing/events/v1/events';
import { BillingServiceService } from '@pc/proto/billing/v1/billing';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { FeedFormat } from '@pc/proto/offers/v1/types';
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
import type { ServiceApp } from '@pc/kit/service/service-app';
import { buildAccountsApp } from '../../../accounts/src/app.js';
import { accountsConfigSchema } from '../../../accounts/src/config.js';
import { buildOffersApp } from '../../../offers/src/app.js';
import { offersConfigSchema } from '../../../offers/src/config.js';
import { buildBillingApp, type BillingApp } from '../app.js';
import { authenticate, enterCard, setupIntentOfCard } from './local-card-page.js';
import { billingConfigSchema } from '../config.js';

const silent = pino({ level: 'silent' });
export const SITE = 'http://127.0.0.1:3000';
export const WEBHOOK_SECRET = 'whsec_billingharness';
const ADMIN = { ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL: 'root@billing.test', ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD: 'root-secret' };

/** What billing emitted, decoded, in arrival order. */
export interface EmittedEvents {
  readonly subscriptionChanged: SubscriptionChanged[];
  readonly invoicePaid: InvoicePaid[];
}

/**
 * billing built by app.ts over real gRPC with the local payment provider, beside the real
 * accounts and offers services on one embedded event log: shops are registered in offers (whose
 * ShopRegistered billing consumes), cards are entered on the local provider's HTTP card page,
 * and its signed webhooks arrive at billing's own endpoint.
 */
export class BillingHarness {
  readonly events: EmittedEvents = { subscriptionChanged: [], invoicePaid: [] };

  private constructor(
    readonly dataDir: string,
    readonly billing: ServiceClient<typeof BillingServiceService>,
    readonly accounts: ServiceClient<typeof AccountsServiceService>,
    readonly accountsStaff: ServiceClient<typeof AccountsStaffServiceService>,
    readonly offers: ServiceClient<typeof OffersServiceService>,
    readonly app: BillingApp,
    private readonly others: ServiceApp[],
    private readonly servers: GrpcServer[],
    readonly bus: EventBus,
    private subscription: Subscription | null,
  ) {}

  /** `documents`: billing's store opened by the test (MongoDB); the embedded one by default. */
  static async start(env: Record<string, string> = {}, documents?: DocumentStore): Promise<BillingHarness> {
    const dataDir = mkdtempSync(join(tmpdir(), 'billing-'));
    const base = { GRPC_PORT: '0', OPS_PORT: '0', DATA_DIR: dataDir };
    const accountsApp = await buildAccountsApp({
      config: loadConfig(accountsConfigSchema, { ...base, ...ADMIN }),
      logger: silent,
    });
    const accountsServer = createGrpcServer({ services: accountsApp.services, logger: silent });
    const accountsAddress = `127.0.0.1:${await accountsServer.listen('127.0.0.1', 0)}`;
    await accountsApp.start?.();
    const offersApp = await buildOffersApp({
      config: loadConfig(offersConfigSchema, { ...base, ACCOUNTS_GRPC_ADDR: accountsAddress }),
      logger: silent,
    });
    const offersServer = createGrpcServer({ services: offersApp.services, logger: silent });
    const offersAddress = `127.0.0.1:${await offersServer.listen('127.0.0.1', 0)}`;
    await offersApp.start?.();
    const config = loadConfig(billingConfigSchema, {
      ...base,
      ACCOUNTS_GRPC_ADDR: accountsAddress,
      OFFERS_GRPC_ADDR: offersAddress,
      SITE_URL: SITE,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      ...env,
    });
    const app = await buildBillingApp({ config, logger: silent }, { documents });
    const server = createGrpcServer({ services: app.services, logger: silent });
    const address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
    await app.start?.();
    const bus = openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite'), pollIntervalMs: 5 });
    const harness = new BillingHarness(
      dataDir,
      createServiceClient(BillingServiceService, address, { deadlineMs: 20_000 }),
      createServiceClient(AccountsServiceService, accountsAddress, { deadlineMs: 20_000 }),
      createServiceClient(AccountsStaffServiceService, accountsAddress, { deadlineMs: 20_000 }),
      createServiceClient(OffersServiceService, offersAddress, { deadlineMs: 20_000 }),
      app,
      [offersApp, accountsApp],
      [server, offersServer, accountsServer],
      bus,
      null,
    );
    harness.subscription = await subscribeEvents(bus, {
      group: `test-${process.pid}-${Math.random().toString(36).slice(2)}`,
      logger: silent,
      handlers: [
        on(Events.subscriptionChanged, async (event) => void harness.events.subscriptionChanged.push(event)),
        on(Events.invoicePaid, async (event) => void harness.events.invoicePaid.push(event)),
      ],
    });
    return harness;
  }

  /** A business user registered in accounts; returns its id. */
  async businessUser(email: string): Promise<string> {
    const { user } = await this.accounts.register({
      name: email.split('@')[0] ?? email,
      email,
      password: 'secret-pass',
      passwordConfirmation: 'secret-pass',
      phone: '',
      accountType: AccountType.ACCOUNT_TYPE_BUSINESS,
      company: 'Shop AG',
      termsAccepted: true,
      language: 'en',
      rememberMe: false,
      client: undefined,
    });
    return user!.id;
  }

  /** A user holding one staff panel's role, granted by the bootstrap admin. */
  async staffUser(email: string, panel: AdminPanel): Promise<string> {
    const root = await this.accounts.login({
      email: ADMIN.ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL,
      password: ADMIN.ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD,
      rememberMe: false,
      client: undefined,
    });
    const id = await this.personalUser(email);
    await this.accountsStaff.grantStaffRole({ actorUserId: root.user?.id ?? '', userId: id, panel });
    return id;
  }

  /** A personal (non-business) user. */
  async personalUser(email: string): Promise<string> {
    const { user } = await this.accounts.register({
      name: 'p',
      email,
      password: 'secret-pass',
      passwordConfirmation: 'secret-pass',
      phone: '',
      accountType: AccountType.ACCOUNT_TYPE_PERSONAL,
      company: '',
      termsAccepted: true,
      language: 'en',
      rememberMe: false,
      client: undefined,
    });
    return user!.id;
  }

  /** Registers a shop in offers as its owner (ShopRegistered follows). */
  async registerShop(ownerId: string, domain: string): Promise<string> {
    const { shop } = await this.offers.registerShop({
      actorUserId: ownerId,
      name: `Shop ${domain}`,
      homepageUrl: `https://${domain}/`,
      company: 'Shop AG',
      commercialRegisterNumber: 'CHE-123.456.789',
      address: { line1: 'Bahnhofstrasse 1', line2: '', zipCode: '8001', city: 'Zürich', country: 'CH' },
      phone: '+41 44 000 00 00',
      email: `owner@${domain}`,
      countries: ['CH'],
      feedUrl: '',
      feedFormat: FeedFormat.FEED_FORMAT_UNSPECIFIED,
      termsAccepted: true,
      directoryListing: false,
    });
    return shop!.id;
  }

  /** The browser on the local card page: posts the card and returns where it is sent (the return URL, or the 3-D Secure page). */
  enterCard(cardPageUrl: string, number: string): Promise<URL> {
    return enterCard(cardPageUrl, number);
  }

  /** The browser on the local 3-D Secure page: completes (or fails) it and returns where it is sent back. */
  authenticate(pageUrl: string, approve: boolean): Promise<URL> {
    return authenticate(pageUrl, approve);
  }

  /** Puts a card on file the way the site does: SetupIntent, card page, UpdatePaymentMethod(setup_intent_id). */
  async addCard(userId: string, number: string) {
    const setup = await this.billing.createSetupIntent({ actorUserId: userId, returnUrl: `${SITE}/business/billing` });
    return this.billing.updatePaymentMethod({
      actorUserId: userId,
      setupIntentId: await setupIntentOfCard(setup.cardPageUrl, number),
      paymentMethodId: '',
      billingDetails: undefined,
      returnUrl: '',
    });
  }

  /** Starts the monthly plan for a shop with the card on file, as the dashboard's form does. */
  startMonthly(userId: string, shopId: string, returnUrl: string) {
    return this.billing.startSubscription({
      actorUserId: userId,
      shopId,
      planId: 'listing-monthly',
      paymentMethodId: '',
      billingDetails: undefined,
      idempotencyKey: '',
      returnUrl,
    });
  }

  /** Publishes AccountDeleted as accounts does. */
  async accountDeleted(userId: string): Promise<void> {
    await createEventPublisher(this.bus, 'accounts').publish(
      Events.accountDeleted,
      userId,
      AccountDeleted.fromPartial({
        userId,
        wasBusiness: true,
        reason: AccountDeletionReason.ACCOUNT_DELETION_REASON_UNSPECIFIED,
        deletedAt: new Date(),
      }),
    );
  }

  /** POSTs a raw body to billing's webhook endpoint. */
  postWebhook(body: string, signature: string | null): Promise<Response> {
    return fetch(`${this.app.httpUrl()}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
      body,
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    for (const server of this.servers) await server.shutdown();
    await this.app.stop();
    for (const app of this.others) await app.stop();
    await this.bus.close();
    closeAllChannels();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
