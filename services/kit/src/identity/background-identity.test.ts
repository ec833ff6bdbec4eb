import { EchoServiceService } from '@pc/proto/testing/v1/echo';
import { Events } from '@pc/proto/event-catalog';
import { ShopDeleted } from '@pc/proto/offers/events/v1/events';
import { pino } from 'pino';
import { createEventPublisher } from '../events/publisher.js';
import { on, subscribeEvents } from '../events/subscriber.js';
import { closeAllChannels } from '../grpc/channel-pool.js';
import { serviceRegistration, type ServiceHandlers } from '../grpc/service-types.js';
import { echoService } from '../grpc/testing/echo-service.js';
import type { EventBus, OutgoingRecord, Subscription, SubscriptionSpec } from '../ports/event-bus.js';
import { serviceApp, type ServiceApp } from '../service/service-app.js';
import { eventually } from '../testing/eventually.js';
import { runAsCaller } from './caller.js';
import { processIdentity } from './process-identity.js';
import { serveOffersStandIn, type OffersStandIn } from './testing/offers-stand-in.js';
import { useTestIdentity } from './testing/test-identity.js';

const logger = pino({ level: 'silent' });

/**
 * An event bus that hands each published record to the subscribed groups at once, in the
 * publisher's own context — the least a consumer can count on: whichever context a bus delivers
 * in, the consumer calls as its service.
 */
class HandingBus implements EventBus {
  private readonly groups = new Set<SubscriptionSpec>();
  async ensureTopics(): Promise<void> {}
  async publish(records: readonly OutgoingRecord[]): Promise<void> {
    for (const record of records)
      for (const group of [...this.groups].filter((spec) => spec.topics.includes(record.topic)))
        await group.handler({
          ...record,
          partition: 0,
          offset: 0,
          headers: record.headers ?? {},
          timestamp: new Date(),
          attempt: 1,
        });
  }
  async subscribe(spec: SubscriptionSpec): Promise<Subscription> {
    this.groups.add(spec);
    return { stop: async () => void this.groups.delete(spec), lastHeardAt: () => Date.now() };
  }
  async consumerLag(): Promise<number> {
    return 0;
  }
  async isReady(): Promise<boolean> {
    return true;
  }
  async close(): Promise<void> {}
}

/** The app of `service` (by its registration's package, as every app.ts is) whose start runs `start`. */
const appOf = (service: string, start: () => Promise<void>): ServiceApp =>
  serviceApp({
    services: [
      serviceRegistration(
        `pricecompare.${service}.v1.EchoService`,
        EchoServiceService,
        echoService().handlers as ServiceHandlers<typeof EchoServiceService>,
      ),
    ],
    readiness: {},
    start,
    stop: async () => {},
  });

/**
 * In a test platform every service shares the process: what a service's app sets going outside
 * its handlers — consumers, timers, start-up tasks — calls its peers as that service (ADR 068), so
 * the call graph judges those calls as in production. The graph grants billing offers' GetShop,
 * not GetFxRates; affiliates both; crawler neither.
 */
describe('test platform identity: a service’s background work calls as that service', () => {
  useTestIdentity('ops');
  let offers: OffersStandIn;
  const subscriptions: Subscription[] = [];

  beforeAll(async () => {
    offers = await serveOffersStandIn();
  });

  afterAll(async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    closeAllChannels();
    await offers.close();
  });

  const shopDeleted = (bus: EventBus) =>
    createEventPublisher(bus, 'offers').publish(Events.shopDeleted, 's1', ShopDeleted.fromPartial({ shopId: 's1' }));

  it('signs a consumer’s calls as its service, wherever the bus delivers: the graph refuses what it does not grant', async () => {
    const bus = new HandingBus();
    const seen: { getShop: string; getFxRates: string }[] = [];
    await appOf('billing', async () => {
      subscriptions.push(
        await subscribeEvents(bus, {
          group: 'billing',
          logger,
          handlers: [on(Events.shopDeleted, async () => void seen.push(await offers.whoCalls()))],
        }),
      );
    }).start?.();

    // Published by the test (ops), then from inside a catalog handler serving a signed-in user.
    await shopDeleted(bus);
    const catalog = processIdentity()?.asPrincipal?.('catalog');
    await runAsCaller({ principal: 'web', userId: 'u1', userToken: undefined }, () => shopDeleted(bus), catalog);

    const asBilling = { getShop: 'billing', getFxRates: 'refused PERMISSION_DENIED' };
    expect(seen).toEqual([asBilling, asBilling]);
    // The test's own calls still sign as its principal.
    expect(await offers.whoCalls()).toEqual({ getShop: 'ops', getFxRates: 'answered' });
  });

  it('signs the calls of start-up tasks and timers its start sets going as its service', async () => {
    const fired: { getShop: string; getFxRates: string }[] = [];
    let startedWith: { getShop: string; getFxRates: string } | undefined;
    const app = appOf('affiliates', async () => {
      startedWith = await offers.whoCalls();
      setTimeout(() => void offers.whoCalls().then((seen) => fired.push(seen)), 5);
    });
    await app.start?.();
    expect(startedWith).toEqual({ getShop: 'affiliates', getFxRates: 'answered' });
    expect(await eventually(() => fired[0])).toEqual({ getShop: 'affiliates', getFxRates: 'answered' });

    let crawlerStarted: { getShop: string; getFxRates: string } | undefined;
    await appOf('crawler', async () => void (crawlerStarted = await offers.whoCalls())).start?.();
    expect(crawlerStarted).toEqual({ getShop: 'refused PERMISSION_DENIED', getFxRates: 'refused PERMISSION_DENIED' });
  });
});
