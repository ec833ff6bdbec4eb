import { FeedStatus, type Feed } from '@pc/proto/offers/v1/types';

/** A feed's status, keyed under `shops.feeds.status.` in the admin messages. */
export type ShopFeedStatus = 'pending' | 'active' | 'failing' | 'disabled';

const STATUS_NAMES: Readonly<Partial<Record<FeedStatus, ShopFeedStatus>>> = {
  [FeedStatus.FEED_STATUS_ACTIVE]: 'active',
  [FeedStatus.FEED_STATUS_FAILING]: 'failing',
  [FeedStatus.FEED_STATUS_DISABLED]: 'disabled',
};

/** One feed of a shop as its admin page shows it (ADR 128). */
export interface ShopFeedRow {
  readonly id: string;
  readonly url: string;
  readonly status: ShopFeedStatus;
  /** A failing feed's run start (ISO); '' for a feed that does not fail. */
  readonly failingSince: string;
  /** A failing feed's reason code (`not_found`, `timeout`, …, the failing feeds page's); '' when none. */
  readonly reason: string;
  /** The crawler's words for a failing feed's last fetch. */
  readonly lastError: string;
  readonly httpStatus: number;
}

/**
 * Offers' feed for the shop page. Only a `FAILING` feed says since when and why: a switched-off
 * or pending feed's failed last fetch is old news, as the owner's settings read it.
 */
export function shopFeedRow(feed: Feed): ShopFeedRow {
  const status = STATUS_NAMES[feed.status] ?? 'pending';
  const failing = status === 'failing';
  const last = feed.lastFetch;
  return {
    id: feed.id,
    url: feed.url,
    status,
    failingSince: failing ? (feed.failingSince?.toISOString() ?? '') : '',
    reason: failing ? (last?.failureReason ?? '') : '',
    lastError: failing ? (last?.message ?? '') : '',
    httpStatus: failing ? (last?.httpStatus ?? 0) : 0,
  };
}
