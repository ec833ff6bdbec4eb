import type { Logger } from 'pino';
import type { AccountDeleted } from '@pc/proto/accounts/events/v1/events';
import type { ClickRecorded } from '@pc/proto/affiliates/events/v1/events';
import type { SubscriptionChanged } from '@pc/proto/billing/events/v1/events';
import type { FeedFetched } from '@pc/proto/crawler/events/v1/events';
import { Events } from '@pc/proto/event-catalog';
import { on, subscribeEvents } from '@pc/kit/events/subscriber';
import type { EventBus, Subscription } from '@pc/kit/ports/event-bus';
import type { OfferIngest } from '../workflows/offer-ingest.js';
import type { OwnerNotices } from '../workflows/owner-notices.js';
import type { ProductMergeFollower } from '../workflows/product-merge-follower.js';
import { handleProductChanged } from './product-merged.js';

/** Consumer group of the offers service. */
export const OFFERS_GROUP = 'offers';
/** Consumer group of the owners' lifecycle e-mails (its own: a mail outage holds no ingest). */
export const OWNER_NOTICES_GROUP = 'offers-owner-notices';
/**
 * Consumer group of affiliates' clicks (the verified mark of shop reviews, ADR 119). Its own: every
 * click-out of the site is a record, in bursts unlike the crawl's; apart, neither's backlog waits
 * behind the other's, each keeps the retries it needs, and its lag is its own in the panel.
 */
export const SHOP_CLICKS_GROUP = 'offers-shop-clicks';

/**
 * A handler fails only on a dependency outage (catalog or the store unavailable): retrying then
 * holds the partition (per-item order) for about 80 s before the dead-letter
 * topic, instead of the default ~1.5 s that one catalog restart would exceed. Malformed
 * observations never fail (they are skipped and counted).
 */
export const OBSERVATION_RETRY = { maxAttempts: 10, initialBackoffMs: 200, maxBackoffMs: 30_000 };

/**
 * Everything offers consumes, in one place (docs/conventions.md §1): OfferObserved from the crawler
 * (and the seed), catalog's ProductChanged for merges (a merged product's offers move to the
 * surviving one), the crawler's FeedFetched (feed status, missing offers), billing's
 * SubscriptionChanged (the shop lifecycle) and accounts' AccountDeleted (the owner's shops go,
 * the user's shop reviews lose their author). Handlers are idempotent: an observation older than
 * the stored offer or equal to it changes nothing, a merge seen again finds nothing left to move, a
 * subscription version already held is skipped, a deleted account's shops are tombstones already
 * and its reviews carry no user id any more. affiliates' clicks have a group of their own (below).
 */
export function subscribeOffers(
  bus: EventBus,
  handlers: {
    ingest: OfferIngest;
    merges: ProductMergeFollower;
    feedFetched: (event: FeedFetched) => Promise<void>;
    subscriptionChanged: (event: SubscriptionChanged) => Promise<void>;
    accountDeleted: (event: AccountDeleted) => Promise<void>;
  },
  logger: Logger,
  concurrency: number,
): Promise<Subscription> {
  return subscribeEvents(bus, {
    group: OFFERS_GROUP,
    logger,
    retry: OBSERVATION_RETRY,
    concurrency,
    handlers: [
      on(Events.offerObserved, async (observation) => void (await handlers.ingest.ingest(observation))),
      on(Events.productChanged, handleProductChanged(handlers.merges)),
      on(Events.feedFetched, handlers.feedFetched),
      on(Events.subscriptionChanged, handlers.subscriptionChanged),
      on(Events.accountDeleted, handlers.accountDeleted),
    ],
  });
}

/**
 * affiliates' ClickRecorded: which shops a signed-in user followed a link to, and the verified
 * mark of the user's review written before the click arrived (events/click-recorded.ts). A
 * handler fails only while the store is down; it is retried, then the click goes to the
 * dead-letter topic (a review then merely lacks its verified mark).
 */
export function subscribeShopClicks(
  bus: EventBus,
  clickRecorded: (event: ClickRecorded) => Promise<void>,
  logger: Logger,
): Promise<Subscription> {
  return subscribeEvents(bus, {
    group: SHOP_CLICKS_GROUP,
    logger,
    retry: { maxAttempts: 8, initialBackoffMs: 200, maxBackoffMs: 30_000 },
    handlers: [on(Events.clickRecorded, clickRecorded)],
  });
}

/**
 * The owners' lifecycle e-mails (workflows/owner-notices.ts): offers' own shop events and
 * billing's SubscriptionChanged. `shopName` names a deleted shop (ShopDeleted carries only its
 * domain).
 */
export function subscribeOwnerNotices(
  bus: EventBus,
  notices: OwnerNotices,
  shopName: (shopId: string) => Promise<string>,
  logger: Logger,
): Promise<Subscription> {
  return subscribeEvents(bus, {
    group: OWNER_NOTICES_GROUP,
    logger,
    retry: { maxAttempts: 8, initialBackoffMs: 500, maxBackoffMs: 30_000 },
    handlers: [
      on(Events.shopRegistered, (event, meta) => notices.shopRegistered(event, meta)),
      on(Events.shopChanged, (event, meta) => notices.shopChanged(event, meta)),
      on(Events.shopDeleted, async (event, meta) => notices.shopDeleted(event, meta, await shopName(event.shopId))),
      on(Events.subscriptionChanged, (event, meta) => notices.subscriptionChanged(event, meta)),
    ],
  });
}
