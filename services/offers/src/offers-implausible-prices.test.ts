import { status as GrpcStatus } from '@grpc/grpc-js';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { mongoDatabaseName } from '@pc/mongodb-document-store/database-name';
import { dropDatabase } from '@pc/mongodb-document-store/test-support/test-database';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { GetPriceHistoryRequest, ListOffersRequest, PriceHistoryRange } from '@pc/proto/offers/v1/offers';
import { offerIdOf } from './domain/offer-record.js';
import { eventually, OffersHarness } from './test-support/offers-harness.js';
import { directoryShop, HEADPHONES, observation } from './test-support/observations.js';

/**
 * Implausible prices (ADR 146): a CHF 2.99 offer beside 289, 299 and 309 is a feed error, not a
 * deal. It stays listed, last, marked held with its reason, and does not count for the summary
 * until a plausible price replaces it or staff confirm it.
 */
function describeImplausiblePrices(name: string, env: () => Record<string, string>, cleanUp: () => Promise<void>) {
  describe(`implausible prices are held back from the summary (${name})`, () => {
    let h: OffersHarness;
    let productId = '';
    let shopper = '';
    const shops: Record<string, string> = {};
    const heldId = () => offerIdOf(shops.delta!, 'D');
    const failure = (call: Promise<unknown>) =>
      call.then(
        () => null,
        (error: unknown) => error as { code?: number },
      );
    const lowest = async () =>
      (await h.offers.getProductPriceSummaries({ productIds: [productId], country: 'CH', displayCurrency: '' }))
        .summaries[0]?.lowestPrice?.amountMinor;
    const rows = async () =>
      (await h.offers.listOffers(ListOffersRequest.fromPartial({ productId, country: 'CH' }))).offers.map((offer) => [
        offer.id === heldId() ? 'delta' : 'other',
        offer.price?.amountMinor,
        offer.priceHold?.reason ?? '',
      ]);
    /** The held offer as offers answers it (on either store). */
    const delta = async () =>
      (await h.offers.getOffer({ offerId: heldId(), displayCurrency: '' }).catch(() => ({ offer: undefined }))).offer;
    const isHeld = async () => !!(await delta())?.priceHold;
    const deltaAt = async (amountMinor: number) => {
      await h.observe(observation(shops.delta!, 'D', HEADPHONES, amountMinor));
      await eventually(async () => (await delta())?.price?.amountMinor === amountMinor);
    };

    beforeAll(async () => {
      h = await OffersHarness.start(env());
      shopper = await h.staffUser('held-prices@offers.test', AdminPanel.ADMIN_PANEL_SHOPPING);
      for (const [key, domain] of [
        ['alpha', 'alpha.ch'],
        ['beta', 'beta.ch'],
        ['gamma', 'gamma.ch'],
        ['delta', 'delta.ch'],
      ] as const)
        shops[key] = (await h.offers.registerShop(directoryShop(key, domain, ['CH'], h.staffUserId))).shop?.id ?? '';
      await h.observe(
        observation(shops.alpha!, 'A', HEADPHONES, 28_900),
        observation(shops.beta!, 'B', HEADPHONES, 29_900),
        observation(shops.gamma!, 'C', HEADPHONES, 30_900),
      );
      await eventually(() => h.events.offerChanged.filter((event) => event.offer?.productId).length >= 3);
      productId = h.events.offerChanged[0]?.offer?.productId ?? '';
      await eventually(async () => (await lowest()) === 28_900);
    }, 60_000);
    afterAll(async () => {
      await h.stop();
      await cleanUp();
    });

    it('holds 2.99 beside 289/299/309: the lowest stays 289, the held offer is listed last with its reason', async () => {
      await deltaAt(299);
      await eventually(isHeld);
      expect(await lowest()).toBe(28_900);
      expect(await rows()).toEqual([
        ['other', 28_900, ''],
        ['other', 29_900, ''],
        ['other', 30_900, ''],
        ['delta', 299, 'implausibly_low'],
      ]);
      const [listedOffer] = (
        await h.offers.listOffers(ListOffersRequest.fromPartial({ productId, country: 'CH' }))
      ).offers.filter((offer) => offer.id === heldId());
      expect(listedOffer?.priceHold?.medianPrice).toEqual({ amountMinor: 29_900, currency: 'CHF' });
      expect(listedOffer?.priceHold?.comparedOffers).toBe(3);
    });

    it('lists it for staff only; a caller without the shopping role is refused', async () => {
      const { offers } = await h.offers.listHeldOffers({ actorUserId: shopper, country: 'CH' });
      expect(offers.map((offer) => offer.offer?.id)).toEqual([heldId()]);
      const outsider = await h.registerUser('not-staff@offers.test');
      expect(await failure(h.offers.listHeldOffers({ actorUserId: outsider, country: '' }))).toMatchObject({
        code: GrpcStatus.PERMISSION_DENIED,
      });
      expect(await failure(h.offers.confirmOfferPrice({ actorUserId: outsider, offerId: heldId() }))).toMatchObject({
        code: GrpcStatus.PERMISSION_DENIED,
      });
      expect(await failure(h.offers.listHeldOffers({ actorUserId: shopper, country: 'XX1' }))).toMatchObject({
        code: GrpcStatus.INVALID_ARGUMENT,
      });
      expect(await lowest()).toBe(28_900);
    });

    it('does not hold an ordinary low price (250 beside 289/299/309)', async () => {
      await deltaAt(25_000);
      await eventually(async () => (await lowest()) === 25_000);
      expect(await isHeld()).toBe(false);
      expect((await rows())[0]).toEqual(['delta', 25_000, '']);
    });

    it('releases a held price when a later observation is plausible: 279 becomes the lowest', async () => {
      await deltaAt(299);
      await eventually(isHeld);
      expect(await lowest()).toBe(28_900);
      await deltaAt(27_900);
      await eventually(async () => (await lowest()) === 27_900);
      expect(await isHeld()).toBe(false);
      expect((await rows())[0]).toEqual(['delta', 27_900, '']);
    });

    it('counts 2.99 once staff confirm it, and judges a new price again', async () => {
      await deltaAt(299);
      await eventually(isHeld);
      expect(
        await failure(h.offers.confirmOfferPrice({ actorUserId: shopper, offerId: offerIdOf(shops.alpha!, 'A') })),
      ).toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION });
      const { offer } = await h.offers.confirmOfferPrice({ actorUserId: shopper, offerId: heldId() });
      expect(offer?.offer?.priceHold).toBeUndefined();
      await eventually(async () => (await lowest()) === 299);
      expect((await rows())[0]).toEqual(['delta', 299, '']);
      // The history counts the confirmed price too: today's low, so the month's lowest.
      const history = await h.offers.getPriceHistory(
        GetPriceHistoryRequest.fromPartial({
          productId,
          country: 'CH',
          range: PriceHistoryRange.PRICE_HISTORY_RANGE_ONE_MONTH,
        }),
      );
      expect(history.lowestPrice).toEqual({ amountMinor: 299, currency: 'CHF' });
      await deltaAt(199);
      await eventually(isHeld);
      expect(await lowest()).toBe(28_900);
    });

    it('keeps the hold on the stored offer across a restart of offers', async () => {
      if (!env().DOCUMENT_STORE) {
        // The embedded store's document, as the next start reads it.
        const stored = await h.storedOffer(heldId());
        expect(stored?.priceHold).toMatchObject({ reason: 'implausibly_low', medianMinor: 29_900, currency: 'CHF' });
        return;
      }
      await h.stop();
      h = await OffersHarness.start(env());
      expect(await lowest()).toBe(28_900);
      expect((await rows()).at(-1)).toEqual(['delta', 199, 'implausibly_low']);
    });
  });
}

describeImplausiblePrices(
  'embedded engines',
  () => ({}),
  async () => undefined,
);

describeWithEngine('MONGODB_URI', 'implausible prices on MongoDB', (uri) => {
  const namespace = `imp-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  describeImplausiblePrices(
    'MongoDB',
    () => ({ DOCUMENT_STORE: 'mongodb', MONGODB_URI: uri, PLATFORM_NAMESPACE: namespace }),
    () => dropDatabase(uri, mongoDatabaseName('offers', namespace)),
  );
});
