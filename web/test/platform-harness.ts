import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts } from './free-ports';
import type { z } from 'zod';
import { loadConfig } from '@pc/kit/config/load-config';
import type { ServiceConfig } from '@pc/kit/config/service-config';
import { createEventPublisher, type EventPublisher } from '@pc/kit/events/publisher';
import { Events } from '@pc/proto/event-catalog';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { createServiceClient } from '@pc/kit/grpc/client';
import { createGrpcServer, type GrpcServer } from '@pc/kit/grpc/server';
import { openEventBus } from '@pc/engine-profile/open-event-bus';
import type { EventBus } from '@pc/kit/ports/event-bus';
import type { BuildContext, ServiceApp } from '@pc/kit/service/service-app';
import type { OfferObserved } from '@pc/proto/crawler/events/v1/events';
import type { Logger } from 'pino';
import { createLogger } from '@pc/kit/logging/logger';
import { buildAccountsApp } from '../../services/accounts/src/app';
import { buildAffiliatesApp } from '../../services/affiliates/src/app';
import { affiliatesConfigSchema } from '../../services/affiliates/src/config';
import { accountsConfigSchema } from '../../services/accounts/src/config';
import { buildCatalogApp } from '../../services/catalog/src/app';
import { catalogConfigSchema } from '../../services/catalog/src/config';
import { buildOffersApp } from '../../services/offers/src/app';
import { offersConfigSchema } from '../../services/offers/src/config';
import { buildSearchApp } from '../../services/search/src/app';
import { searchConfigSchema } from '../../services/search/src/config';
import { buildNotificationsApp } from '../../services/notifications/src/app';
import { notificationsConfigSchema } from '../../services/notifications/src/config';
import { SubscriptionChanged } from '@pc/proto/billing/events/v1/events';
import { SubscriptionStatus } from '@pc/proto/billing/v1/types';

/** A network's postbacks the harness's affiliates accepts, with its shared secret. */
export const TEST_NETWORK = { name: 'testnet', secret: 'testnet-shared-secret-0123456789' };

export type PlatformService = 'catalog' | 'offers' | 'search' | 'accounts' | 'affiliates' | 'notifications';

/** A service as its main.ts runs it: its config schema read from an environment, then its app.ts. */
interface ServiceSpec {
  readonly name: PlatformService;
  build(env: Readonly<Record<string, string>>, logger: Logger): Promise<ServiceApp>;
}

/** A service's own environment: only what the harness sets (none of this process's variables). */
const processEnv = (values: Readonly<Record<string, string>>): NodeJS.ProcessEnv => ({ NODE_ENV: 'test', ...values });

function service<C extends ServiceConfig>(
  name: PlatformService,
  schema: z.ZodType<C>,
  build: (context: BuildContext<C>) => Promise<ServiceApp>,
): ServiceSpec {
  return { name, build: (env, logger) => build({ config: loadConfig(schema, processEnv(env)), logger }) };
}

/**
 * The services behind the JSON API, in start order. Accounts serves sign-in and favourites (and
 * offers checks actors' roles with it); notifications serves alerts and push, accepting our
 * local push service's http endpoints (PUSH_ALLOW_LOCAL_HTTP); affiliates serves promotions and
 * their click-outs (it reads shops from offers).
 */
const SERVICES: readonly ServiceSpec[] = [
  service('accounts', accountsConfigSchema, buildAccountsApp),
  service('catalog', catalogConfigSchema, buildCatalogApp),
  service('offers', offersConfigSchema, buildOffersApp),
  service('search', searchConfigSchema, buildSearchApp),
  service('affiliates', affiliatesConfigSchema, (context) => buildAffiliatesApp(context)),
  service('notifications', notificationsConfigSchema, (context) => buildNotificationsApp(context)),
];

interface Running {
  readonly name: PlatformService;
  readonly app: ServiceApp;
  readonly server: GrpcServer;
  stopped: boolean;
}

/** The platform's bootstrap admin (every staff panel): the staff user tests' staff calls name. */
const STAFF = {
  ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL: 'root@platform.test',
  ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD: 'root-secret',
};

export interface Platform {
  readonly dataDir: string;
  /** The bootstrap admin's id: staff writes (directory shops, FX rates, promotions) name it as their actor. */
  readonly staffUserId: string;
  /** host:port of each service's gRPC server. */
  readonly addresses: Readonly<Record<PlatformService, string>>;
  /** Publishes observations as the crawler does: crawler.offer-observed.v1 on the shared event log. */
  observe(observations: readonly OfferObserved[]): Promise<void>;
  /**
   * Publishes a paid subscription of `userId` for these shops as billing announces it (billing
   * does not run here), so staff may activate them.
   */
  paidFor(userId: string, shopIds: readonly string[]): Promise<void>;
  /** Stops one service's server (to see how the API answers when it is down). */
  stopService(name: PlatformService): Promise<void>;
  stop(): Promise<void>;
}

async function stopRunning(service: Running): Promise<void> {
  if (service.stopped) return;
  service.stopped = true;
  await service.server.shutdown();
  await service.app.stop();
}

/**
 * Starts catalog, offers, search (and accounts) in this process, each from its app.ts with the
 * embedded adapters under one temp data dir (so they share the embedded event log, as under
 * `npm start`), on real gRPC ports, each knowing its peers through *_GRPC_ADDR. Sets the same
 * addresses in process.env for the BFF's config, which route modules read when first loaded.
 */
export async function startPlatform(): Promise<Platform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-platform-'));
  // Errors on stdout; warnings and errors of every service in the process's log ring (ADR 133).
  const logger = createLogger(null, 'error');
  const ports = await freePorts(SERVICES.length);
  const addresses = Object.fromEntries(SERVICES.map((spec, i) => [spec.name, `127.0.0.1:${ports[i]}`])) as Record<
    PlatformService,
    string
  >;
  const peers = {
    CATALOG_GRPC_ADDR: addresses.catalog,
    OFFERS_GRPC_ADDR: addresses.offers,
    SEARCH_GRPC_ADDR: addresses.search,
    ACCOUNTS_GRPC_ADDR: addresses.accounts,
    AFFILIATES_GRPC_ADDR: addresses.affiliates,
    NOTIFICATIONS_GRPC_ADDR: addresses.notifications,
  };
  const env = {
    ...peers,
    DATA_DIR: dataDir,
    GRPC_HOST: '127.0.0.1',
    OPS_PORT: '0',
    LOG_LEVEL: 'error',
    PUSH_ALLOW_LOCAL_HTTP: 'true',
    // Shops' offer counts every 2 s instead of every minute, so tests see them.
    OFFERS_SHOP_COUNT_INTERVAL: '2s',
    // The network whose signed postbacks affiliates accepts (web/test/click-outs.test.ts).
    AFFILIATES_POSTBACK_SECRETS: `${TEST_NETWORK.name}=${TEST_NETWORK.secret}`,
    ...STAFF,
  };

  const running: Running[] = [];
  let bus: EventBus | undefined;
  const stop = async () => {
    for (const service of [...running].reverse()) await stopRunning(service);
    await bus?.close();
    closeAllChannels();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (const [i, spec] of SERVICES.entries()) {
      const app = await spec.build({ ...env, GRPC_PORT: String(ports[i]) }, logger.child({ service: spec.name }));
      const server = createGrpcServer({ services: app.services, logger: logger.child({ service: spec.name }) });
      running.push({ name: spec.name, app, server, stopped: false });
      await server.listen('127.0.0.1', ports[i] ?? 0);
      await app.start?.();
    }
    const crawlerConfig = loadConfig(catalogConfigSchema, processEnv({ ...env, GRPC_PORT: '0' }));
    bus = await openEventBus(crawlerConfig, logger.child({ service: 'crawler' }), 'crawler');
  } catch (error) {
    await stop();
    throw error;
  }
  Object.assign(process.env, peers);
  const { user: staff } = await createServiceClient(AccountsServiceService, addresses.accounts).login({
    email: STAFF.ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL,
    password: STAFF.ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD,
    rememberMe: false,
    client: undefined,
  });
  const publisher: EventPublisher = createEventPublisher(bus, 'crawler');
  const billing: EventPublisher = createEventPublisher(bus, 'billing');

  return {
    dataDir,
    addresses,
    staffUserId: staff?.id ?? '',
    observe: (observations) =>
      publisher.publishAll(
        observations.map((payload) => ({
          type: Events.offerObserved,
          key: `${payload.shopId}:${payload.shopOfferId}`,
          payload,
        })),
      ),
    paidFor: (userId, shopIds) => {
      const payload = SubscriptionChanged.fromPartial({
        subscriptionId: `sub_${userId}`,
        userId,
        version: Date.now(),
        status: SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE,
        planId: 'listing-monthly',
        shopIds: [...shopIds],
        changedAt: new Date(),
      });
      return billing.publishAll([{ type: Events.subscriptionChanged, key: payload.subscriptionId, payload }]);
    },
    stopService: async (name) => {
      const service = running.find((s) => s.name === name);
      if (service) await stopRunning(service);
    },
    stop,
  };
}
