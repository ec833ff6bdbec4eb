import { FeedStatus, SuspensionReason, type Feed, type Shop, type ShopRef } from '@pc/proto/offers/v1/types';
import { toShopRatingMessage } from './shop-rating.js';
import { isGreen, suspensionOf, type FeedRecord, type ShopRecord } from './shop-record.js';

/** The shop beside an offer; its rating comes with the shop record every offer read loads anyway. */
export const toShopRef = (shop: ShopRecord): ShopRef => ({
  id: shop._id,
  name: shop.name,
  faviconUrl: shop.faviconUrl,
  domain: shop.domain,
  rating: toShopRatingMessage(shop.rating),
});

const date = (iso: string | null): Date | undefined => (iso ? new Date(iso) : undefined);

/** While the last fetch failed, since when; a feed stored before runs were kept: its last fetch. */
function failingSinceOf(feed: FeedRecord): Date | undefined {
  const last = feed.lastFetch;
  if (!last || last.succeeded) return undefined;
  return new Date(feed.failingSince ?? last.fetchedAt);
}

export function toFeedMessage(shopId: string, feed: FeedRecord): Feed {
  return {
    id: feed.id,
    shopId,
    url: feed.url,
    format: feed.format,
    country: feed.country,
    currency: feed.currency,
    language: feed.language,
    fetchIntervalMinutes: feed.fetchIntervalMinutes,
    status: feed.status as FeedStatus,
    lastFetch: feed.lastFetch
      ? {
          fetchedAt: new Date(feed.lastFetch.fetchedAt),
          httpStatus: feed.lastFetch.httpStatus,
          succeeded: feed.lastFetch.succeeded,
          itemsTotal: feed.lastFetch.itemsTotal,
          itemsValid: feed.lastFetch.itemsValid,
          itemsInvalid: feed.lastFetch.itemsInvalid,
          message: feed.lastFetch.message,
          issues: [...feed.lastFetch.issues],
          failureReason: feed.lastFetch.failureReason ?? '',
        }
      : undefined,
    createdAt: date(feed.createdAt),
    updatedAt: date(feed.updatedAt),
    failingSince: failingSinceOf(feed),
  };
}

/**
 * The shop message. Public readers get the directory fields only; `withPrivate` (owner, admin,
 * events) adds contact, company, feeds and URL parameters.
 */
export function toShopMessage(shop: ShopRecord, options: { withPrivate: boolean; offersCount?: number }): Shop {
  const { withPrivate } = options;
  return {
    id: shop._id,
    name: shop.name,
    faviconUrl: shop.faviconUrl,
    logoUrl: shop.logoUrl,
    domain: shop.domain,
    homepageUrl: shop.homepageUrl,
    description: shop.description,
    countries: [...shop.countries],
    offersCount: options.offersCount ?? shop.offersCount,
    status: shop.status,
    confirmed: shop.confirmed,
    registeredAt: date(shop.registeredAt),
    confirmedAt: date(shop.confirmedAt),
    ownerUserId: shop.ownerUserId,
    company: withPrivate ? shop.company : '',
    commercialRegisterNumber: withPrivate ? shop.commercialRegisterNumber : '',
    address: withPrivate ? { ...shop.address } : undefined,
    phone: withPrivate ? shop.phone : '',
    email: withPrivate ? shop.email : '',
    feeds: withPrivate ? shop.feeds.map((feed) => toFeedMessage(shop._id, feed)) : [],
    urlParameters: withPrivate ? shop.urlParameters.map((p) => ({ ...p })) : [],
    updatedAt: date(shop.updatedAt),
    version: shop.version,
    feedsAnalysedAt: withPrivate ? date(shop.feedsAnalysedAt ?? null) : undefined,
    suspensionReason: withPrivate ? suspensionOf(shop) : SuspensionReason.SUSPENSION_REASON_UNSPECIFIED,
    green: isGreen(shop),
    rating: toShopRatingMessage(shop.rating),
  };
}
