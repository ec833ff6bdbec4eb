import { join } from 'node:path';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { createEventPublisher } from '@pc/kit/events/publisher';
import type { EventBus } from '@pc/kit/ports/event-bus';
import type { OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { Events } from '@pc/proto/event-catalog';
import type { RunningPlatform } from '../../../scripts/e2e/platform-process';
import type { PlatformService } from '../../test/platform-harness';

/** What the API tests' fixtures (web/test/*-fixture.ts) need of a platform, for one `npm start`. */
export interface PlatformIngest {
  readonly addresses: Readonly<Record<PlatformService, string>>;
  readonly staffUserId: string;
  /** Publishes OfferObserved events on the platform's event log, as the crawler does. */
  observe(observations: readonly OfferObserved[]): Promise<void>;
  close(): Promise<void>;
}

/** The gRPC addresses of a running platform's services, as the API tests' fixtures take them. */
export function platformAddresses(platform: RunningPlatform): Readonly<Record<PlatformService, string>> {
  const address = (service: PlatformService) => `127.0.0.1:${platform.grpcPort(service)}`;
  return {
    catalog: address('catalog'),
    offers: address('offers'),
    search: address('search'),
    accounts: address('accounts'),
    affiliates: address('affiliates'),
    notifications: address('notifications'),
  };
}

/** Publishes OfferObserved events on `bus` as the crawler does (keyed per shop offer, as it keys them). */
export function crawlerObserve(bus: EventBus): (observations: readonly OfferObserved[]) => Promise<void> {
  const publisher = createEventPublisher(bus, 'crawler');
  return (observations) =>
    publisher.publishAll(
      observations.map((payload) => ({
        type: Events.offerObserved,
        key: `${payload.shopId}:${payload.shopOfferId}`,
        payload,
      })),
    );
}

/**
 * The ingest path of a local-profile `npm start` (its embedded event log, its services' ports),
 * so a browser test on a seeded platform can add offers of its own choosing beside the demo data.
 */
export function platformIngest(platform: RunningPlatform): PlatformIngest {
  const bus = openEmbeddedEventBus({ path: join(platform.dataDir, 'events', 'log.sqlite') });
  return {
    addresses: platformAddresses(platform),
    staffUserId: platform.staffUserId,
    observe: crawlerObserve(bus),
    close: () => bus.close(),
  };
}
