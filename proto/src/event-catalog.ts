import { AccountDeleted, UserRegistered } from '../gen/accounts/events/v1/events.js';
import { ClickRecorded, TransactionRecorded } from '../gen/affiliates/events/v1/events.js';
import { InvoicePaid, SubscriptionChanged } from '../gen/billing/events/v1/events.js';
import {
  CategoryChanged,
  CategoryDeleted,
  ProductChanged,
  ProductCreated,
  ReviewAdded,
} from '../gen/catalog/events/v1/events.js';
import { FeedFetched, OfferObserved } from '../gen/crawler/events/v1/events.js';
import { ProductWatchChanged } from '../gen/notifications/events/v1/events.js';
import { ListingsChanged } from '../gen/search/events/v1/events.js';
import {
  OfferChanged,
  ProductPriceChanged,
  ShopChanged,
  ShopDeleted,
  ShopRegistered,
} from '../gen/offers/events/v1/events.js';
import { defineEvent } from './event-type.js';

/**
 * Every event of the platform (docs/architecture.md §3): topic `<service>.<event>.v1`, protobuf type
 * name, codec. Producers and consumers import the same constant, so a topic name can never drift.
 */
export const Events = {
  // crawler
  offerObserved: defineEvent(
    'crawler.offer-observed.v1',
    'pricecompare.crawler.events.v1.OfferObserved',
    OfferObserved,
  ),
  feedFetched: defineEvent('crawler.feed-fetched.v1', 'pricecompare.crawler.events.v1.FeedFetched', FeedFetched),
  // catalog
  productCreated: defineEvent(
    'catalog.product-created.v1',
    'pricecompare.catalog.events.v1.ProductCreated',
    ProductCreated,
  ),
  productChanged: defineEvent(
    'catalog.product-changed.v1',
    'pricecompare.catalog.events.v1.ProductChanged',
    ProductChanged,
  ),
  reviewAdded: defineEvent('catalog.review-added.v1', 'pricecompare.catalog.events.v1.ReviewAdded', ReviewAdded),
  categoryChanged: defineEvent(
    'catalog.category-changed.v1',
    'pricecompare.catalog.events.v1.CategoryChanged',
    CategoryChanged,
  ),
  categoryDeleted: defineEvent(
    'catalog.category-deleted.v1',
    'pricecompare.catalog.events.v1.CategoryDeleted',
    CategoryDeleted,
  ),
  // offers
  offerChanged: defineEvent('offers.offer-changed.v1', 'pricecompare.offers.events.v1.OfferChanged', OfferChanged),
  productPriceChanged: defineEvent(
    'offers.product-price-changed.v1',
    'pricecompare.offers.events.v1.ProductPriceChanged',
    ProductPriceChanged,
  ),
  shopChanged: defineEvent('offers.shop-changed.v1', 'pricecompare.offers.events.v1.ShopChanged', ShopChanged),
  shopRegistered: defineEvent(
    'offers.shop-registered.v1',
    'pricecompare.offers.events.v1.ShopRegistered',
    ShopRegistered,
  ),
  shopDeleted: defineEvent('offers.shop-deleted.v1', 'pricecompare.offers.events.v1.ShopDeleted', ShopDeleted),
  // search
  listingsChanged: defineEvent(
    'search.listings-changed.v1',
    'pricecompare.search.events.v1.ListingsChanged',
    ListingsChanged,
  ),
  // accounts
  userRegistered: defineEvent(
    'accounts.user-registered.v1',
    'pricecompare.accounts.events.v1.UserRegistered',
    UserRegistered,
  ),
  accountDeleted: defineEvent(
    'accounts.account-deleted.v1',
    'pricecompare.accounts.events.v1.AccountDeleted',
    AccountDeleted,
  ),
  // notifications
  productWatchChanged: defineEvent(
    'notifications.product-watch-changed.v1',
    'pricecompare.notifications.events.v1.ProductWatchChanged',
    ProductWatchChanged,
  ),
  // billing
  subscriptionChanged: defineEvent(
    'billing.subscription-changed.v1',
    'pricecompare.billing.events.v1.SubscriptionChanged',
    SubscriptionChanged,
  ),
  invoicePaid: defineEvent('billing.invoice-paid.v1', 'pricecompare.billing.events.v1.InvoicePaid', InvoicePaid),
  // affiliates
  clickRecorded: defineEvent(
    'affiliates.click-recorded.v1',
    'pricecompare.affiliates.events.v1.ClickRecorded',
    ClickRecorded,
  ),
  transactionRecorded: defineEvent(
    'affiliates.transaction-recorded.v1',
    'pricecompare.affiliates.events.v1.TransactionRecorded',
    TransactionRecorded,
  ),
} as const;
