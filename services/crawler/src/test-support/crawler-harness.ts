import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { FeedFetched, OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { CrawlerServiceService } from '@pc/proto/crawler/v1/crawler';
import { ProductWatchChanged } from '@pc/proto/notifications/events/v1/events';
import { OfferChanged, OfferChangeKind, ShopChanged } from '@pc/proto/offers/events/v1/events';
import { FeedFormat, FeedStatus, ShopStatus, type Feed } from '@pc/proto/offers/v1/types';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { loadConfig } from '@pc/kit/config/load-config';
import { Events } from '@pc/proto/event-catalog';
import { createEventPublisher } from '@pc/kit/events/publisher';
import { on, subscribeEvents } from '@pc/kit/events/subscriber';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { createServiceClient, type ServiceClient } from '@pc/kit/grpc/client';
import { createGrpcServer, type GrpcServer } from '@pc/kit/grpc/server';
import type { Cache } from '@pc/kit/ports/cache';
import type { EventBus, Subscription } from '@pc/kit/ports/event-bus';
import { startStaffAccounts, type StaffAccounts } from '../../../accounts/src/test-support/staff-accounts.js';
import { buildCrawlerApp, type CrawlerApp } from '../app.js';
import { crawlerConfigSchema } from '../config.js';

const silent = pino({ level: 'silent' });

/**
 * The crawler built from app.ts on the embedded engines in a temp data dir, served over real
 * gRPC, crawling fixture sites on 127.0.0.1 (the fetch guard allows exactly their ports). The
 * test publishes ShopChanged as offers would and reads the OfferObserved the crawler emits from
 * the event log. Staff calls name `staffUserId`, a staff user of the real accounts the crawler
 * asks for roles.
 */
export class CrawlerHarness {
  readonly observed: OfferObserved[] = [];
  readonly feedsFetched: FeedFetched[] = [];
  private subscription: Subscription | null = null;

  private constructor(
    readonly dataDir: string,
    readonly apps: CrawlerApp[],
    readonly crawler: ServiceClient<typeof CrawlerServiceService>,
    private readonly servers: GrpcServer[],
    private readonly bus: EventBus,
    private readonly ownsDataDir: boolean,
    /** host:port of the first instance (its other APIs: AuditService). */
    readonly address: string,
    private readonly staff: StaffAccounts,
  ) {}

  /** The staff user (every panel) a test's staff calls name as their actor. */
  get staffUserId(): string {
    return this.staff.staffUserId;
  }

  /** `instances` crawler apps sharing one data dir and, when given, one politeness cache (as replicas share Redis). */
  static async start(options: {
    ports: readonly number[];
    env?: Record<string, string>;
    instances?: number;
    cache?: Cache;
    dataDir?: string;
  }): Promise<CrawlerHarness> {
    const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'crawler-'));
    const staff = await startStaffAccounts();
    const env = {
      ACCOUNTS_GRPC_ADDR: staff.address,
      GRPC_PORT: '0',
      OPS_PORT: '0',
      DATA_DIR: dataDir,
      FETCH_ALLOW_PRIVATE: '127.0.0.1',
      FETCH_ALLOW_PORTS: options.ports.join(','),
      CRAWLER_DISCOVER_SHOPS: 'true',
      CRAWLER_DEFAULT_DELAY: '100ms',
      CRAWLER_TICK: '10ms',
      ...options.env,
    };
    const apps: CrawlerApp[] = [];
    const servers: GrpcServer[] = [];
    const ports: number[] = [];
    for (let i = 0; i < (options.instances ?? 1); i += 1) {
      const app = await buildCrawlerApp(
        { config: loadConfig(crawlerConfigSchema, env), logger: silent },
        { cache: options.cache },
      );
      const server = createGrpcServer({ services: app.services, logger: silent });
      ports.push(await server.listen('127.0.0.1', 0));
      apps.push(app);
      servers.push(server);
    }
    const address = `127.0.0.1:${ports[0]}`;
    const bus = openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite'), pollIntervalMs: 5 });
    const harness = new CrawlerHarness(
      dataDir,
      apps,
      createServiceClient(CrawlerServiceService, address),
      servers,
      bus,
      options.dataDir === undefined,
      address,
      staff,
    );
    harness.subscription = await subscribeEvents(bus, {
      group: `crawler-test-${Math.random().toString(36).slice(2)}`,
      logger: silent,
      handlers: [
        on(Events.offerObserved, async (event) => void harness.observed.push(event)),
        on(Events.feedFetched, async (event) => void harness.feedsFetched.push(event)),
      ],
    });
    for (const app of apps) await app.start?.();
    return harness;
  }

  /**
   * Tells the crawler (as offers would) that a shop with this homepage is listed, with these feeds
   * (`{ id, url }` and what else differs from a daily CSV feed for CH in CHF and German), and
   * whether staff certified it green.
   */
  async shopListed(
    shopId: string,
    homepageUrl: string,
    version = 1,
    feeds: readonly (Partial<Feed> & Pick<Feed, 'id' | 'url'>)[] = [],
    status = ShopStatus.SHOP_STATUS_ACTIVE,
    green = false,
  ): Promise<void> {
    const host = new URL(homepageUrl).host;
    const payload = ShopChanged.fromPartial({
      shopId,
      version,
      shop: {
        id: shopId,
        name: `Shop ${shopId}`,
        domain: host,
        homepageUrl,
        countries: ['CH'],
        status,
        version,
        green,
        feeds: feeds.map((feed) => ({
          shopId,
          currency: 'CHF',
          language: 'de',
          country: 'CH',
          format: FeedFormat.FEED_FORMAT_UNSPECIFIED,
          fetchIntervalMinutes: 1_440,
          status: FeedStatus.FEED_STATUS_PENDING,
          ...feed,
        })),
      },
      changedAt: new Date(),
    });
    await createEventPublisher(this.bus, 'offers').publish(Events.shopChanged, shopId, payload);
  }

  /** Offers matched the offer on the page at `url` to `productId` (OfferChanged, CREATED). */
  async offerMatched(offerId: string, url: string, productId: string): Promise<void> {
    const payload = OfferChanged.fromPartial({
      offerId,
      version: 1,
      kind: OfferChangeKind.OFFER_CHANGE_KIND_CREATED,
      offer: { id: offerId, url, productId },
      changedAt: new Date(),
    });
    await createEventPublisher(this.bus, 'offers').publish(Events.offerChanged, offerId, payload);
  }

  /** Notifications counted `activeAlerts` price alerts on the product (ProductWatchChanged). */
  async productWatched(productId: string, version: number, activeAlerts: number): Promise<void> {
    const payload = ProductWatchChanged.fromPartial({ productId, version, activeAlerts, changedAt: new Date() });
    await createEventPublisher(this.bus, 'notifications').publish(Events.productWatchChanged, productId, payload);
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    closeAllChannels();
    for (const server of this.servers) await server.shutdown();
    for (const app of this.apps) await app.stop();
    await this.bus.close();
    await this.staff.stop();
    if (this.ownsDataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }
}
