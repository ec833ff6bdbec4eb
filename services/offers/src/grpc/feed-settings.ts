import { randomUUID } from 'node:crypto';
import { FeedStatus } from '@pc/proto/offers/v1/types';
import type {
  AddFeedRequest,
  AddFeedResponse,
  DeleteFeedRequest,
  DeleteFeedResponse,
  ListFeedsRequest,
  ListFeedsResponse,
  SetUrlParametersRequest,
  SetUrlParametersResponse,
  UpdateFeedRequest,
  UpdateFeedResponse,
} from '@pc/proto/offers/v1/offers';
import {
  AlreadyExistsError,
  InvalidArgumentError,
  NotFoundError,
  PermissionDeniedError,
  UnauthenticatedError,
} from '@pc/kit/errors/domain-errors';
import { countryCurrency } from '../domain/currency.js';
import { countryLanguage, FEED_INTERVAL_MINUTES, FeedInputChecks, MAX_FEEDS_PER_SHOP } from '../domain/feed-input.js';
import { toFeedMessage } from '../domain/shop-message.js';
import type { FeedRecord, ShopRecord } from '../domain/shop-record.js';
import { isDeleted, isListed } from '../domain/shop-record.js';
import { shopChanged } from '../events/shop-events.js';
import { mutateShop } from '../workflows/shop-mutation.js';
import type { OffersDependencies } from './dependencies.js';
import { RequestChecks } from './request-fields.js';

function ids(fields: Record<string, string>): Record<string, string> {
  const checks = new RequestChecks();
  const result = Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, checks.id(field, value)]));
  checks.done();
  return result;
}

/** A write that changes the shop's feeds or URL parameters: next version, ShopChanged naming the field. */
function changed(shop: ShopRecord, patch: Partial<ShopRecord>, field: 'feeds' | 'url_parameters', now: Date) {
  const next = { ...shop, ...patch, version: shop.version + 1, updatedAt: now.toISOString() } as ShopRecord;
  return { next, events: [shopChanged(next, shop.status, [field], now)] };
}

/** The feed's id on the shop, or NOT_FOUND. */
function feedOf(shop: ShopRecord, feedId: string): FeedRecord {
  const feed = shop.feeds.find((candidate) => candidate.id === feedId);
  if (!feed) throw new NotFoundError('feed', feedId);
  return feed;
}

/**
 * ListFeeds: the shop's feeds with their last fetch, for its owner and admins. A signed-in user
 * who may not see the shop's settings gets PERMISSION_DENIED for a listed shop and NOT_FOUND for
 * one outside the directory (its existence is not theirs to learn); no actor is UNAUTHENTICATED.
 */
export async function listFeeds(request: ListFeedsRequest, deps: OffersDependencies): Promise<ListFeedsResponse> {
  const { shop_id: shopId } = ids({ shop_id: request.shopId });
  if (!request.actorUserId)
    throw new UnauthenticatedError('the feeds of a shop are for its owner (actor_user_id) or an admin');
  const shop = await deps.shops.get(shopId as string);
  if (!shop || isDeleted(shop)) throw new NotFoundError('shop', shopId as string);
  if (!(await deps.actors.isPrivileged(request.actorUserId, shop))) {
    if (!isListed(shop)) throw new NotFoundError('shop', shopId as string);
    throw new PermissionDeniedError('only the shop owner or an admin may see its feeds');
  }
  return { feeds: shop.feeds.map((feed) => toFeedMessage(shop._id, feed)) };
}

/** AddFeed: a PENDING feed with the shop's defaults; ShopChanged lets the crawler schedule it. */
export async function addFeed(request: AddFeedRequest, deps: OffersDependencies): Promise<AddFeedResponse> {
  const { shop_id: shopId } = ids({ shop_id: request.shopId });
  const checks = new FeedInputChecks();
  const url = checks.feedUrl('url', request.url);
  const format = checks.format('format', request.format);
  const country = checks.country('country', request.country, false);
  const currency = checks.currencyCode('currency', request.currency, false);
  const language = checks.language('language', request.language, false);
  const interval =
    request.fetchIntervalMinutes === 0
      ? FEED_INTERVAL_MINUTES.default
      : checks.interval('fetch_interval_minutes', request.fetchIntervalMinutes);
  if (checks.violations.length > 0) throw new InvalidArgumentError(checks.violations);

  const written = await mutateShop(deps, shopId as string, async (shop, now) => {
    await deps.actors.requireShopWriter(request.actorUserId, shop);
    if (shop.feeds.some((feed) => feed.url === url))
      throw new AlreadyExistsError(`the shop already has a feed at ${url}`, { reason: 'FEED_ALREADY_EXISTS' });
    if (shop.feeds.length >= MAX_FEEDS_PER_SHOP)
      throw new InvalidArgumentError([
        { field: 'url', reason: `a shop has at most ${MAX_FEEDS_PER_SHOP} feeds`, rule: 'max' },
      ]);
    const feedCountry = country || shop.address.country || shop.countries[0] || 'CH';
    const at = now.toISOString();
    const added: FeedRecord = {
      id: `fd_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
      url,
      format,
      country: feedCountry,
      currency: currency || (countryCurrency(feedCountry) ?? 'CHF'),
      language: language || countryLanguage(feedCountry),
      fetchIntervalMinutes: interval,
      status: FeedStatus.FEED_STATUS_PENDING,
      createdAt: at,
      updatedAt: at,
      lastFetch: null,
      pendingRemoval: null,
    };
    return changed(shop, { feeds: [...shop.feeds, added] }, 'feeds', now);
  });
  const feed = written.feeds.find((candidate) => candidate.url === url);
  if (!feed) throw new NotFoundError('feed', url);
  return { feed: toFeedMessage(written._id, feed) };
}

/** UpdateFeed: only the set fields; a new URL or format, or re-enabling, makes it PENDING again. */
export async function updateFeed(request: UpdateFeedRequest, deps: OffersDependencies): Promise<UpdateFeedResponse> {
  const { shop_id: shopId, feed_id: feedId } = ids({ shop_id: request.shopId, feed_id: request.feedId });
  const checks = new FeedInputChecks();
  const url = request.url === undefined ? undefined : checks.feedUrl('url', request.url);
  const format = request.format === undefined ? undefined : checks.format('format', request.format);
  const country = request.country === undefined ? undefined : checks.country('country', request.country, true);
  const currency = request.currency === undefined ? undefined : checks.currencyCode('currency', request.currency, true);
  const language = request.language === undefined ? undefined : checks.language('language', request.language, true);
  const interval =
    request.fetchIntervalMinutes === undefined
      ? undefined
      : checks.interval('fetch_interval_minutes', request.fetchIntervalMinutes);
  if (checks.violations.length > 0) throw new InvalidArgumentError(checks.violations);

  const written = await mutateShop(deps, shopId as string, async (shop, now) => {
    await deps.actors.requireShopWriter(request.actorUserId, shop);
    const feed = feedOf(shop, feedId as string);
    if (url !== undefined && url !== feed.url && shop.feeds.some((other) => other.url === url))
      throw new AlreadyExistsError(`the shop already has a feed at ${url}`, { reason: 'FEED_ALREADY_EXISTS' });
    const patch: Partial<FeedRecord> = {
      ...(url !== undefined && { url }),
      ...(format !== undefined && { format }),
      ...(country !== undefined && { country }),
      ...(currency !== undefined && { currency }),
      ...(language !== undefined && { language }),
      ...(interval !== undefined && { fetchIntervalMinutes: interval }),
    };
    const fields = Object.keys(patch).filter((key) => patch[key as keyof FeedRecord] !== feed[key as keyof FeedRecord]);
    let status = feed.status;
    if (request.enabled === false) status = FeedStatus.FEED_STATUS_DISABLED;
    else if (request.enabled === true && feed.status === FeedStatus.FEED_STATUS_DISABLED)
      status = FeedStatus.FEED_STATUS_PENDING;
    if (status !== FeedStatus.FEED_STATUS_DISABLED && (fields.includes('url') || fields.includes('format')))
      status = FeedStatus.FEED_STATUS_PENDING;
    if (fields.length === 0 && status === feed.status) return null;
    const next: FeedRecord = { ...feed, ...patch, status, updatedAt: now.toISOString() };
    return changed(
      shop,
      { feeds: shop.feeds.map((candidate) => (candidate.id === feed.id ? next : candidate)) },
      'feeds',
      now,
    );
  });
  return { feed: toFeedMessage(written._id, feedOf(written, feedId as string)) };
}

/**
 * DeleteFeed: the feed goes; its offers are no longer refreshed by it and leave the listings
 * once stale (OFFERS_STALE_AFTER), unless another feed or the crawl keeps observing them.
 */
export async function deleteFeed(request: DeleteFeedRequest, deps: OffersDependencies): Promise<DeleteFeedResponse> {
  const { shop_id: shopId, feed_id: feedId } = ids({ shop_id: request.shopId, feed_id: request.feedId });
  await mutateShop(deps, shopId as string, async (shop, now) => {
    await deps.actors.requireShopWriter(request.actorUserId, shop);
    feedOf(shop, feedId as string);
    return changed(shop, { feeds: shop.feeds.filter((feed) => feed.id !== feedId) }, 'feeds', now);
  });
  return {};
}

/** SetUrlParameters: the complete new list (affiliates appends it to click-outs); unchanged, nothing is written. */
export async function setUrlParameters(
  request: SetUrlParametersRequest,
  deps: OffersDependencies,
): Promise<SetUrlParametersResponse> {
  const { shop_id: shopId } = ids({ shop_id: request.shopId });
  const checks = new FeedInputChecks();
  const parameters = checks.urlParameters('url_parameters', request.urlParameters);
  if (checks.violations.length > 0) throw new InvalidArgumentError(checks.violations);
  const written = await mutateShop(deps, shopId as string, async (shop, now) => {
    await deps.actors.requireShopWriter(request.actorUserId, shop);
    if (JSON.stringify(shop.urlParameters) === JSON.stringify(parameters)) return null;
    return changed(shop, { urlParameters: parameters }, 'url_parameters', now);
  });
  return { urlParameters: written.urlParameters.map((parameter) => ({ ...parameter })) };
}
