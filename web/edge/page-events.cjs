// The site's ear on the event bus (ADR 082): the events that change what a product page shows —
// an offer's price, stock or shipping, the product's price summary, its data, a new review, a new
// variant of its model (ADR 138) —, a shop's page — the shop changed or deleted —, a list of products — search lists one
// differently (ADR 084) — and the pages naming categories — a category changed or deleted (ADR
// 131) — tell the site what changed: the micro-cache renders those stored pages
// again at once (or drops them, when they are gone) instead of serving the old price until they
// expire, and the page parts kept in memory that show them are dropped (ADR 093). Every site
// replica keeps its own, so each one hears every event: the consumer group is the replica's own
// (`web.pages.<host name>.<port>`), and it starts at the newest record — an empty cache has nothing to
// bring up to date. CommonJS, like the rest of the edge.
'use strict';
const os = require('node:os');
const { on, subscribeEvents } = require('@pc/kit/events/subscriber');
const { Events } = require('@pc/proto/event-catalog');
const { coalesceCategoryChanges, CATEGORY_WINDOW_MS } = require('./coalesce-category-changes.cjs');

const product = (id) => (id ? [`product:${id}`] : []);
const shop = (id) => (id ? [`shop:${id}`] : []);
const listings = (ids) => ids.map((id) => `listing:${id}`);
/**
 * The pages and parts listing a model's variants (ADR 138; web/app/site/cache-headers.ts
 * `modelTags`, encoded alike: a key holds spaces). A product created into a model, or renamed into
 * or out of one, changes its siblings' variants blocks.
 */
const models = (...keys) => [...new Set(keys.filter(Boolean))].map((key) => `model:${encodeURIComponent(key)}`);
/**
 * A category's change reaches every page that names categories (`categories`: the categories
 * page, category pages, filters and facets, the category names kept per language) and the product
 * pages whose trail names it (`category:<id>`). A burst of them is told once per window
 * (coalesce-category-changes.cjs).
 */
const category = (id) => ['categories', ...(id ? [`category:${id}`] : [])];

/** Each event the site follows, and the tags of the pages it changes. */
const PAGE_CHANGES = [
  [Events.offerChanged, (event) => product(event.offer?.productId)],
  [Events.productPriceChanged, (event) => product(event.productId)],
  [Events.productChanged, (event) => [...product(event.productId), ...models(event.modelKey, event.previousModelKey)]],
  // A new product is on no page yet but its model's: the variants blocks of its siblings.
  [Events.productCreated, (event) => [...product(event.productId), ...models(event.modelKey)]],
  [Events.reviewAdded, (event) => product(event.productId)],
  [Events.shopChanged, (event) => shop(event.shopId)],
  [Events.shopDeleted, (event) => shop(event.shopId)],
  // Search lists these products differently now (a price, a name): its list pages (ADR 084).
  [Events.listingsChanged, (event) => listings(event.productIds)],
  // A category's names, slugs or place in the tree changed, or it is gone (ADR 127, 131).
  [Events.categoryChanged, (event) => category(event.categoryId)],
  [Events.categoryDeleted, (event) => category(event.categoryId)],
];

/**
 * How often the follower says it still follows the bus, and how long each saying holds: the page
 * parts every change of which an event names live longer only while it is heard (ADR 101), so a
 * follower gone (a process stopped, the bus left) is noticed within 15 s.
 */
const FOLLOWED_EVERY_MS = 5_000;
const FOLLOWED_FOR_MS = 15_000;
/**
 * How long after subscribing the follower first says so: a new group takes its place at the
 * newest record only once it has its partitions (a Kafka group's first rebalance waits about
 * 3 s), and a change in between would go unheard.
 */
const FOLLOWED_SETTLE_MS = 10_000;
/**
 * A saying is made only if the group's member heard from the bus this recently (a heartbeat or
 * a fetch: every 0.25–0.5 s while in touch): a member cut off from the bus, crashed or stopped
 * stays subscribed but hears nothing.
 */
const HEARD_WITHIN_MS = 5_000;

/**
 * This site process's consumer group: by its host (a pod's name in a cluster) and its port (two
 * sites on one machine, as bench:web runs them, must not share the events between them).
 */
const pageGroup = (port, host = os.hostname()) => `web.pages.${host.toLowerCase().replace(/[^a-z0-9-]/g, '-')}.${port}`;

/**
 * Calls `changed(tags)` for each page-changing event of `bus` in `group` (pageGroup), and, once
 * subscribed and settled (`settleMs`), `followed(since, forMs)` then and every `everyMs` while its
 * member has heard from the bus within `heardWithinMs` (`since`: the moment from which every
 * change is heard; `forMs`: how long this saying holds). If the bus
 * refuses (a broker down, a topic not created yet), it tries again every `retryMs`: until then
 * pages simply live out their s-maxage. Category changes within `categoryWindowMs` of one told
 * are told together at the window's end. Returns `stop()`.
 */
function followPageChanges({
  bus,
  changed,
  followed = () => {},
  logger,
  group,
  retryMs = 10_000,
  everyMs = FOLLOWED_EVERY_MS,
  forMs = FOLLOWED_FOR_MS,
  settleMs = FOLLOWED_SETTLE_MS,
  heardWithinMs = HEARD_WITHIN_MS,
  categoryWindowMs = CATEGORY_WINDOW_MS,
}) {
  const tell = coalesceCategoryChanges(changed, { windowMs: categoryWindowMs });
  const handlers = PAGE_CHANGES.map(([type, tagsOf]) =>
    on(type, async (event) => {
      tell(tagsOf(event));
    }),
  );
  let subscription = null;
  let retry = null;
  let heartbeat = null;
  let stopped = false;
  let cutOff = false;
  /** Whether the member heard from the bus lately; logged when that changes. */
  const inTouch = () => {
    const heard = Date.now() - subscription.lastHeardAt() <= heardWithinMs;
    if (heard === cutOff) {
      cutOff = !heard;
      if (cutOff) logger.warn({ group }, 'not in touch with the event bus; page parts keep their short age');
      else logger.info({ group }, 'in touch with the event bus again');
    }
    return heard;
  };
  const subscribe = () =>
    subscribeEvents(bus, { group, handlers, logger, fromBeginning: false, concurrency: 16 }).then(
      (started) => {
        if (stopped) return started.stop();
        subscription = started;
        logger.info({ group }, 'following page changes on the event bus');
        heartbeat = setTimeout(() => {
          // From here on every change is heard: what was read before may have missed one. The
          // member resumes where it stopped when it is back in touch, so the moment holds.
          const since = Date.now();
          const sayIfHeard = () => {
            if (inTouch()) followed(since, forMs);
          };
          sayIfHeard();
          heartbeat = setInterval(sayIfHeard, everyMs);
          heartbeat.unref?.();
        }, settleMs);
        heartbeat.unref?.();
      },
      (error) => {
        if (stopped) return;
        logger.warn({ err: error, group, retryMs }, 'cannot follow page changes yet; pages expire by age meanwhile');
        retry = setTimeout(subscribe, retryMs);
        retry.unref?.();
      },
    );
  const started = subscribe();
  return {
    started,
    stop: async () => {
      stopped = true;
      tell.stop();
      clearTimeout(retry);
      clearInterval(heartbeat); // the settling timeout or the interval after it
      await subscription?.stop();
    },
  };
}

module.exports = { followPageChanges, pageGroup, PAGE_CHANGES };
