import type { OwnSession } from '@pc/proto/accounts/v1/accounts';
import type { FavouriteItem, FavouriteList, RecentlyViewedItem, User } from '@pc/proto/accounts/v1/types';
import {
  InvoiceStatus,
  SubscriptionStatus,
  type BillingDetails,
  type Invoice,
  type PaymentMethod,
  type Subscription,
} from '@pc/proto/billing/v1/types';
import type { AlertFiring, Notification, PriceAlert } from '@pc/proto/notifications/v1/types';
import { FeedFormat, type Feed, type Shop } from '@pc/proto/offers/v1/types';
import { alertJson, firingJson, notificationJson } from '~/api/mappers/alerts.server';
import { shopStatusKey } from '~/api/mappers/enum-keys.server';
import { isoTime, moneyJson, orNull } from '~/api/mappers/money.server';
import type { Review } from '@pc/proto/catalog/v1/types';
import type { OwnShopReview } from '@pc/proto/offers/v1/shop_reviews';
import type { OwnClick } from '@pc/proto/affiliates/v1/types';
import type { OwnPushSubscription } from '@pc/proto/notifications/v1/types';
import { clickExportJson, pushSubscriptionExportJson, sessionExportJson } from './data-export-activity.server';
import { productReviewExportJson, shopReviewExportJson } from './data-export-reviews.server';
import { nameOf, type ProductNames } from './product-names';

/**
 * The copy of a user's data as JSON (ADR 148): snake_case keys, ISO 8601 UTC times, money as
 * the public API writes it (`{amount, currency}`, amount in minor units). Pure functions of what
 * the services answered, so what the file says is tested without them.
 */

/** The profile as accounts keeps it (no password, no staff lock details; of two-step sign-in only since when, never its secret). */
export function profileJson(user: User) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: orNull(user.phone),
    language: orNull(user.language),
    company: orNull(user.company),
    is_business: user.isBusiness,
    is_admin: user.isAdmin,
    email_verified: user.emailVerified,
    email_verified_at: isoTime(user.emailVerifiedAt),
    created_at: isoTime(user.createdAt),
    updated_at: isoTime(user.updatedAt),
    two_step_sign_in_since: isoTime(user.twoStepOnSince),
  };
}

/** A favourites list with every product in it, newest first. */
export function favouriteListExportJson(list: FavouriteList, items: readonly FavouriteItem[], names: ProductNames) {
  return {
    id: list.id,
    name: list.name,
    is_default: list.isDefault,
    public: list.public,
    created_at: isoTime(list.createdAt),
    updated_at: isoTime(list.updatedAt),
    items: items.map((item) => ({
      product_id: item.productId,
      product_name: nameOf(names, item.productId),
      note: orNull(item.note),
      added_at: isoTime(item.addedAt),
    })),
  };
}

/** A price alert as the API answers it, with its product's name and without the edit version. */
export function alertExportJson(alert: PriceAlert, names: ProductNames) {
  const { version: _version, ...json } = alertJson(alert);
  return { ...json, product_name: nameOf(names, alert.productId) };
}

export const firingExportJson = (firing: AlertFiring) => firingJson(firing);

export const notificationExportJson = (notification: Notification) => notificationJson(notification);

export function recentlyViewedExportJson(item: RecentlyViewedItem, names: ProductNames) {
  return { product_id: item.productId, product_name: nameOf(names, item.productId), viewed_at: isoTime(item.viewedAt) };
}

export function comparePickExportJson(productId: string, names: ProductNames) {
  return { product_id: productId, product_name: nameOf(names, productId) };
}

const FEED_FORMATS: Readonly<Record<number, string>> = {
  [FeedFormat.FEED_FORMAT_CSV]: 'csv',
  [FeedFormat.FEED_FORMAT_TSV]: 'tsv',
  [FeedFormat.FEED_FORMAT_GOOGLE_MERCHANT_XML]: 'google_merchant_xml',
  [FeedFormat.FEED_FORMAT_XML]: 'xml',
};

function feedJson(feed: Feed) {
  return {
    id: feed.id,
    url: feed.url,
    format: FEED_FORMATS[feed.format] ?? 'auto',
    country: orNull(feed.country),
    currency: orNull(feed.currency),
    language: orNull(feed.language),
    created_at: isoTime(feed.createdAt),
  };
}

/** A shop of a business account with what its owner entered (details, contact, feeds, URL parameters). */
export function shopExportJson(shop: Shop) {
  return {
    id: shop.id,
    name: shop.name,
    domain: shop.domain,
    homepage_url: shop.homepageUrl,
    description: orNull(shop.description),
    company: orNull(shop.company),
    commercial_register_number: orNull(shop.commercialRegisterNumber),
    address: shop.address
      ? {
          line1: shop.address.line1,
          line2: orNull(shop.address.line2),
          zip_code: shop.address.zipCode,
          city: shop.address.city,
          country: shop.address.country,
        }
      : null,
    phone: orNull(shop.phone),
    email: orNull(shop.email),
    countries: shop.countries,
    status: shopStatusKey(shop.status),
    registered_at: isoTime(shop.registeredAt),
    confirmed_at: isoTime(shop.confirmedAt),
    feeds: shop.feeds.map(feedJson),
    url_parameters: shop.urlParameters.map((parameter) => ({ name: parameter.name, value: parameter.value })),
  };
}

const SUBSCRIPTION_STATUSES: Readonly<Record<number, string>> = {
  [SubscriptionStatus.SUBSCRIPTION_STATUS_INCOMPLETE]: 'incomplete',
  [SubscriptionStatus.SUBSCRIPTION_STATUS_INCOMPLETE_EXPIRED]: 'incomplete_expired',
  [SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE]: 'active',
  [SubscriptionStatus.SUBSCRIPTION_STATUS_PAST_DUE]: 'past_due',
  [SubscriptionStatus.SUBSCRIPTION_STATUS_UNPAID]: 'unpaid',
  [SubscriptionStatus.SUBSCRIPTION_STATUS_CANCELED]: 'canceled',
};

export function subscriptionExportJson(subscription: Subscription | undefined) {
  if (!subscription) return null;
  return {
    id: subscription.id,
    plan_id: orNull(subscription.plan?.id ?? ''),
    plan_name: orNull(subscription.plan?.name ?? ''),
    price: moneyJson(subscription.plan?.price),
    status: SUBSCRIPTION_STATUSES[subscription.status] ?? 'unknown',
    shop_ids: subscription.shopIds,
    started_at: isoTime(subscription.startedAt),
    current_period_start: isoTime(subscription.currentPeriodStart),
    current_period_end: isoTime(subscription.currentPeriodEnd),
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    canceled_at: isoTime(subscription.canceledAt),
  };
}

/** The card on file as billing keeps it: brand, last four digits and expiry (the number stays with the provider). */
export function cardExportJson(method: PaymentMethod | undefined) {
  if (!method || !method.last4) return null;
  return { brand: method.brand, last4: method.last4, exp_month: method.expMonth, exp_year: method.expYear };
}

export function billingDetailsExportJson(details: BillingDetails | undefined) {
  if (!details || Object.values(details).every((value) => value === '')) return null;
  return {
    name: orNull(details.name),
    company: orNull(details.company),
    email: orNull(details.email),
    line1: orNull(details.line1),
    line2: orNull(details.line2),
    zip_code: orNull(details.zipCode),
    city: orNull(details.city),
    country: orNull(details.country),
    vat_id: orNull(details.vatId),
  };
}

const INVOICE_STATUSES: Readonly<Record<number, string>> = {
  [InvoiceStatus.INVOICE_STATUS_OPEN]: 'open',
  [InvoiceStatus.INVOICE_STATUS_PAID]: 'paid',
  [InvoiceStatus.INVOICE_STATUS_VOID]: 'void',
  [InvoiceStatus.INVOICE_STATUS_UNCOLLECTIBLE]: 'uncollectible',
};

export function invoiceExportJson(invoice: Invoice) {
  return {
    id: invoice.id,
    number: invoice.number,
    status: INVOICE_STATUSES[invoice.status] ?? 'unknown',
    total: moneyJson(invoice.total),
    tax: moneyJson(invoice.tax),
    amount_paid: moneyJson(invoice.amountPaid),
    amount_due: moneyJson(invoice.amountDue),
    issued_at: isoTime(invoice.issuedAt),
    due_at: isoTime(invoice.dueAt),
    paid_at: isoTime(invoice.paidAt),
    period_start: isoTime(invoice.periodStart),
    period_end: isoTime(invoice.periodEnd),
    lines: invoice.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      amount: moneyJson(line.amount),
      shop_id: orNull(line.shopId),
    })),
  };
}

/** What the services answered for one user, before it is written as JSON. */
export interface AccountDataParts {
  readonly user: User;
  readonly favourites: readonly { list: FavouriteList; items: readonly FavouriteItem[] }[];
  readonly alerts: readonly PriceAlert[];
  readonly firings: readonly AlertFiring[];
  readonly notifications: readonly Notification[];
  readonly recentlyViewed: readonly RecentlyViewedItem[];
  readonly comparePicks: readonly string[];
  readonly productReviews: readonly Review[];
  readonly shopReviews: readonly OwnShopReview[];
  readonly pushSubscriptions: readonly OwnPushSubscription[];
  readonly clicks: readonly OwnClick[];
  readonly sessions: readonly OwnSession[];
  /** Null for an account that is not a business account. */
  readonly business: {
    readonly shops: readonly Shop[];
    readonly subscription: Subscription | undefined;
    readonly card: PaymentMethod | undefined;
    readonly billingDetails: BillingDetails | undefined;
    readonly invoices: readonly Invoice[];
  } | null;
}

/** The products the parts name, each once: the ones whose names the file carries. */
export function productIdsOf(parts: Omit<AccountDataParts, 'user' | 'business'>): string[] {
  return [
    ...new Set([
      ...parts.favourites.flatMap(({ items }) => items.map((item) => item.productId)),
      ...parts.alerts.map((alert) => alert.productId),
      ...parts.recentlyViewed.map((item) => item.productId),
      ...parts.comparePicks,
      ...parts.productReviews.map((review) => review.productId),
      ...parts.clicks.flatMap((click) => (click.productId ? [click.productId] : [])),
    ]),
  ];
}

/** The whole file: every part of the account, in the order the account pages show them. */
export function accountDataJson(parts: AccountDataParts, names: ProductNames, exportedAt: Date) {
  const { business } = parts;
  return {
    format_version: 1,
    exported_at: exportedAt.toISOString(),
    profile: profileJson(parts.user),
    favourite_lists: parts.favourites.map(({ list, items }) => favouriteListExportJson(list, items, names)),
    price_alerts: parts.alerts.map((alert) => alertExportJson(alert, names)),
    alert_firings: parts.firings.map(firingExportJson),
    notifications: parts.notifications.map(notificationExportJson),
    recently_viewed: parts.recentlyViewed.map((item) => recentlyViewedExportJson(item, names)),
    compare_picks: parts.comparePicks.map((productId) => comparePickExportJson(productId, names)),
    product_reviews: parts.productReviews.map((review) => productReviewExportJson(review, names)),
    shop_reviews: parts.shopReviews.flatMap((review) => shopReviewExportJson(review) ?? []),
    push_subscriptions: parts.pushSubscriptions.map(pushSubscriptionExportJson),
    clicks: parts.clicks.map((click) => clickExportJson(click, names)),
    sessions: parts.sessions.map(sessionExportJson),
    business: business
      ? {
          shops: business.shops.map(shopExportJson),
          subscription: subscriptionExportJson(business.subscription),
          payment_card: cardExportJson(business.card),
          billing_details: billingDetailsExportJson(business.billingDetails),
          invoices: business.invoices.map(invoiceExportJson),
        }
      : null,
  };
}

export type AccountDataJson = ReturnType<typeof accountDataJson>;
