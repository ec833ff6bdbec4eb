import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { openKafkaEventBus, parseBrokerList } from '@pc/kafka-event-bus/open-kafka-event-bus';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { namespacedEventBus } from '@pc/engine-profile/namespaced-event-bus';
import type { EventBus } from '@pc/kit/ports/event-bus';
import { dropNamespace, type ClusterUrls } from '@pc/engine-profile/testing/drop-namespace';
import { MailBox } from '@pc/kit/testing/outbox-mail';
import type { OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { startPlatform, type RunningPlatform } from '../../../scripts/e2e/platform-process';
import { LocalPushService } from '../../../services/notifications/src/push/local-push-service';
import { seedCatalogue, type Catalogue } from '../../test/platform-fixture';
import { crawlerObserve, platformAddresses } from './platform-ingest';

export interface AccountPlatform {
  readonly platform: RunningPlatform;
  readonly site: string;
  /** Two shops, three products with offers (web/test/platform-fixture.ts), through the real ingest path. */
  readonly catalogue: Catalogue;
  /** The local outbox (<DATA_DIR>/mail/outbox): verification and reset links. */
  readonly mail: MailBox;
  /** Our local push service: the browser's push service stand-in, which verifies VAPID and decrypts. */
  readonly push: LocalPushService;
  /** Publishes OfferObserved events on the platform's event bus, as the crawler does. */
  observe(observations: readonly OfferObserved[]): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The running platform the account journeys drive: started without demo data, filled with the
 * API tests' small catalogue through offers.RegisterShop and OfferObserved events published on
 * its event bus. Local profile: the embedded log every service process reads
 * (`<DATA_DIR>/events/log.sqlite`). Cluster profile (`cluster` gives the engines' URLs): Kafka,
 * MongoDB, Elasticsearch and Redis under a PLATFORM_NAMESPACE of this run's own, dropped at stop.
 */
export async function startAccountPlatform(portOffset: number, cluster?: ClusterUrls): Promise<AccountPlatform> {
  const namespace = cluster ? `e2e-${randomBytes(4).toString('hex')}` : undefined;
  const platform = await startPlatform(portOffset, {
    cluster: cluster !== undefined,
    env: namespace ? { PLATFORM_NAMESPACE: namespace, PUSH_ALLOW_LOCAL_HTTP: 'true' } : {},
  });
  const bus: EventBus =
    cluster && namespace
      ? namespacedEventBus(
          openKafkaEventBus({ brokers: parseBrokerList(cluster.KAFKA_BROKERS), clientId: 'e2e-crawler' }),
          namespace,
        )
      : openEmbeddedEventBus({ path: join(platform.dataDir, 'events', 'log.sqlite') });
  const observe = crawlerObserve(bus);
  const push = await LocalPushService.start();
  const stop = async () => {
    await push.close();
    await bus.close();
    closeAllChannels();
    if (platform.process.exitCode === null) await platform.interrupt();
    rmSync(platform.dataDir, { recursive: true, force: true });
    if (cluster && namespace) await dropNamespace(namespace, cluster);
  };
  try {
    const addresses = platformAddresses(platform);
    const catalogue = await seedCatalogue({ addresses, observe, staffUserId: platform.staffUserId });
    return { platform, site: platform.siteUrl, catalogue, mail: new MailBox(platform.dataDir), push, observe, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
