import { FeedStatus, ShopStatus } from '@pc/proto/offers/v1/types';
import type { FeedRecord, ShopRecord } from './shop-record.js';

/**
 * Since when a FAILING feed fails (the start of its run of failures), null for a feed that is not
 * failing. A feed stored before runs were kept dates its run from its last failed fetch.
 */
export function feedFailingSince(feed: FeedRecord): string | null {
  const last = feed.lastFetch;
  if (feed.status !== FeedStatus.FEED_STATUS_FAILING || !last || last.succeeded) return null;
  return feed.failingSince ?? last.fetchedAt;
}

/** The shop's failing feeds, the longest failing first (staff's list of failing feeds, ADR 128). */
export function failingFeedsOf(shop: ShopRecord): { readonly feed: FeedRecord; readonly since: string }[] {
  if (shop.status === ShopStatus.SHOP_STATUS_DELETED) return [];
  return shop.feeds
    .flatMap((feed) => {
      const since = feedFailingSince(feed);
      return since ? [{ feed, since }] : [];
    })
    .sort((a, b) => (a.since < b.since ? -1 : a.since > b.since ? 1 : 0));
}

/**
 * The shop with `failingFeedSince` as its feeds say: the earliest start of a failing feed's run,
 * absent when none fails (or the shop is deleted). Derived on every write of the shop, so the
 * failing shops are one indexed query, longest failing first.
 */
export function withFailingFeedSince<T extends ShopRecord>(shop: T): T {
  const { failingFeedSince: _stored, ...rest } = shop;
  const since = failingFeedsOf(shop)[0]?.since;
  return (since ? { ...rest, failingFeedSince: since } : rest) as T;
}
