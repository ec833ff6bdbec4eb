import { status as GrpcStatus } from '@grpc/grpc-js';
import { SubscriptionStatus } from '@pc/proto/billing/v1/types';
import { FeedFetch, FeedFetchOutcome } from '@pc/proto/crawler/v1/types';
import { OfferChangeKind, ShopDeletionReason } from '@pc/proto/offers/events/v1/events';
import { RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import { ShopStatus, SuspensionReason } from '@pc/proto/offers/v1/types';
import { offerIdOf } from './domain/offer-record.js';
import { eventually, OffersHarness } from './test-support/offers-harness.js';
import { HEADPHONES, observation } from './test-support/observations.js';

const shopRequest = (actorUserId: string, name: string, domain: string) =>
  RegisterShopRequest.fromPartial({
    actorUserId,
    name,
    homepageUrl: `https://${domain}/`,
    company: `${name} AG`,
    address: { line1: 'Bahnhofstrasse 1', line2: '', zipCode: '8001', city: 'Zürich', country: 'CH' },
    phone: '+41 44 123 45 67',
    email: `info@${domain}`,
    feedUrl: `https://${domain}/feed.csv`,
    termsAccepted: true,
  });

/**
 * The shop lifecycle of spec §4 driven by the events that drive it in the platform: billing's
 * SubscriptionChanged (published as billing does), the crawler's FeedFetched, staff's
 * SetShopStatus and accounts' AccountDeleted; each step a ShopChanged and an e-mail to the owner.
 */
describe('the shop lifecycle (app.ts over gRPC)', () => {
  let h: OffersHarness;
  let owner = '';
  let admin = '';
  let shop = '';
  let feedId = '';
  const SUB = 'sub_lifecycle_1';
  const status = async (shopId = shop) => (await h.offers.getShop({ shopId, actorUserId: owner })).shop;
  const subscription = (
    version: number,
    state: SubscriptionStatus,
    shopIds: string[],
    previous = SubscriptionStatus.SUBSCRIPTION_STATUS_UNSPECIFIED,
  ) =>
    h.subscriptionChanged({
      subscriptionId: SUB,
      userId: owner,
      version,
      status: state,
      previousStatus: previous,
      planId: 'listing-monthly',
      shopIds,
    });
  const mailKinds = () =>
    h.mail
      .all()
      .filter((mail) => mail.to === 'anna@lifecycle.test')
      .map((mail) => mail.kind);

  beforeAll(async () => {
    h = await OffersHarness.start();
    owner = await h.registerUser('anna@lifecycle.test');
    admin = await h.adminId();
  });

  afterAll(() => h.stop());

  it('registers a business user’s shop awaiting a payment method, and mails the owner; a personal account may not', async () => {
    const registered = (await h.offers.registerShop(shopRequest(owner, 'Anna Audio', 'anna-audio.ch'))).shop;
    shop = registered?.id ?? '';
    feedId = registered?.feeds[0]?.id ?? '';
    expect(registered).toMatchObject({
      status: ShopStatus.SHOP_STATUS_AWAITING_PAYMENT_METHOD,
      suspensionReason: SuspensionReason.SUSPENSION_REASON_UNSPECIFIED,
    });
    expect(registered?.feedsAnalysedAt).toBeUndefined();
    await eventually(() => mailKinds().includes('shop-registered'));
    expect(h.mail.latest('anna@lifecycle.test', 'shop-registered')?.text).toContain(
      'Your shop Anna Audio is registered.',
    );

    const personal = await h.registerUser('paul@lifecycle.test', true);
    await expect(h.offers.registerShop(shopRequest(personal, 'Paul Parts', 'paul-parts.ch'))).rejects.toMatchObject({
      code: GrpcStatus.FAILED_PRECONDITION,
      reason: 'NOT_BUSINESS_ACCOUNT',
    });
    await expect(h.offers.registerShop(shopRequest('', 'Paul Parts', 'paul-parts.ch'))).rejects.toMatchObject({
      code: GrpcStatus.UNAUTHENTICATED,
    });
  });

  it('is activated only once a subscription pays for it', async () => {
    await expect(
      h.offers.setShopStatus({
        shopId: shop,
        actorUserId: admin,
        status: ShopStatus.SHOP_STATUS_ACTIVE,
        reason: 'too early',
      }),
    ).rejects.toMatchObject({
      code: GrpcStatus.FAILED_PRECONDITION,
      reason: 'NO_ACTIVE_SUBSCRIPTION',
    });
    // The first payment is pending (3-D Secure): nothing moves yet.
    await subscription(1, SubscriptionStatus.SUBSCRIPTION_STATUS_INCOMPLETE, [shop]);
    await subscription(
      2,
      SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE,
      [shop],
      SubscriptionStatus.SUBSCRIPTION_STATUS_INCOMPLETE,
    );
    await eventually(async () => (await status())?.status === ShopStatus.SHOP_STATUS_PENDING_ACTIVATION);
    const changed = await eventually(() =>
      h.events.shopChanged.find(
        (event) => event.shopId === shop && event.shop?.status === ShopStatus.SHOP_STATUS_PENDING_ACTIVATION,
      ),
    );
    expect(changed).toMatchObject({
      previousStatus: ShopStatus.SHOP_STATUS_AWAITING_PAYMENT_METHOD,
      changedFields: ['status', 'suspension_reason'],
    });
    await eventually(() => mailKinds().includes('shop-subscriptionStarted'));
    expect(h.mail.latest('anna@lifecycle.test', 'shop-subscriptionStarted')?.text).toMatch(
      /started successfully\..*will contact you when your shop is ready/s,
    );
  });

  it('records the first good feed analysis as "product feeds analysed", with the counts in the mail', async () => {
    const at = h.now();
    await h.feedFetched({
      feedId,
      shopId: shop,
      fetch: FeedFetch.fromPartial({
        id: 'ff_l1',
        outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED,
        httpStatus: 200,
        itemsTotal: 10,
        itemsValid: 8,
        itemsInvalid: 2,
        startedAt: at,
        finishedAt: at,
      }),
      complete: true,
      fetchedAt: at,
    });
    const analysed = await eventually(async () => ((await status())?.feedsAnalysedAt ? await status() : undefined));
    expect(analysed?.status).toBe(ShopStatus.SHOP_STATUS_PENDING_ACTIVATION);
    const event = await eventually(() =>
      h.events.shopChanged.find((e) => e.shopId === shop && e.changedFields.includes('feeds_analysed_at')),
    );
    expect(event?.shop?.feedsAnalysedAt).toEqual(analysed?.feedsAnalysedAt);
    await eventually(() => mailKinds().includes('shop-feedsAnalysed'));
    expect(h.mail.latest('anna@lifecycle.test', 'shop-feedsAnalysed')?.text).toContain('read 8 of 10 products');
  });

  it('is activated by staff, stays listed while a renewal is retried, and is suspended and listed again with its payments', async () => {
    const { shop: active } = await h.offers.setShopStatus({
      shopId: shop,
      actorUserId: admin,
      status: ShopStatus.SHOP_STATUS_ACTIVE,
      confirmed: true,
      reason: 'feeds look good',
    });
    expect(active).toMatchObject({ status: ShopStatus.SHOP_STATUS_ACTIVE, confirmed: true });
    await eventually(() => mailKinds().includes('shop-activated'));
    const offerId = offerIdOf(shop, 'A-1');
    await h.observe(observation(shop, 'A-1', HEADPHONES, 31_900));
    await eventually(async () => (await h.storedOffer(offerId))?.active === true);

    await subscription(
      3,
      SubscriptionStatus.SUBSCRIPTION_STATUS_PAST_DUE,
      [shop],
      SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE,
    );
    await eventually(() => mailKinds().includes('shop-paymentFailed'));
    expect((await status())?.status).toBe(ShopStatus.SHOP_STATUS_ACTIVE);

    await subscription(
      4,
      SubscriptionStatus.SUBSCRIPTION_STATUS_UNPAID,
      [shop],
      SubscriptionStatus.SUBSCRIPTION_STATUS_PAST_DUE,
    );
    const suspended = await eventually(async () =>
      (await status())?.status === ShopStatus.SHOP_STATUS_SUSPENDED ? await status() : undefined,
    );
    expect(suspended?.suspensionReason).toBe(SuspensionReason.SUSPENSION_REASON_PAYMENT);
    await eventually(() =>
      h.events.offerChanged.some((e) => e.offerId === offerId && e.kind === OfferChangeKind.OFFER_CHANGE_KIND_REMOVED),
    );
    await eventually(() => mailKinds().includes('shop-suspendedPayment'));

    await subscription(
      5,
      SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE,
      [shop],
      SubscriptionStatus.SUBSCRIPTION_STATUS_UNPAID,
    );
    await eventually(async () => (await status())?.status === ShopStatus.SHOP_STATUS_ACTIVE);
    await eventually(() => mailKinds().includes('shop-reinstated'));

    // Redelivered and overtaken events change nothing.
    const version = (await status())?.version;
    await subscription(
      4,
      SubscriptionStatus.SUBSCRIPTION_STATUS_UNPAID,
      [shop],
      SubscriptionStatus.SUBSCRIPTION_STATUS_PAST_DUE,
    );
    await subscription(
      5,
      SubscriptionStatus.SUBSCRIPTION_STATUS_CANCELED,
      [shop],
      SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE,
    );
    await subscription(
      6,
      SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE,
      [shop],
      SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE,
    );
    await eventually(async () => (await h.app.subscriptions.get(SUB))?.version === 6);
    expect(await status()).toMatchObject({ status: ShopStatus.SHOP_STATUS_ACTIVE, version });
  });

  it('keeps a staff suspension through payments', async () => {
    await h.offers.setShopStatus({
      shopId: shop,
      actorUserId: admin,
      status: ShopStatus.SHOP_STATUS_SUSPENDED,
      reason: 'misleading prices',
    });
    expect((await status())?.suspensionReason).toBe(SuspensionReason.SUSPENSION_REASON_STAFF);
    await eventually(() => mailKinds().includes('shop-suspendedStaff'));
    await subscription(
      7,
      SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE,
      [shop],
      SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE,
    );
    await eventually(async () => (await h.app.subscriptions.get(SUB))?.version === 7);
    expect(await status()).toMatchObject({
      status: ShopStatus.SHOP_STATUS_SUSPENDED,
      suspensionReason: SuspensionReason.SUSPENSION_REASON_STAFF,
    });
    await h.offers.setShopStatus({
      shopId: shop,
      actorUserId: admin,
      status: ShopStatus.SHOP_STATUS_ACTIVE,
      reason: 'fixed',
    });
    expect(await status()).toMatchObject({
      status: ShopStatus.SHOP_STATUS_ACTIVE,
      suspensionReason: SuspensionReason.SUSPENSION_REASON_UNSPECIFIED,
    });
  });

  it('suspends the shops an ended subscription named, but leaves a shop that never paid awaiting its payment', async () => {
    const waiting = (await h.offers.registerShop(shopRequest(owner, 'Anna Outlet', 'anna-outlet.ch'))).shop?.id ?? '';
    await subscription(
      8,
      SubscriptionStatus.SUBSCRIPTION_STATUS_CANCELED,
      [shop, waiting],
      SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE,
    );
    await eventually(async () => (await status())?.status === ShopStatus.SHOP_STATUS_SUSPENDED);
    expect((await status(waiting))?.status).toBe(ShopStatus.SHOP_STATUS_AWAITING_PAYMENT_METHOD);
    // A new subscription lists the suspended shop again as it was.
    await h.subscriptionChanged({
      subscriptionId: 'sub_lifecycle_2',
      userId: owner,
      version: 1,
      status: SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE,
      shopIds: [shop, waiting],
    });
    await eventually(async () => (await status())?.status === ShopStatus.SHOP_STATUS_ACTIVE);
    expect((await status(waiting))?.status).toBe(ShopStatus.SHOP_STATUS_PENDING_ACTIVATION);
    // A late event of the ended subscription leaves the new one's shops alone.
    await subscription(
      9,
      SubscriptionStatus.SUBSCRIPTION_STATUS_UNPAID,
      [],
      SubscriptionStatus.SUBSCRIPTION_STATUS_CANCELED,
    );
    await eventually(async () => (await h.app.subscriptions.get(SUB))?.version === 9);
    expect((await status())?.status).toBe(ShopStatus.SHOP_STATUS_ACTIVE);
  });

  it('deletes every shop of a deleted account with its offers, and mails no one about it', async () => {
    const owned = (
      await h.offers.listShops({
        ownerUserId: owner,
        actorUserId: owner,
        statuses: [ShopStatus.SHOP_STATUS_ACTIVE, ShopStatus.SHOP_STATUS_PENDING_ACTIVATION],
        country: '',
        domain: '',
        sort: 0,
        page: undefined,
      })
    ).shops;
    expect(owned).toHaveLength(2);
    await h.accountDeleted(owner);
    for (const { id } of owned) {
      const deleted = await eventually(() => h.events.shopDeleted.find((event) => event.shopId === id));
      expect(deleted?.reason).toBe(ShopDeletionReason.SHOP_DELETION_REASON_ACCOUNT_DELETED);
      await expect(h.offers.getShop({ shopId: id, actorUserId: admin })).rejects.toMatchObject({
        code: GrpcStatus.NOT_FOUND,
      });
    }
    const offerId = offerIdOf(shop, 'A-1');
    await eventually(async () => (await h.storedOffer(offerId))?.active === false);
    // A redelivery finds only tombstones.
    await h.accountDeleted(owner);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.events.shopDeleted.filter((event) => owned.some((s) => s.id === event.shopId))).toHaveLength(2);
    expect(mailKinds()).not.toContain('shop-deleted');
  });

  it('mails an owner offers has not met in a request: their address is offers’ to read, as the service that mails owners', async () => {
    // Registered at accounts only: offers' consumer is the first to look the owner up, as itself.
    const ben = await h.registerUser('ben@lifecycle.test');
    await h.subscriptionChanged({
      subscriptionId: 'sub_lifecycle_ben',
      userId: ben,
      version: 1,
      status: SubscriptionStatus.SUBSCRIPTION_STATUS_PAST_DUE,
      previousStatus: SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE,
      planId: 'listing-monthly',
      shopIds: [],
    });
    await eventually(() => h.mail.latest('ben@lifecycle.test', 'shop-paymentFailed'));
  });
});
