import { OwnSession } from '@pc/proto/accounts/v1/accounts';
import { FavouriteItem, FavouriteList, RecentlyViewedItem, User } from '@pc/proto/accounts/v1/types';
import {
  BillingDetails,
  Invoice,
  InvoiceStatus,
  PaymentMethod,
  Subscription,
  SubscriptionStatus,
} from '@pc/proto/billing/v1/types';
import {
  AlertFiring,
  AlertKind,
  AlertState,
  Channel,
  DeliveryStatus,
  Notification,
  OwnPushSubscription,
  PriceAlert,
} from '@pc/proto/notifications/v1/types';
import { FeedFormat, Shop, ShopStatus } from '@pc/proto/offers/v1/types';
import { OwnShopReview, ShopReviewStatus } from '@pc/proto/offers/v1/shop_reviews';
import { Review } from '@pc/proto/catalog/v1/types';
import { ClickOrigin, LocationKind, OwnClick, UserAgentClass } from '@pc/proto/affiliates/v1/types';
import { accountDataJson, productIdsOf, type AccountDataParts } from './data-export-json.server';
import { dataExportFileName } from './data-export-paths';

const at = (iso: string) => new Date(iso);
const CHF = (amountMinor: number) => ({ amountMinor, currency: 'CHF' });

const user = User.fromPartial({
  id: 'u_anna',
  name: 'Anna Muster',
  email: 'anna@example.test',
  phone: '',
  language: 'de',
  company: '',
  isBusiness: false,
  emailVerified: true,
  emailVerifiedAt: at('2026-01-02T08:00:00Z'),
  createdAt: at('2026-01-01T10:00:00Z'),
  updatedAt: at('2026-01-03T11:00:00Z'),
  lockedReason: 'staff only',
  twoStepOnSince: at('2026-01-06T07:00:00Z'),
});

const personal: AccountDataParts = {
  user,
  favourites: [
    {
      list: FavouriteList.fromPartial({
        id: 'default',
        name: 'Favourites',
        isDefault: true,
        itemsCount: 2,
        createdAt: at('2026-01-04T09:00:00Z'),
      }),
      items: [
        FavouriteItem.fromPartial({ listId: 'default', productId: 'p1', addedAt: at('2026-01-05T09:00:00Z') }),
        FavouriteItem.fromPartial({ listId: 'default', productId: 'gone', note: 'for dad' }),
      ],
    },
  ],
  alerts: [
    PriceAlert.fromPartial({
      id: 'a1',
      userId: 'u_anna',
      productId: 'p2',
      country: 'CH',
      kind: AlertKind.ALERT_KIND_TARGET_PRICE,
      targetPrice: CHF(24_990),
      state: AlertState.ALERT_STATE_ARMED,
      channels: [Channel.CHANNEL_PUSH, Channel.CHANNEL_EMAIL],
      createdAt: at('2026-01-06T09:00:00Z'),
      version: 7,
    }),
  ],
  firings: [
    AlertFiring.fromPartial({
      id: 'f1',
      alertId: 'a1',
      productId: 'p2',
      country: 'CH',
      kind: AlertKind.ALERT_KIND_TARGET_PRICE,
      price: CHF(23_900),
      deliveryStatus: DeliveryStatus.DELIVERY_STATUS_DELIVERED,
      firedAt: at('2026-01-07T09:00:00Z'),
    }),
  ],
  notifications: [
    Notification.fromPartial({
      id: 'n1',
      channel: Channel.CHANNEL_EMAIL,
      title: 'Price drop',
      status: DeliveryStatus.DELIVERY_STATUS_DELIVERED,
    }),
  ],
  recentlyViewed: [RecentlyViewedItem.fromPartial({ productId: 'p1', viewedAt: at('2026-01-08T09:00:00Z') })],
  comparePicks: ['p2', 'p1'],
  productReviews: [
    Review.fromPartial({
      id: 'rv1',
      productId: 'p3',
      author: 'Anna M.',
      authorUserId: 'u_anna',
      rating: 4,
      title: 'Good',
      body: 'Quiet and light.',
      language: 'de',
      publishedAt: at('2026-01-09T09:00:00Z'),
    }),
  ],
  shopReviews: [
    OwnShopReview.fromPartial({
      shopName: 'Rheinmarkt',
      review: {
        id: 'sr1',
        shopId: 's9',
        author: 'Anna M.',
        rating: 2,
        body: 'Slow delivery.',
        language: 'de',
        status: ShopReviewStatus.SHOP_REVIEW_STATUS_HIDDEN,
        reply: { body: 'Sorry!', repliedAt: at('2026-01-11T09:00:00Z') },
        publishedAt: at('2026-01-10T09:00:00Z'),
        own: true,
      },
    }),
  ],
  pushSubscriptions: [
    OwnPushSubscription.fromPartial({
      endpointHost: 'fcm.googleapis.com',
      createdAt: at('2026-01-12T09:00:00Z'),
      language: 'de',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    }),
  ],
  clicks: [
    OwnClick.fromPartial({
      id: 'ck_1',
      clickedAt: at('2026-01-13T09:00:00Z'),
      locationKind: LocationKind.LOCATION_KIND_OFFER,
      shopId: 's9',
      offerId: 'of_1',
      productId: 'p1',
      price: CHF(27_900),
      country: 'CH',
      origin: ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE,
      userAgentClass: UserAgentClass.USER_AGENT_CLASS_MOBILE,
    }),
  ],
  sessions: [
    OwnSession.fromPartial({
      session: {
        id: 's_phone',
        token: '',
        userId: 'u_anna',
        remember: true,
        createdAt: at('2026-01-14T09:00:00Z'),
        lastSeenAt: at('2026-01-15T09:00:00Z'),
        expiresAt: at('2026-02-14T09:00:00Z'),
      },
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)',
      ip: '198.51.100.4',
      current: false,
    }),
  ],
  business: null,
};

const names = new Map([
  ['p1', 'Sony WH-1000XM5'],
  ['p2', 'Bose QuietComfort Ultra'],
  ['p3', 'AKG K371'],
]);
const exportedAt = at('2026-02-01T12:30:00Z');

describe('the data copy of a personal account', () => {
  const copy = accountDataJson(personal, names, exportedAt);

  it('says when it was made and in which format version', () => {
    expect(copy.format_version).toBe(1);
    expect(copy.exported_at).toBe('2026-02-01T12:30:00.000Z');
  });

  it('holds the profile with its times, and nothing of a password or a staff lock', () => {
    expect(copy.profile).toEqual({
      id: 'u_anna',
      name: 'Anna Muster',
      email: 'anna@example.test',
      phone: null,
      language: 'de',
      company: null,
      is_business: false,
      is_admin: false,
      email_verified: true,
      email_verified_at: '2026-01-02T08:00:00.000Z',
      created_at: '2026-01-01T10:00:00.000Z',
      updated_at: '2026-01-03T11:00:00.000Z',
      two_step_sign_in_since: '2026-01-06T07:00:00.000Z',
    });
    expect(JSON.stringify(copy)).not.toContain('staff only');
  });

  it('lists each favourites list with its products, named where the catalogue still shows them', () => {
    expect(copy.favourite_lists).toEqual([
      {
        id: 'default',
        name: 'Favourites',
        is_default: true,
        public: false,
        created_at: '2026-01-04T09:00:00.000Z',
        updated_at: null,
        items: [
          { product_id: 'p1', product_name: 'Sony WH-1000XM5', note: null, added_at: '2026-01-05T09:00:00.000Z' },
          { product_id: 'gone', product_name: null, note: 'for dad', added_at: null },
        ],
      },
    ]);
  });

  it('writes alerts and their firings with money in minor units, as the public API does', () => {
    expect(copy.price_alerts).toEqual([
      expect.objectContaining({
        id: 'a1',
        product_id: 'p2',
        product_name: 'Bose QuietComfort Ultra',
        kind: 'target_price',
        target_price: { amount: 24_990, currency: 'CHF' },
        state: 'armed',
        channels: ['push', 'email'],
        created_at: '2026-01-06T09:00:00.000Z',
      }),
    ]);
    expect(copy.price_alerts[0]).not.toHaveProperty('version');
    expect(copy.alert_firings).toEqual([
      expect.objectContaining({
        alert_id: 'a1',
        price: { amount: 23_900, currency: 'CHF' },
        delivery: 'delivered',
        fired_at: '2026-01-07T09:00:00.000Z',
      }),
    ]);
    expect(copy.notifications).toEqual([
      expect.objectContaining({ id: 'n1', channel: 'email', title: 'Price drop', status: 'delivered' }),
    ]);
  });

  it('keeps recently viewed products and compare picks in their order, with names', () => {
    expect(copy.recently_viewed).toEqual([
      { product_id: 'p1', product_name: 'Sony WH-1000XM5', viewed_at: '2026-01-08T09:00:00.000Z' },
    ]);
    expect(copy.compare_picks).toEqual([
      { product_id: 'p2', product_name: 'Bose QuietComfort Ultra' },
      { product_id: 'p1', product_name: 'Sony WH-1000XM5' },
    ]);
  });

  it('holds the product and shop reviews the user wrote, a hidden one and the shop’s reply too', () => {
    expect(copy.product_reviews).toEqual([
      expect.objectContaining({
        id: 'rv1',
        product_id: 'p3',
        product_name: 'AKG K371',
        rating: { value: 4 },
        body: 'Quiet and light.',
        published_at: '2026-01-09T09:00:00.000Z',
      }),
    ]);
    expect(copy.shop_reviews).toEqual([
      expect.objectContaining({
        id: 'sr1',
        shop_id: 's9',
        shop_name: 'Rheinmarkt',
        hidden: true,
        body: 'Slow delivery.',
        reply: { body: 'Sorry!', replied_at: '2026-01-11T09:00:00.000Z' },
      }),
    ]);
  });

  it('holds the browsers allowed to show push messages by their push service only, and the click-outs', () => {
    expect(copy.push_subscriptions).toEqual([
      {
        endpoint_host: 'fcm.googleapis.com',
        created_at: '2026-01-12T09:00:00.000Z',
        expiration_time: null,
        last_delivered_at: null,
        username: null,
        language: 'de',
        user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
      },
    ]);
    expect(copy.clicks).toEqual([
      expect.objectContaining({
        id: 'ck_1',
        clicked_at: '2026-01-13T09:00:00.000Z',
        kind: 'offer',
        shop_id: 's9',
        product_id: 'p1',
        product_name: 'Sony WH-1000XM5',
        price: { amount: 27_900, currency: 'CHF' },
        origin: 'product_page',
        device: 'mobile',
        promotion_id: null,
      }),
    ]);
  });

  it('holds where the user is signed in: when, from which browser and address, no token', () => {
    expect(copy.sessions).toEqual([
      {
        id: 's_phone',
        signed_in_at: '2026-01-14T09:00:00.000Z',
        last_active_at: '2026-01-15T09:00:00.000Z',
        expires_at: '2026-02-14T09:00:00.000Z',
        remembered: true,
        user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)',
        ip: '198.51.100.4',
      },
    ]);
  });

  it('has no business part', () => {
    expect(copy.business).toBeNull();
  });

  it('names every product it mentions once, for one lookup of their names', () => {
    expect(productIdsOf(personal).sort()).toEqual(['gone', 'p1', 'p2', 'p3']);
  });
});

describe('the data copy of a business account', () => {
  const business: AccountDataParts = {
    ...personal,
    user: User.fromPartial({ ...user, isBusiness: true, company: 'Muster Audio GmbH' }),
    business: {
      shops: [
        Shop.fromPartial({
          id: 's1',
          name: 'Muster Audio',
          domain: 'muster-audio.example',
          homepageUrl: 'https://muster-audio.example/',
          company: 'Muster Audio GmbH',
          address: { line1: 'Seestrasse 2', zipCode: '8002', city: 'Zürich', country: 'CH' },
          email: 'info@muster-audio.example',
          countries: ['CH'],
          status: ShopStatus.SHOP_STATUS_ACTIVE,
          registeredAt: at('2026-01-10T09:00:00Z'),
          feeds: [{ id: 'fd1', url: 'https://muster-audio.example/feed.csv', format: FeedFormat.FEED_FORMAT_CSV }],
          urlParameters: [{ name: 'utm_source', value: 'pricecompare' }],
        }),
      ],
      subscription: Subscription.fromPartial({
        id: 'sub1',
        plan: { id: 'listing-monthly', name: 'Listing', price: CHF(4_900) },
        status: SubscriptionStatus.SUBSCRIPTION_STATUS_PAST_DUE,
        shopIds: ['s1'],
        currentPeriodEnd: at('2026-02-10T00:00:00Z'),
      }),
      card: PaymentMethod.fromPartial({ id: 'pm_1', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2030 }),
      billingDetails: BillingDetails.fromPartial({ company: 'Muster Audio GmbH', vatId: 'CHE-123.456.789' }),
      invoices: [
        Invoice.fromPartial({
          id: 'in1',
          number: 'PC-2026-0001',
          status: InvoiceStatus.INVOICE_STATUS_PAID,
          total: CHF(5_277),
          tax: CHF(377),
          issuedAt: at('2026-01-10T09:00:00Z'),
          lines: [{ description: 'Listing Muster Audio', quantity: 1, amount: CHF(4_900), shopId: 's1' }],
        }),
      ],
    },
  };
  const copy = accountDataJson(business, names, exportedAt);

  it('holds the shops with what the owner entered, feeds and URL parameters included', () => {
    expect(copy.business?.shops).toEqual([
      expect.objectContaining({
        id: 's1',
        name: 'Muster Audio',
        company: 'Muster Audio GmbH',
        address: { line1: 'Seestrasse 2', line2: null, zip_code: '8002', city: 'Zürich', country: 'CH' },
        email: 'info@muster-audio.example',
        status: 'active',
        registered_at: '2026-01-10T09:00:00.000Z',
        feeds: [expect.objectContaining({ id: 'fd1', url: 'https://muster-audio.example/feed.csv', format: 'csv' })],
        url_parameters: [{ name: 'utm_source', value: 'pricecompare' }],
      }),
    ]);
  });

  it('holds the subscription, the invoices with their numbers, dates and amounts, and the card as billing keeps it', () => {
    expect(copy.business?.subscription).toEqual(
      expect.objectContaining({
        plan_id: 'listing-monthly',
        price: { amount: 4_900, currency: 'CHF' },
        status: 'past_due',
        shop_ids: ['s1'],
        current_period_end: '2026-02-10T00:00:00.000Z',
      }),
    );
    expect(copy.business?.invoices).toEqual([
      expect.objectContaining({
        number: 'PC-2026-0001',
        status: 'paid',
        total: { amount: 5_277, currency: 'CHF' },
        tax: { amount: 377, currency: 'CHF' },
        issued_at: '2026-01-10T09:00:00.000Z',
        lines: [
          {
            description: 'Listing Muster Audio',
            quantity: 1,
            amount: { amount: 4_900, currency: 'CHF' },
            shop_id: 's1',
          },
        ],
      }),
    ]);
    expect(copy.business?.payment_card).toEqual({ brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030 });
    expect(copy.business?.billing_details).toEqual(
      expect.objectContaining({ company: 'Muster Audio GmbH', vat_id: 'CHE-123.456.789', city: null }),
    );
  });

  it('says there is no subscription, card or billing address before there is one', () => {
    const fresh = accountDataJson(
      {
        ...business,
        business: {
          shops: [],
          subscription: undefined,
          card: undefined,
          billingDetails: BillingDetails.fromPartial({}),
          invoices: [],
        },
      },
      names,
      exportedAt,
    );
    expect(fresh.business).toEqual({
      shops: [],
      subscription: null,
      payment_card: null,
      billing_details: null,
      invoices: [],
    });
  });
});

describe('the file name', () => {
  it('is the site and the UTC day', () => {
    expect(dataExportFileName(at('2026-03-01T23:59:00Z'))).toBe('pricecompare-data-2026-03-01.json');
  });
});
