import { FeedHealth, type FeedHealthChange } from '@pc/proto/offers/events/v1/events';
import { FeedStatus, ShopStatus } from '@pc/proto/offers/v1/types';
import type { Outbox } from '@pc/kit/events/outbox';
import { failingSinceAfter, feedHealthIsTold, feedHealthStep, type FeedFetchVerdict } from '../domain/feed-health.js';
import type { FeedFetchRecord, FeedRecord, FeedRemovalRecord } from '../domain/shop-record.js';
import { shopChanged } from '../events/shop-events.js';
import type { ShopRepository } from '../store/shop-repository.js';
import { mutateShop } from './shop-mutation.js';

/**
 * Stores a fetch's (or an upload's) analysis as the feed's last fetch. Its status follows: a
 * success makes it ACTIVE, a failure FAILING, a DISABLED feed stays so. A status change is a
 * ShopChanged (the crawler and the shop settings follow the feed's state), and so is a pending
 * shop's first good analysis (`feeds_analysed_at`, spec §4); another analysis alone changes no
 * version. An older fetch than the stored one (a redelivery) changes nothing, and so
 * does a fetch of a feed that was deleted meanwhile. `removal`: the feed's missing offers are
 * due for delisting (a complete, successful fetch). `verdict` (a crawler's fetch, or an owner's
 * upload of the feed, which works — ADR 129): whether the feed turned failing or recovered for its
 * owner (domain/feed-health.ts), stored with the fetch and announced in its ShopChanged
 * (`feed_health`), so a redelivered fetch announces nothing again and a crash loses nothing (the
 * write and its event are one). The feed keeps since when it fails (`failingSince`), which shop
 * settings show beside the last fetch's reason.
 */
export async function recordFeedFetch(
  deps: { readonly shops: ShopRepository; readonly outbox: Outbox; readonly clock: () => Date },
  shopId: string,
  feedId: string,
  lastFetch: FeedFetchRecord,
  removal: FeedRemovalRecord | null = null,
  verdict: FeedFetchVerdict | null = null,
): Promise<boolean> {
  let recorded = false;
  await mutateShop(deps, shopId, (shop, now) => {
    const feed = shop.feeds.find((candidate) => candidate.id === feedId);
    if (!feed || (feed.lastFetch && feed.lastFetch.fetchedAt >= lastFetch.fetchedAt)) return null;
    recorded = true;
    const status =
      feed.status === FeedStatus.FEED_STATUS_DISABLED
        ? feed.status
        : lastFetch.succeeded
          ? FeedStatus.FEED_STATUS_ACTIVE
          : FeedStatus.FEED_STATUS_FAILING;
    // Timed by the fetch, not by when it is handled: a backlog handled at once keeps its spacing.
    const health =
      verdict && feedHealthIsTold(shop, feed)
        ? feedHealthStep(feed.healthNotice, verdict, new Date(lastFetch.fetchedAt))
        : null;
    const next: FeedRecord = {
      ...feed,
      lastFetch,
      failingSince: failingSinceAfter(feed, lastFetch),
      status,
      pendingRemoval: removal ?? feed.pendingRemoval ?? null,
      updatedAt: now.toISOString(),
      ...(health && { healthNotice: health.told }),
    };
    const feeds = shop.feeds.map((candidate) => (candidate.id === feedId ? next : candidate));
    const feedRemovalPending = feeds.some((candidate) => candidate.pendingRemoval);
    // Spec §4 "product feeds analysed": the first good analysis after the subscription started.
    const analysed =
      lastFetch.succeeded && shop.status === ShopStatus.SHOP_STATUS_PENDING_ACTIVATION && !shop.feedsAnalysedAt;
    const turn = verdict && health?.turn ? feedHealthChange(feedId, health.turn, verdict) : undefined;
    if (status === feed.status && !analysed && !turn)
      return { next: { ...shop, feeds, feedRemovalPending }, events: [] };
    const feedsAnalysedAt = analysed ? now.toISOString() : (shop.feedsAnalysedAt ?? null);
    const changed = {
      ...shop,
      feeds,
      feedRemovalPending,
      feedsAnalysedAt,
      version: shop.version + 1,
      updatedAt: now.toISOString(),
    };
    const fields = [...(status !== feed.status || turn ? ['feeds'] : []), ...(analysed ? ['feeds_analysed_at'] : [])];
    return { next: changed, events: [shopChanged(changed, shop.status, fields, now, turn)] };
  }).catch((error: unknown) => {
    // The shop was deleted meanwhile: nothing to record.
    if ((error as { kind?: string }).kind !== 'not_found') throw error;
  });
  return recorded;
}

function feedHealthChange(feedId: string, turn: 'failing' | 'recovered', verdict: FeedFetchVerdict): FeedHealthChange {
  if (turn === 'recovered' || verdict.works)
    return { feedId, health: FeedHealth.FEED_HEALTH_RECOVERED, reason: '', detail: '', httpStatus: 0 };
  return {
    feedId,
    health: FeedHealth.FEED_HEALTH_FAILING,
    reason: verdict.reason,
    detail: verdict.detail,
    httpStatus: verdict.httpStatus,
  };
}
