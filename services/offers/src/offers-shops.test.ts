import { status as GrpcStatus } from '@grpc/grpc-js';
import { EntitySort } from '@pc/proto/common/v1/sort';
import { OfferChangeKind } from '@pc/proto/offers/events/v1/events';
import { ListShopsRequest, RegisterShopRequest, UpdateShopRequest } from '@pc/proto/offers/v1/offers';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { offerIdOf } from './domain/offer-record.js';
import { eventually, OffersHarness } from './test-support/offers-harness.js';
import { directoryShop, HEADPHONES, observation } from './test-support/observations.js';

// Real users of accounts (offers asks it whether an actor exists and is an admin).
let OWNER = '';
let OTHER = '';

const business = (overrides: Partial<RegisterShopRequest> = {}) =>
  RegisterShopRequest.fromPartial({
    actorUserId: OWNER,
    name: 'Zeta Hifi',
    homepageUrl: 'https://zeta-hifi.ch/shop',
    company: 'Zeta Hifi GmbH',
    commercialRegisterNumber: 'CHE-123.456.789',
    address: { line1: 'Bahnhofstrasse 1', line2: '', zipCode: '8001', city: 'Zürich', country: 'CH' },
    phone: '+41 44 123 45 67',
    email: 'Info@Zeta-Hifi.ch',
    termsAccepted: true,
    feedUrl: 'https://zeta-hifi.ch/feed.csv',
    ...overrides,
  });

/** Shops: registration, the directory, owner-only fields, settings, lifecycle and deletion. */
describe('offers shops (app.ts over gRPC)', () => {
  let h: OffersHarness;
  let zeta = '';
  const directory: string[] = [];
  /** Refused: not the owner, and not an admin by accounts (unknown users are UNAUTHENTICATED). */
  const refused = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => null,
      (caught: unknown) => caught as { code?: number },
    );
    expect([GrpcStatus.PERMISSION_DENIED, GrpcStatus.UNAUTHENTICATED]).toContain(error?.code);
  };

  beforeAll(async () => {
    h = await OffersHarness.start();
    OWNER = await h.registerUser('owner@zeta-hifi.test');
    OTHER = await h.registerUser('other@example.test');
    for (const [name, domain, countries] of [
      ['Alpha Electronics', 'alpha.ch', ['CH']],
      ['beta sound', 'beta.de', ['DE', 'AT']],
      ['Gamma Markt', 'gamma.ch', ['CH', 'DE']],
    ] as const) {
      directory.push(
        (await h.offers.registerShop(directoryShop(name, domain, [...countries], h.staffUserId))).shop?.id ?? '',
      );
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct registration times
    }
  });

  afterAll(() => h.stop());

  it('registers a business user’s shop awaiting a payment method, with ShopRegistered and ShopChanged', async () => {
    const { shop } = await h.offers.registerShop(business());
    zeta = shop?.id ?? '';
    expect(shop).toMatchObject({
      name: 'Zeta Hifi',
      domain: 'zeta-hifi.ch',
      status: ShopStatus.SHOP_STATUS_AWAITING_PAYMENT_METHOD,
      ownerUserId: OWNER,
      countries: ['CH'],
      email: 'info@zeta-hifi.ch',
      version: 1,
      feeds: [expect.objectContaining({ url: 'https://zeta-hifi.ch/feed.csv', country: 'CH', currency: 'CHF' })],
    });
    const registered = await eventually(() => h.events.shopRegistered.find((event) => event.shopId === zeta));
    expect(registered).toMatchObject({
      ownerUserId: OWNER,
      domain: 'zeta-hifi.ch',
      directoryListing: false,
      company: 'Zeta Hifi GmbH',
    });
    const changed = await eventually(() => h.events.shopChanged.find((event) => event.shopId === zeta));
    expect(changed).toMatchObject({
      version: 1,
      previousStatus: ShopStatus.SHOP_STATUS_UNSPECIFIED,
      shop: { company: 'Zeta Hifi GmbH' },
    });
  });

  it('rejects invalid registrations field by field, and a taken domain', async () => {
    await expect(
      h.offers.registerShop(
        business({
          name: '',
          homepageUrl: 'zeta',
          email: 'nope',
          address: { line1: '', line2: '', zipCode: '!', city: '', country: 'Swiss' },
          termsAccepted: false,
        }),
      ),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: expect.arrayContaining(
        [
          'name',
          'homepage_url',
          'email',
          'address.line1',
          'address.zip_code',
          'address.city',
          'address.country',
          'terms_accepted',
        ].map((field) => expect.objectContaining({ field })),
      ),
    });
    // Postal codes and phone numbers by the address country's rules.
    await expect(
      h.offers.registerShop(
        business({
          homepageUrl: 'https://zeta2.ch',
          address: { line1: 'Bahnhofstrasse 1', line2: '', zipCode: '80011', city: 'Zürich', country: 'CH' },
          phone: '12345',
        }),
      ),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [
        expect.objectContaining({ field: 'address.zip_code', rule: 'postal_code' }),
        expect.objectContaining({ field: 'phone', rule: 'phone' }),
      ],
    });
    await expect(h.offers.registerShop(business({ homepageUrl: 'https://www.zeta-hifi.ch/' }))).rejects.toMatchObject({
      code: GrpcStatus.ALREADY_EXISTS,
      reason: 'SHOP_ALREADY_REGISTERED',
    });
    await expect(h.offers.registerShop(business({ actorUserId: '' }))).rejects.toMatchObject({
      code: GrpcStatus.UNAUTHENTICATED,
    });
    await refused(
      h.offers.registerShop(
        RegisterShopRequest.fromPartial({
          ...directoryShop('Eta', 'eta.ch', ['CH'], h.staffUserId),
          actorUserId: OTHER,
        }),
      ),
    );
  });

  it('shows a shop’s private fields and non-listed shops to its owner only', async () => {
    await expect(h.offers.getShop({ shopId: zeta, actorUserId: '' })).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
    const own = await h.offers.getShop({ shopId: zeta, actorUserId: OWNER });
    expect(own.shop).toMatchObject({
      phone: '+41 44 123 45 67',
      address: { city: 'Zürich' },
      company: 'Zeta Hifi GmbH',
    });
    const listed = await h.offers.getShop({ shopId: directory[0] ?? '', actorUserId: '' });
    expect(listed.shop).toMatchObject({ name: 'Alpha Electronics', company: '', phone: '', feeds: [] });
    expect(listed.shop?.address).toBeUndefined();
    await expect(h.offers.getShop({ shopId: 'sh_nope', actorUserId: '' })).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
  });

  it('lists the directory by country, sorted and paged, and an owner’s own shops', async () => {
    const list = (partial: Partial<ListShopsRequest>) => h.offers.listShops(ListShopsRequest.fromPartial(partial));
    expect((await list({})).shops.map((shop) => shop.name)).toEqual(['Alpha Electronics', 'beta sound', 'Gamma Markt']);
    expect((await list({})).page).toMatchObject({ hitsPerPage: 24, total: 3 });
    expect((await list({ country: 'DE' })).shops.map((shop) => shop.name)).toEqual(['beta sound', 'Gamma Markt']);
    expect(
      (await list({ sort: EntitySort.ENTITY_SORT_NEWEST, page: { page: 2, hitsPerPage: 2 } })).shops.map(
        (shop) => shop.name,
      ),
    ).toEqual(['Alpha Electronics']);
    const own = await list({
      ownerUserId: OWNER,
      actorUserId: OWNER,
      statuses: [ShopStatus.SHOP_STATUS_AWAITING_PAYMENT_METHOD],
    });
    expect(own.shops.map((shop) => [shop.id, shop.company])).toEqual([[zeta, 'Zeta Hifi GmbH']]);
    await refused(list({ ownerUserId: OWNER, actorUserId: OTHER }));
    // No user: a front (the site sends an empty actor for visitors) lists the directory only.
    for (const beyond of [{ ownerUserId: OWNER }, { statuses: [ShopStatus.SHOP_STATUS_AWAITING_PAYMENT_METHOD] }])
      await expect(list(beyond)).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    await expect(list({ statuses: [ShopStatus.SHOP_STATUS_DELETED] })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
    });
    await expect(list({ page: { page: 1, hitsPerPage: 101 } })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
    });
  });

  it('updates only the fields set, checks the expected version, and emits what changed', async () => {
    const update = (partial: Partial<UpdateShopRequest>) =>
      h.offers.updateShop(UpdateShopRequest.fromPartial({ shopId: zeta, actorUserId: OWNER, ...partial }));
    const { shop } = await update({
      expectedVersion: 1,
      description: 'Hifi since 1984',
      faviconUrl: 'http://localhost:3000/img/zeta.svg',
    });
    expect(shop).toMatchObject({
      version: 2,
      description: 'Hifi since 1984',
      faviconUrl: 'http://localhost:3000/img/zeta.svg',
      name: 'Zeta Hifi',
    });
    const changed = await eventually(() =>
      h.events.shopChanged.find((event) => event.shopId === zeta && event.version === 2),
    );
    expect(changed?.changedFields).toEqual(['description', 'favicon_url']);
    // Same values again: nothing to write.
    expect((await update({ description: 'Hifi since 1984' })).shop?.version).toBe(2);
    // No user: a front (site, admin app, ops tool) is never the owner or staff on its own.
    await expect(update({ actorUserId: '', description: 'Taken over' })).rejects.toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
      reason: 'STAFF_ROLE_REQUIRED',
    });
    await expect(update({ expectedVersion: 1, name: 'Zeta' })).rejects.toMatchObject({ code: GrpcStatus.ABORTED });
    await expect(update({ homepageUrl: 'https://alpha.ch' })).rejects.toMatchObject({
      code: GrpcStatus.ALREADY_EXISTS,
    });
    await expect(update({ email: 'not-an-email' })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'email' })],
    });
    await refused(update({ actorUserId: OTHER, name: 'Hijacked' }));
    expect((await h.offers.getShop({ shopId: zeta, actorUserId: OWNER })).shop).toMatchObject({
      name: 'Zeta Hifi',
      version: 2,
    });
  });

  it('activates a shop (staff), takes its offers off the listings when suspended', async () => {
    await refused(
      h.offers.setShopStatus({ shopId: zeta, actorUserId: OWNER, status: ShopStatus.SHOP_STATUS_ACTIVE, reason: '' }),
    );
    await expect(
      h.offers.setShopStatus({
        shopId: zeta,
        actorUserId: h.staffUserId,
        status: ShopStatus.SHOP_STATUS_DELETED,
        reason: '',
      }),
    ).rejects.toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    await h.paidFor(OWNER, [zeta]);
    const { shop } = await h.offers.setShopStatus({
      shopId: zeta,
      actorUserId: h.staffUserId,
      status: ShopStatus.SHOP_STATUS_ACTIVE,
      confirmed: true,
      reason: 'feeds analysed',
    });
    expect(shop).toMatchObject({ status: ShopStatus.SHOP_STATUS_ACTIVE, confirmed: true });
    expect(shop?.confirmedAt).toBeDefined();

    const offerId = offerIdOf(zeta, 'Z-1');
    await h.observe(observation(zeta, 'Z-1', HEADPHONES, 33_000));
    await eventually(() => h.events.offerChanged.some((event) => event.offerId === offerId));
    await h.offers.setShopStatus({
      shopId: zeta,
      actorUserId: h.staffUserId,
      status: ShopStatus.SHOP_STATUS_SUSPENDED,
      reason: 'unpaid',
    });
    const removed = await eventually(() =>
      h.events.offerChanged.find(
        (event) => event.offerId === offerId && event.kind === OfferChangeKind.OFFER_CHANGE_KIND_REMOVED,
      ),
    );
    expect(removed?.offer?.active).toBe(false);
    const statusChange = await eventually(() =>
      h.events.shopChanged.find(
        (event) => event.shopId === zeta && event.shop?.status === ShopStatus.SHOP_STATUS_SUSPENDED,
      ),
    );
    expect(statusChange).toMatchObject({
      previousStatus: ShopStatus.SHOP_STATUS_ACTIVE,
      changedFields: ['status', 'suspension_reason'],
    });
    // The suspended shop's observations are not listed until it is active again.
    await h.observe(observation(zeta, 'Z-1', HEADPHONES, 32_000));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await h.offers.getOffer({ offerId, displayCurrency: '' })).offer).toMatchObject({
      active: false,
      price: { amountMinor: 33_000 },
    });

    // Active again, the shop lists the item as it was before the suspension: the ingest's memo
    // of the item (the same fields, within the last-seen granularity) must not take it for a
    // repeat of what is stored, which the suspension changed.
    await h.offers.setShopStatus({
      shopId: zeta,
      actorUserId: h.staffUserId,
      status: ShopStatus.SHOP_STATUS_ACTIVE,
      confirmed: true,
      reason: 'paid',
    });
    await h.observe(observation(zeta, 'Z-1', HEADPHONES, 33_000));
    await eventually(async () => (await h.offers.getOffer({ offerId, displayCurrency: '' })).offer?.active === true);
  });

  it('deletes a shop for good: NOT_FOUND after, ShopDeleted, its domain free again', async () => {
    await refused(h.offers.deleteShop({ shopId: zeta, actorUserId: OTHER }));
    const { deletedAt } = await h.offers.deleteShop({ shopId: zeta, actorUserId: OWNER });
    expect(deletedAt).toBeInstanceOf(Date);
    const deleted = await eventually(() => h.events.shopDeleted.find((event) => event.shopId === zeta));
    expect(deleted).toMatchObject({ ownerUserId: OWNER, domain: 'zeta-hifi.ch' });
    expect((await eventually(() => h.mail.latest('owner@zeta-hifi.test', 'shop-deleted')))?.text).toContain(
      'Zeta Hifi and its offers, feeds and URL parameters are deleted. This cannot be undone.',
    );
    await expect(h.offers.getShop({ shopId: zeta, actorUserId: OWNER })).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
    await expect(h.offers.deleteShop({ shopId: zeta, actorUserId: OWNER })).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
    const again = await h.offers.registerShop(business());
    expect(again.shop?.id).not.toBe(zeta);
  });
});
