import { status as GrpcStatus } from '@grpc/grpc-js';
import { AccountsStaffServiceService } from '@pc/proto/accounts/v1/staff';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { ListOffersRequest } from '@pc/proto/offers/v1/offers';
import { AuditServiceService } from '@pc/proto/staff/v1/audit';
import { createServiceClient } from '@pc/kit/grpc/client';
import { offerIdOf } from './domain/offer-record.js';
import { eventually, OffersHarness } from './test-support/offers-harness.js';
import { directoryShop, HEADPHONES, observation, SPEAKER } from './test-support/observations.js';

/**
 * The shopping panel's offer moderation in offers (ADR 060): every offer of a product for staff;
 * a hidden offer leaves the product's listing and summaries and stays hidden whatever the shop
 * sends, until staff list it again; a wrong match is vetoed in catalog, the offer matched anew
 * without that product and moved. staff:shopping only, bad input changes nothing, each audited.
 */
describe('offers moderation: hide, unhide and flag a wrong match (app.ts over gRPC)', () => {
  let h: OffersHarness;
  let audit: ReturnType<typeof createServiceClient<typeof AuditServiceService>>;
  let shopper = '';
  let crawlerStaff = '';
  let alpha = '';
  let beta = '';
  let productId = '';
  let hiddenId = '';
  const failure = (call: Promise<unknown>) =>
    call.then(
      () => null,
      (error: unknown) => error as { code?: number; reason?: string },
    );
  /** The product's offers as the site's product page and JSON API read them. */
  const listed = async (product: string) =>
    (await h.offers.listOffers(ListOffersRequest.fromPartial({ productId: product, country: 'CH' }))).offers.map(
      (offer) => offer.id,
    );
  const lowest = async (product: string) =>
    (await h.offers.getProductPriceSummaries({ productIds: [product], country: 'CH', displayCurrency: '' }))
      .summaries[0]?.lowestPrice?.amountMinor;
  const auditActions = async () =>
    (
      await audit.listAuditEntries({
        actorUserId: shopper,
        panel: 'shopping',
        entityType: 'offer',
        entityId: '',
        byUserId: '',
        action: '',
        page: undefined,
      })
    ).entries.map((entry) => entry.action);

  beforeAll(async () => {
    h = await OffersHarness.start();
    audit = createServiceClient(AuditServiceService, h.address, { deadlineMs: 20_000 });
    const admin = await h.adminId();
    const roles = createServiceClient(AccountsStaffServiceService, h.accountsAddress, { deadlineMs: 20_000 });
    shopper = await h.registerUser('moderator@offers.test');
    crawlerStaff = await h.registerUser('crawler-staff@offers.test');
    await roles.grantStaffRole({ actorUserId: admin, userId: shopper, panel: AdminPanel.ADMIN_PANEL_SHOPPING });
    await roles.grantStaffRole({ actorUserId: admin, userId: crawlerStaff, panel: AdminPanel.ADMIN_PANEL_CRAWLER });
    alpha = (await h.offers.registerShop(directoryShop('Alpha Electronics', 'alpha.ch', ['CH'], admin))).shop?.id ?? '';
    beta = (await h.offers.registerShop(directoryShop('Beta Sound', 'beta.ch', ['CH'], admin))).shop?.id ?? '';
    await h.observe(observation(alpha, 'A-1', HEADPHONES, 33_900), observation(beta, 'B-1', HEADPHONES, 31_900));
    await eventually(() => h.events.offerChanged.filter((event) => event.offer?.productId).length === 2);
    productId = h.events.offerChanged[0]?.offer?.productId ?? '';
    hiddenId = offerIdOf(beta, 'B-1');
    await eventually(async () => (await lowest(productId)) === 31_900);
  }, 60_000);
  afterAll(() => h.stop());

  it("refuses another panel's role and bad input; the offer stays listed, nothing is audited", async () => {
    for (const call of [
      () => h.offers.listProductOffersForStaff({ actorUserId: crawlerStaff, productId }),
      () => h.offers.setOfferHidden({ actorUserId: crawlerStaff, offerId: hiddenId, hidden: true, reason: 'spam' }),
      () => h.offers.flagWrongMatch({ actorUserId: crawlerStaff, offerId: hiddenId, reason: 'wrong' }),
    ]) {
      expect(await failure(call())).toMatchObject({
        code: GrpcStatus.PERMISSION_DENIED,
        reason: 'STAFF_ROLE_REQUIRED',
      });
    }
    expect(
      await failure(h.offers.setOfferHidden({ actorUserId: shopper, offerId: hiddenId, hidden: true, reason: ' ' })),
    ).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    expect(
      await failure(h.offers.flagWrongMatch({ actorUserId: shopper, offerId: hiddenId, reason: '' })),
    ).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    expect(
      await failure(
        h.offers.setOfferHidden({ actorUserId: shopper, offerId: 'of_unknown', hidden: true, reason: 'x' }),
      ),
    ).toMatchObject({ code: GrpcStatus.NOT_FOUND });
    expect((await listed(productId)).sort()).toEqual([offerIdOf(alpha, 'A-1'), hiddenId].sort());
    expect(await auditActions()).toEqual([]);
  });

  it('hides an offer from the listing and the summary, keeps the reason, and keeps it hidden when the shop sends it again', async () => {
    const { offer } = await h.offers.setOfferHidden({
      actorUserId: shopper,
      offerId: hiddenId,
      hidden: true,
      reason: 'Grey import without warranty',
    });
    expect(offer).toMatchObject({
      hidden: true,
      hiddenReason: 'Grey import without warranty',
      inactiveReason: 'hidden',
    });
    expect(await listed(productId)).toEqual([offerIdOf(alpha, 'A-1')]);
    await eventually(async () => (await lowest(productId)) === 33_900);

    await h.observe(observation(beta, 'B-1', HEADPHONES, 29_900));
    await eventually(() =>
      h.events.offerChanged.some((event) => event.offerId === hiddenId && event.offer?.price?.amountMinor === 29_900),
    );
    expect(await listed(productId)).toEqual([offerIdOf(alpha, 'A-1')]);
    expect(await lowest(productId)).toBe(33_900);

    const { offers } = await h.offers.listProductOffersForStaff({ actorUserId: shopper, productId });
    expect(offers.map((staffOffer) => [staffOffer.offer?.id, staffOffer.hidden]).sort()).toEqual(
      [
        [offerIdOf(alpha, 'A-1'), false],
        [hiddenId, true],
      ].sort(),
    );
    expect(await auditActions()).toEqual(['offer.hide']);
  });

  it('lists a hidden offer again', async () => {
    const { offer } = await h.offers.setOfferHidden({
      actorUserId: shopper,
      offerId: hiddenId,
      hidden: false,
      reason: '',
    });
    expect(offer).toMatchObject({ hidden: false, inactiveReason: '' });
    expect((await listed(productId)).sort()).toEqual([offerIdOf(alpha, 'A-1'), hiddenId].sort());
    await eventually(async () => (await lowest(productId)) === 29_900);
  });

  it('flags a wrong match: the offer leaves the product and is not matched to it again', async () => {
    const { offer, previousProductId } = await h.offers.flagWrongMatch({
      actorUserId: shopper,
      offerId: hiddenId,
      reason: 'A refurbished unit under the new one’s barcode',
    });
    expect(previousProductId).toBe(productId);
    const newProductId = offer?.offer?.productId ?? '';
    expect(newProductId).not.toBe(productId);
    expect(await listed(productId)).toEqual([offerIdOf(alpha, 'A-1')]);
    await eventually(async () => (await lowest(productId)) === 33_900);
    if (newProductId) expect(await listed(newProductId)).toEqual([hiddenId]);

    // A changed title makes offers match the offer again: catalog honours the veto.
    await h.observe(observation(beta, 'B-1', { ...HEADPHONES, title: `${HEADPHONES.title} (refurbished)` }, 28_900));
    await eventually(() =>
      h.events.offerChanged.some((event) => event.offerId === hiddenId && event.offer?.price?.amountMinor === 28_900),
    );
    expect(await listed(productId)).toEqual([offerIdOf(alpha, 'A-1')]);
    expect(await auditActions()).toEqual(['offer.flag-wrong-match', 'offer.unhide', 'offer.hide']);
  });
  it('splits an offer off to another product, with its summary; matching keeps it there', async () => {
    await h.observe(observation(alpha, 'A-2', HEADPHONES, 35_000), observation(beta, 'S-1', SPEAKER, 9_900));
    const speakerEvent = await eventually(() =>
      h.events.offerChanged.find((event) => event.offerId === offerIdOf(beta, 'S-1') && event.offer?.productId),
    );
    const target = speakerEvent.offer?.productId ?? '';
    const moving = offerIdOf(alpha, 'A-2');
    await eventually(async () => (await listed(productId)).includes(moving));
    const split = (actorUserId: string, offerIds: string[]) =>
      h.offers.splitOffers({
        actorUserId,
        productId,
        offerIds,
        targetProductId: target,
        reason: 'Another model',
        gtins: [],
        newProduct: undefined,
      });

    expect(await failure(split(crawlerStaff, [moving]))).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    expect(await failure(split(shopper, [moving, offerIdOf(beta, 'S-1')]))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
    });
    expect(await listed(productId)).toContain(moving);

    const { offers } = await split(shopper, [moving]);
    expect(offers.map((offer) => offer.offer?.productId)).toEqual([target]);
    expect(await listed(productId)).not.toContain(moving);
    expect((await listed(target)).sort()).toEqual([moving, offerIdOf(beta, 'S-1')].sort());
    const offersCount = async (product: string) =>
      (await h.offers.getProductPriceSummaries({ productIds: [product], country: 'CH', displayCurrency: '' }))
        .summaries[0]?.offersCount;
    await eventually(async () => (await offersCount(target)) === 2);

    await h.observe(observation(alpha, 'A-2', { ...HEADPHONES, title: `${HEADPHONES.title} (2024)` }, 34_000));
    await eventually(() =>
      h.events.offerChanged.some((event) => event.offerId === moving && event.offer?.price?.amountMinor === 34_000),
    );
    expect(await listed(productId)).not.toContain(moving);
    expect(await listed(target)).toContain(moving);
  });
});
