import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import type { User } from '@pc/proto/accounts/v1/types';
import { EntitySort } from '@pc/proto/common/v1/sort';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { comparePicks, favourites, ownSessions, recentlyViewed } from '~/services/accounts.server';
import { affiliates } from '~/services/affiliates.server';
import { billing } from '~/services/billing.server';
import { batchGetProducts, listOwnReviews } from '~/services/catalog.server';
import { notifications } from '~/services/notifications.server';
import { offers } from '~/services/offers.server';
import { listOwnShopReviews } from '~/services/shop-reviews.server';
import { allPages } from './all-pages';
import { accountDataJson, productIdsOf, type AccountDataJson, type AccountDataParts } from './data-export-json.server';

/** The largest page every list call here takes. */
const PAGE = 100;

/**
 * How far a list is read: accounts keeps at most 50 lists of 1,000 products and notifications
 * 100 alerts, so those lists are read whole; the alert firings, the notification log and the
 * invoices grow with time and are read up to their newest 10,000 each (ADR 148).
 */
const LIST_PAGES = 10;
const LOG_PAGES = 100;

const pagesOf = (page: { pages: number } | undefined) => page?.pages ?? 0;

async function favouriteLists(actorUserId: string): Promise<AccountDataParts['favourites']> {
  const { lists } = await favourites.lists(actorUserId);
  return Promise.all(
    lists.map(async (list) => ({
      list,
      items: await allPages(async (page) => {
        const answer = await favourites.list(actorUserId, list.id, page, PAGE);
        return { items: answer.items, pages: pagesOf(answer.page) };
      }, LIST_PAGES),
    })),
  );
}

const priceAlerts = (actorUserId: string) =>
  allPages(async (page) => {
    const answer = await notifications.listPriceAlerts({
      actorUserId,
      productId: '',
      country: '',
      states: [],
      page: { page, hitsPerPage: PAGE },
    });
    return { items: answer.alerts, pages: pagesOf(answer.page) };
  }, LIST_PAGES);

const alertFirings = (actorUserId: string) =>
  allPages(async (page) => {
    const answer = await notifications.listAlertFirings({
      actorUserId,
      alertId: '',
      page: { page, hitsPerPage: PAGE },
    });
    return { items: answer.firings, pages: pagesOf(answer.page) };
  }, LOG_PAGES);

const notificationLog = (actorUserId: string) =>
  allPages(async (page) => {
    const answer = await notifications.listNotifications({
      actorUserId,
      userId: '',
      username: '',
      page: { page, hitsPerPage: PAGE },
    });
    return { items: answer.notifications, pages: pagesOf(answer.page) };
  }, LOG_PAGES);

/** Every shop of the owner but deleted ones, with their private fields (offers checks the owner). */
const OWN_STATUSES = [
  ShopStatus.SHOP_STATUS_AWAITING_PAYMENT_METHOD,
  ShopStatus.SHOP_STATUS_PENDING_ACTIVATION,
  ShopStatus.SHOP_STATUS_ACTIVE,
  ShopStatus.SHOP_STATUS_SUSPENDED,
];

const ownShops = (actorUserId: string) =>
  allPages(async (page) => {
    const answer = await offers.listShops({
      ownerUserId: actorUserId,
      actorUserId,
      statuses: OWN_STATUSES,
      country: '',
      domain: '',
      sort: EntitySort.ENTITY_SORT_NAME,
      page: { page, hitsPerPage: PAGE },
    });
    return { items: answer.shops, pages: pagesOf(answer.page) };
  }, LIST_PAGES);

/** Billing answers NOT_FOUND (NO_SUBSCRIPTION) before the first subscription starts: none to copy. */
async function subscriptionOf(actorUserId: string) {
  try {
    return (await billing.getSubscription({ actorUserId, userId: '' })).subscription;
  } catch (error) {
    if (error instanceof RpcError && error.code === GrpcStatus.NOT_FOUND) return undefined;
    throw error;
  }
}

const invoices = (actorUserId: string) =>
  allPages(async (page) => {
    const answer = await billing.listInvoices({
      actorUserId,
      userId: '',
      unpaidOnly: false,
      page: { page, hitsPerPage: PAGE },
    });
    return { items: answer.invoices, pages: pagesOf(answer.page) };
  }, LOG_PAGES);

/** A business account's shops and billing; billing checks the actor is a business user and reads only theirs. */
async function businessParts(actorUserId: string): Promise<NonNullable<AccountDataParts['business']>> {
  const [shops, subscription, method, invoiceList] = await Promise.all([
    ownShops(actorUserId),
    subscriptionOf(actorUserId),
    billing.getPaymentMethod({ actorUserId }),
    invoices(actorUserId),
  ]);
  return {
    shops,
    subscription,
    card: method.paymentMethod,
    billingDetails: method.billingDetails,
    invoices: invoiceList,
  };
}

const productReviews = (actorUserId: string) =>
  allPages(async (page) => {
    const answer = await listOwnReviews(actorUserId, page, PAGE);
    return { items: answer.reviews, pages: pagesOf(answer.page) };
  }, LOG_PAGES);

const shopReviews = (actorUserId: string) =>
  allPages(async (page) => {
    const answer = await listOwnShopReviews(actorUserId, page, PAGE);
    return { items: answer.reviews, pages: pagesOf(answer.page) };
  }, LOG_PAGES);

const pushSubscriptions = (actorUserId: string) =>
  allPages(async (page) => {
    const answer = await notifications.listPushSubscriptions({ actorUserId, page: { page, hitsPerPage: PAGE } });
    return { items: answer.subscriptions, pages: pagesOf(answer.page) };
  }, LIST_PAGES);

const clicks = (actorUserId: string) =>
  allPages(async (page) => {
    const answer = await affiliates.listOwnClicks({ actorUserId, page: { page, hitsPerPage: PAGE } });
    return { items: answer.clicks, pages: pagesOf(answer.page) };
  }, LOG_PAGES);

/** Names of products in `language`, 100 ids a call (BatchGetProducts' most), the calls at once. */
async function productNames(productIds: readonly string[], language: string): Promise<Map<string, string>> {
  const chunks: string[][] = [];
  for (let i = 0; i < productIds.length; i += PAGE) chunks.push(productIds.slice(i, i + PAGE));
  const found = await Promise.all(chunks.map((ids) => batchGetProducts(ids, language)));
  return new Map(found.flat().map((product) => [product.id, product.name]));
}

/**
 * A copy of everything the services keep about the signed-in user that they can read for them
 * (ADR 148), every part read at once and every list whole. Each call names the user as its actor,
 * so every service checks it reads only their data. Any failed call fails the whole copy: a copy
 * that silently lacks a part is worse than none.
 */
export async function accountDataExport(user: User, language: string, now = new Date()): Promise<AccountDataJson> {
  const actor = user.id;
  const [
    favouriteParts,
    alerts,
    firings,
    notificationParts,
    recent,
    picks,
    reviews,
    shopReviewList,
    subscriptions,
    clickList,
    sessions,
    business,
  ] = await Promise.all([
    favouriteLists(actor),
    priceAlerts(actor),
    alertFirings(actor),
    notificationLog(actor),
    recentlyViewed.list(actor),
    comparePicks.get(actor),
    productReviews(actor),
    shopReviews(actor),
    pushSubscriptions(actor),
    clicks(actor),
    ownSessions.list(actor, ''),
    user.isBusiness ? businessParts(actor) : Promise.resolve(null),
  ]);
  const parts: AccountDataParts = {
    user,
    favourites: favouriteParts,
    alerts,
    firings,
    notifications: notificationParts,
    recentlyViewed: recent.items,
    comparePicks: picks.productIds,
    productReviews: reviews,
    shopReviews: shopReviewList,
    pushSubscriptions: subscriptions,
    clicks: clickList,
    sessions,
    business,
  };
  const names = await productNames(productIdsOf(parts), language);
  return accountDataJson(parts, names, now);
}
