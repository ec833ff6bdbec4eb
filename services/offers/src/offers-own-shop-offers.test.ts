import { status as GrpcStatus } from '@grpc/grpc-js';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { ListOwnShopOffersRequest, OwnOffersState } from '@pc/proto/offers/v1/offers';
import { offerIdOf } from './domain/offer-record.js';
import { eventually, OffersHarness } from './test-support/offers-harness.js';
import { directoryShop, HEADPHONES, observation, SPEAKER } from './test-support/observations.js';

/**
 * A shop's offers as its owner sees them in shop settings (ListOwnShopOffers, ADR 115): listed
 * and not listed apart, why one is not listed, and where a listed one stands against the
 * product's cheapest offer in its country. The owner and staff only.
 */
describe('a shop owner’s offers (ListOwnShopOffers over gRPC)', () => {
  let h: OffersHarness;
  let owner = '';
  let stranger = '';
  let shopper = '';
  let shopId = '';
  let rivalId = '';
  let headphones = '';
  const list = (actorUserId: string, partial: Partial<ListOwnShopOffersRequest> = {}) =>
    h.offers.listOwnShopOffers(ListOwnShopOffersRequest.fromPartial({ actorUserId, shopId, ...partial }));
  const lowest = async (productId: string) =>
    (await h.offers.getProductPriceSummaries({ productIds: [productId], country: 'CH', displayCurrency: '' }))
      .summaries[0]?.lowestPrice?.amountMinor;

  beforeAll(async () => {
    h = await OffersHarness.start();
    owner = await h.registerUser('owner@own-offers.test');
    stranger = await h.registerUser('stranger@own-offers.test');
    shopper = await h.staffUser('shopper@own-offers.test', AdminPanel.ADMIN_PANEL_SHOPPING);
    shopId = await h.listedOwnShop(owner, 'Eigenhaus', 'eigenhaus.ch');
    rivalId = (await h.offers.registerShop(directoryShop('Rival', 'rival.ch', ['CH'], h.staffUserId))).shop?.id ?? '';
    await h.observe(
      observation(shopId, 'E-1', HEADPHONES, 33_900),
      observation(shopId, 'E-2', SPEAKER, 12_900),
      observation(rivalId, 'R-1', HEADPHONES, 31_900),
      observation(rivalId, 'R-2', SPEAKER, 14_900),
    );
    await eventually(() => h.events.offerChanged.filter((event) => event.offer?.productId).length === 4);
    headphones = h.events.offerChanged.find((event) => event.offer?.shopOfferId === 'R-1')?.offer?.productId ?? '';
    await eventually(async () => (await lowest(headphones)) === 31_900);
  }, 60_000);
  afterAll(() => h.stop());

  it('lists the listed offers with the product’s cheapest price and offers in the country', async () => {
    const answer = await list(owner);
    expect(answer).toMatchObject({ listedCount: 2, notListedCount: 0, page: { page: 1, total: 2 } });
    const byShopOfferId = new Map(answer.offers.map((row) => [row.offer?.offer?.shopOfferId, row]));
    expect(byShopOfferId.get('E-1')).toMatchObject({
      offer: { inactiveReason: '', hidden: false, offer: { price: { amountMinor: 33_900 } } },
      cheapestPrice: { amountMinor: 31_900, currency: 'CHF' },
      offersInCountry: 2,
      cheapest: false,
    });
    expect(byShopOfferId.get('E-2')).toMatchObject({
      cheapestPrice: { amountMinor: 12_900, currency: 'CHF' },
      offersInCountry: 2,
      cheapest: true,
    });
    // Staff see them too (the admin, and a user holding any panel's role).
    expect((await list(h.staffUserId)).listedCount).toBe(2);
    expect((await list(shopper)).listedCount).toBe(2);
  });

  it('lists an offer staff hid under "not listed", with their reason, and pages', async () => {
    await h.offers.setOfferHidden({
      actorUserId: shopper,
      offerId: offerIdOf(shopId, 'E-2'),
      hidden: true,
      reason: 'Image shows another product',
    });
    const notListed = await list(owner, { state: OwnOffersState.OWN_OFFERS_STATE_NOT_LISTED });
    expect(notListed).toMatchObject({ listedCount: 1, notListedCount: 1, page: { total: 1 } });
    expect(notListed.offers).toEqual([
      expect.objectContaining({
        offer: expect.objectContaining({
          hidden: true,
          hiddenReason: 'Image shows another product',
          inactiveReason: 'hidden',
        }),
        cheapestPrice: undefined,
        offersInCountry: 0,
        cheapest: false,
      }),
    ]);
    const firstPage = await list(owner, { page: { page: 1, hitsPerPage: 1 } });
    expect(firstPage.offers.map((row) => row.offer?.offer?.shopOfferId)).toEqual(['E-1']);
    expect(firstPage.page).toMatchObject({ total: 1, pages: 1 });
  });

  it('calls an offer priced as the cheapest one the lowest too', async () => {
    await h.observe(observation(rivalId, 'R-1', HEADPHONES, 33_900));
    await eventually(async () => (await lowest(headphones)) === 33_900);
    const [row] = (await list(owner)).offers.filter((offer) => offer.offer?.offer?.shopOfferId === 'E-1');
    expect(row).toMatchObject({ cheapestPrice: { amountMinor: 33_900 }, offersInCountry: 2, cheapest: true });
  });

  it('refuses anyone but the owner and staff, bad pages and unknown shops', async () => {
    await expect(list(stranger)).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    await expect(list('')).rejects.toMatchObject({ code: GrpcStatus.UNAUTHENTICATED });
    await expect(list(owner, { shopId: 'sh_unknown' })).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
    await expect(list(owner, { page: { page: 1, hitsPerPage: 101 } })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'page.hits_per_page' })],
    });
    await expect(list(owner, { state: 7 as OwnOffersState })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'state' })],
    });
  });
});
