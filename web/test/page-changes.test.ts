// Pages kept current from events (ADR 082): the refresher that renders the micro-cache's changed
// pages again (web/edge/page-refresh.cjs) and the follower that hears the changes on a real
// embedded event log (web/edge/page-events.cjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { createEventPublisher } from '@pc/kit/events/publisher';
import type { EventBus } from '@pc/kit/ports/event-bus';
import { eventually } from '@pc/kit/testing/eventually';
import { CategoryChanged, CategoryDeleted, ProductChanged, ProductCreated } from '@pc/proto/catalog/events/v1/events';
import { Events } from '@pc/proto/event-catalog';
import { OfferChanged, ProductPriceChanged, ShopChanged, ShopDeleted } from '@pc/proto/offers/events/v1/events';
import { ListingsChanged } from '@pc/proto/search/events/v1/events';
import { pino } from 'pino';
import { modelTags } from '~/site/cache-headers';

interface Refresher {
  changed: (tags: string[]) => void;
  stats: { refreshed: number; current: number; dropped: number; failed: number };
  idle: () => Promise<void>;
  stop: () => void;
}
/* eslint-disable @typescript-eslint/no-require-imports */
const { pageRefresher } = require('../edge/page-refresh.cjs') as {
  pageRefresher: (options: object) => Refresher;
};
const { followPageChanges, pageGroup } = require('../edge/page-events.cjs') as {
  followPageChanges: (options: object) => { started: Promise<void>; stop: () => Promise<void> };
  pageGroup: (port: number, host?: string) => string;
};
const { loadEdgeConfig } = require('../edge/edge-config.cjs') as {
  loadEdgeConfig: (env: Record<string, string>) => Record<string, unknown>;
};
/* eslint-enable @typescript-eslint/no-require-imports */

/** A stand-in for the micro-cache: pages by tag, and what it was asked to render again or drop. */
function cacheOf(pages: Record<string, string[]>, renderMs = 0) {
  const renders: { key: string; since: number }[] = [];
  const forgotten: string[] = [];
  let clock = 0;
  return {
    renders,
    forgotten,
    now: () => (clock += 1),
    taggedKeys: (tag: string) => pages[tag] ?? [],
    refreshKey: async (key: string, since: number) => {
      renders.push({ key, since });
      await new Promise((resolve) => setTimeout(resolve, renderMs));
      return true;
    },
    forget: (key: string) => forgotten.push(key),
    announced: [] as string[][],
    announceChange(tags: string[]) {
      this.announced.push(tags);
    },
  };
}

describe('the page refresher', () => {
  const pages = { 'product:1': ['/en-ch/products/a-p1|', '/en-ch/products/a-p1|de'], 'product:2': ['/de-de/b-p2|'] };

  it('renders each page showing a changed product once for a burst of changes, and no other page', async () => {
    const cache = cacheOf(pages);
    const refresher = pageRefresher({ cache, delayMs: 5, now: cache.now });
    for (let n = 0; n < 20; n += 1) refresher.changed(['product:1']);
    refresher.changed(['product:3']); // shown by no stored page
    await refresher.idle();
    expect(cache.renders.map((r) => r.key)).toEqual(pages['product:1']);
    expect(refresher.stats).toMatchObject({ refreshed: 2, dropped: 0 });
    // Each change is told to the other site processes, which drop what this one does not hold.
    expect(cache.announced).toHaveLength(21);
    expect(cache.announced.at(-1)).toEqual(['product:3']);
  });

  it('renders a page again when it changes while its render is under way', async () => {
    const cache = cacheOf(pages, 30);
    const refresher = pageRefresher({ cache, delayMs: 5, now: cache.now });
    refresher.changed(['product:2']);
    await eventually(() => cache.renders.length === 1);
    refresher.changed(['product:2']); // the render under way may have read the data before this
    await refresher.idle();
    expect(cache.renders.map((r) => r.key)).toEqual(['/de-de/b-p2|', '/de-de/b-p2|']);
    // The second render is asked for the later change.
    const [first, second] = cache.renders.map((render) => render.since);
    expect(second).toBeGreaterThan(first ?? Infinity);
  });

  it('drops the pages beyond its queue from the cache instead of falling behind', async () => {
    const cache = cacheOf(pages);
    const refresher = pageRefresher({ cache, delayMs: 5, maxQueued: 1, now: cache.now });
    refresher.changed(['product:1', 'product:2']);
    await refresher.idle();
    expect(cache.renders.map((r) => r.key)).toEqual(['/en-ch/products/a-p1|']);
    expect(cache.forgotten).toEqual(['/en-ch/products/a-p1|de', '/de-de/b-p2|']);
    expect(refresher.stats.dropped).toBe(2);
  });
});

describe('the site following page changes on the embedded event log', () => {
  let dir: string;
  let bus: EventBus;
  const logger = pino({ level: 'silent' });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pc-page-events-'));
    bus = openEmbeddedEventBus({ path: join(dir, 'log.sqlite') });
  });
  afterEach(async () => {
    await bus.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('tells the site which product, shop, listed product or category each event changed, from the newest record on', async () => {
    const offers = createEventPublisher(bus, 'offers');
    const catalog = createEventPublisher(bus, 'catalog');
    const offerOf = (productId: string) =>
      OfferChanged.fromPartial({ offerId: `o-${productId}`, offer: { id: `o-${productId}`, productId } });
    // Before the site listens: an empty cache has nothing to bring up to date, so it is not heard.
    await offers.publish(Events.offerChanged, 'k', offerOf('before'));

    const heard: string[] = [];
    const follower = followPageChanges({
      bus,
      logger,
      group: 'web.pages.test.3000',
      changed: (tags: string[]) => heard.push(...tags),
    });
    await follower.started;
    // The group takes its place at the newest record once it has its partitions: knock until heard.
    await eventually(async () => {
      await offers.publish(Events.offerChanged, 'k', offerOf('probe'));
      return heard.includes('product:probe');
    });
    await offers.publish(Events.offerChanged, 'k', offerOf('41'));
    await offers.publish(
      Events.productPriceChanged,
      '42',
      ProductPriceChanged.fromPartial({ productId: '42', country: 'CH' }),
    );
    await catalog.publish(Events.productChanged, '43', ProductChanged.fromPartial({ productId: '43' }));
    // A new variant of a model: its siblings' pages (ADR 138); a renamed one: its old and new model's.
    await catalog.publish(
      Events.productCreated,
      '46',
      ProductCreated.fromPartial({ productId: '46', modelKey: 'zeta|9 nova smartphone zeta' }),
    );
    await catalog.publish(
      Events.productChanged,
      '47',
      ProductChanged.fromPartial({ productId: '47', modelKey: 'zeta|10 nova', previousModelKey: 'zeta|9 nova' }),
    );
    // A shop's reviews changed and its rating did not (an owner's reply, ADR 119): its page changed.
    await offers.publish(
      Events.shopChanged,
      's8',
      ShopChanged.fromPartial({ shopId: 's8', version: 4, changedFields: ['reviews'] }),
    );
    await offers.publish(Events.shopDeleted, 's9', ShopDeleted.fromPartial({ shopId: 's9' }));
    await createEventPublisher(bus, 'search').publish(
      Events.listingsChanged,
      '44',
      ListingsChanged.fromPartial({ productIds: ['44', '45'] }),
    );
    // A category renamed or deleted: every page naming categories, and product pages naming it (ADR 131).
    await catalog.publish(Events.categoryChanged, 'c1', CategoryChanged.fromPartial({ categoryId: 'c1', version: 3 }));
    await catalog.publish(Events.categoryDeleted, 'c2', CategoryDeleted.fromPartial({ categoryId: 'c2', version: 5 }));
    const tags = [
      'product:41',
      'product:42',
      'product:43',
      'product:46',
      ...modelTags('zeta|9 nova smartphone zeta'),
      'product:47',
      ...modelTags('zeta|10 nova'),
      ...modelTags('zeta|9 nova'),
      'shop:s8',
      'shop:s9',
      'listing:44',
      'listing:45',
      'categories',
      'category:c1',
      'category:c2',
    ];
    await eventually(() => tags.every((tag) => heard.includes(tag)));
    await follower.stop();
    // The tag the site gives its pages and parts of that model, spaces and all.
    expect(heard).toContain('model:zeta%7C9%20nova%20smartphone%20zeta');
    expect(heard).not.toContain('product:before');
  });

  it('says it follows the bus once subscribed and settled, again and again, and no more once stopped', async () => {
    const sayings: { since: number; forMs: number; at: number }[] = [];
    const subscribing = Date.now();
    const follower = followPageChanges({
      bus,
      logger,
      group: 'web.pages.test.3001',
      changed: () => undefined,
      followed: (since: number, forMs: number) => sayings.push({ since, forMs, at: Date.now() }),
      settleMs: 150,
      everyMs: 50,
      forMs: 400,
    });
    await follower.started;
    await eventually(() => sayings.length >= 3);
    await follower.stop();
    const said = sayings.length;
    // Not before it settled; from then on, one moment every change is heard from, held 400 ms each time.
    expect(sayings[0]!.since).toBeGreaterThanOrEqual(subscribing + 150);
    expect(new Set(sayings.map((saying) => saying.since)).size).toBe(1);
    expect(sayings.every((saying) => saying.forMs === 400)).toBe(true);
    expect(sayings[2]!.at - sayings[0]!.at).toBeGreaterThanOrEqual(90);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sayings).toHaveLength(said);
  });

  it('says nothing more once its member stops hearing from the bus, though the follower runs on', async () => {
    const sayings: number[] = [];
    const warnings: string[] = [];
    const follower = followPageChanges({
      bus,
      logger: pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line).msg) }),
      group: 'web.pages.test.3002',
      changed: () => undefined,
      followed: () => sayings.push(Date.now()),
      settleMs: 100,
      everyMs: 50,
      forMs: 400,
      heardWithinMs: 1_000,
    });
    await follower.started;
    await eventually(() => sayings.length >= 3);
    // The log closes under the follower: its member is stopped and hears nothing from then on.
    await bus.close();
    const closedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await follower.stop();
    expect(sayings.filter((at) => at > closedAt + 1_000)).toEqual([]);
    expect(sayings.filter((at) => at > closedAt).length).toBeGreaterThan(0); // heard lately at first
    expect(warnings).toContain('not in touch with the event bus; page parts keep their short age');
  });
});

describe('the bus the site follows', () => {
  it('is the services’ choice: the embedded log under DATA_DIR by default, Kafka only with its brokers', () => {
    expect(loadEdgeConfig({})).toMatchObject({ EVENT_BUS: 'embedded', DATA_DIR: '.data' });
    expect(loadEdgeConfig({ EVENT_BUS: 'kafka', KAFKA_BROKERS: 'k1:9092' })).toMatchObject({ EVENT_BUS: 'kafka' });
    expect(() => loadEdgeConfig({ EVENT_BUS: 'kafka' })).toThrow(/KAFKA_BROKERS/);
  });

  it('in a group of each site process’s own, so that every site hears every change', () => {
    expect(pageGroup(3000, 'web-7d9f-x2')).toBe('web.pages.web-7d9f-x2.3000');
    expect(pageGroup(3752, 'Bench_Host')).not.toBe(pageGroup(3751, 'Bench_Host'));
  });
});
