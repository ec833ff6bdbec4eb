import { FeedFormat, FeedStatus, ShopStatus, SuspensionReason, type Feed, type Shop } from '@pc/proto/offers/v1/types';
import type { FeedFormatName } from './forms';
import {
  FEED_FAILURE_REASONS,
  type FeedFailureReasonName,
  type FeedStatusName,
  type FeedView,
  type ShopDetailsView,
  type ShopStage,
  type ShopView,
} from './shop-stage';

/** The owner's reading of offers' status (ShopStatus plus the "feeds analysed" milestone and the suspension's reason). */
export function shopStage(shop: Pick<Shop, 'status' | 'feedsAnalysedAt' | 'suspensionReason'>): ShopStage {
  switch (shop.status) {
    case ShopStatus.SHOP_STATUS_PENDING_ACTIVATION:
      return shop.feedsAnalysedAt ? 'feedsAnalysed' : 'subscriptionStarted';
    case ShopStatus.SHOP_STATUS_ACTIVE:
      return 'active';
    case ShopStatus.SHOP_STATUS_SUSPENDED:
      return shop.suspensionReason === SuspensionReason.SUSPENSION_REASON_STAFF ? 'suspendedStaff' : 'suspendedPayment';
    default:
      return 'awaitingPayment';
  }
}

export function shopView(shop: Shop): ShopView {
  return {
    id: shop.id,
    name: shop.name,
    domain: shop.domain,
    homepageUrl: shop.homepageUrl,
    stage: shopStage(shop),
    confirmed: shop.confirmed,
    registeredAt: shop.registeredAt?.toISOString() ?? '',
    offersCount: shop.offersCount,
    feedsCount: shop.feeds.length,
    feedsFailing: feedsFailing(shop.feeds),
  };
}

/**
 * The dashboard's warning of a shop's failing feeds: the feeds `FAILING` with a run's start, as
 * shop settings show them (a disabled or pending feed's failed fetch is old news), and the
 * earliest start — the offers the owner loses first.
 */
export function feedsFailing(feeds: readonly Feed[]): ShopView['feedsFailing'] {
  const starts = feeds.flatMap((feed) =>
    feed.status === FeedStatus.FEED_STATUS_FAILING && feed.failingSince ? [feed.failingSince.getTime()] : [],
  );
  return starts.length === 0 ? null : { count: starts.length, since: new Date(Math.min(...starts)).toISOString() };
}

export function shopDetailsView(shop: Shop): ShopDetailsView {
  return {
    name: shop.name,
    description: shop.description,
    company: shop.company,
    commercial_register_number: shop.commercialRegisterNumber,
    line1: shop.address?.line1 ?? '',
    line2: shop.address?.line2 ?? '',
    zip_code: shop.address?.zipCode ?? '',
    city: shop.address?.city ?? '',
    country: shop.address?.country ?? '',
    phone: shop.phone,
    email: shop.email,
  };
}

const FEED_STATUS: Readonly<Record<number, FeedStatusName>> = {
  [FeedStatus.FEED_STATUS_ACTIVE]: 'active',
  [FeedStatus.FEED_STATUS_FAILING]: 'failing',
  [FeedStatus.FEED_STATUS_DISABLED]: 'disabled',
};

const FORMAT_NAMES: Readonly<Record<number, FeedFormatName>> = {
  [FeedFormat.FEED_FORMAT_CSV]: 'csv',
  [FeedFormat.FEED_FORMAT_TSV]: 'tsv',
  [FeedFormat.FEED_FORMAT_GOOGLE_MERCHANT_XML]: 'google',
};

export const FEED_FORMAT_OF: Readonly<Record<FeedFormatName, FeedFormat>> = {
  detect: FeedFormat.FEED_FORMAT_UNSPECIFIED,
  csv: FeedFormat.FEED_FORMAT_CSV,
  tsv: FeedFormat.FEED_FORMAT_TSV,
  google: FeedFormat.FEED_FORMAT_GOOGLE_MERCHANT_XML,
};

/** A code offers added after this site was built, or none (a fetch the crawler cut short): "the fetch failed". */
const failureReasonOf = (code: string): FeedFailureReasonName =>
  (FEED_FAILURE_REASONS as readonly string[]).includes(code) ? (code as FeedFailureReasonName) : 'other';

export function feedView(feed: Feed): FeedView {
  const last = feed.lastFetch;
  // A disabled or pending feed's failed last fetch is old news: only a failing feed says why.
  const failingSince = feed.status === FeedStatus.FEED_STATUS_FAILING ? feed.failingSince : undefined;
  return {
    id: feed.id,
    url: feed.url,
    format: FORMAT_NAMES[feed.format] ?? 'detect',
    status: FEED_STATUS[feed.status] ?? 'pending',
    lastAnalysis: last
      ? {
          at: last.fetchedAt?.toISOString() ?? '',
          succeeded: last.succeeded,
          httpStatus: last.httpStatus,
          total: last.itemsTotal,
          valid: last.itemsValid,
          invalid: last.itemsInvalid,
          message: last.message,
          issues: last.issues.slice(0, 20),
        }
      : null,
    failure: failingSince
      ? { since: failingSince.toISOString(), reason: failureReasonOf(last?.failureReason ?? '') }
      : null,
  };
}
