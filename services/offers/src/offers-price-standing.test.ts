import { status as GrpcStatus } from '@grpc/grpc-js';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { mongoDatabaseName } from '@pc/mongodb-document-store/database-name';
import { dropDatabase } from '@pc/mongodb-document-store/test-support/test-database';
import { GetShopPriceStandingRequest, ListOwnShopOffersRequest } from '@pc/proto/offers/v1/offers';
import { eventually, OffersHarness } from './test-support/offers-harness.js';
import { directoryShop, gtin14, observation, type ProductIdentity } from './test-support/observations.js';

const HOUR_MS = 3_600_000;
const FREE = { shipping: { amountMinor: 0, currency: 'CHF' } };

/** A product of its own (its title, brand, GTIN and MPN match it and nothing else). */
const product = (name: string, gtinBody: string): ProductIdentity => ({
  title: `Standing Test ${name} Portable Speaker`,
  brand: `Brand${name}`,
  gtin: gtin14(gtinBody),
  mpn: `STD-${name}`,
});
const TIE = product('Tie', '4000000000011');
const THREE = product('Three', '4000000000028');
const FIVE = product('Five', '4000000000035');
const TWENTY = product('Twenty', '4000000000042');
const SHIPPING = product('Shipping', '4000000000059');
const UNSTATED = product('Unstated', '4000000000066');
const RIVAL_ERROR = product('RivalError', '4000000000073');
const OWN_ERROR = product('OwnError', '4000000000080');

/**
 * Where a shop's prices stand against other shops' (GetShopPriceStanding, ADR 144) over gRPC
 * through the real offers app, on the embedded store and on MongoDB: the counts (a tie is the
 * cheapest, exactly 5 % is within), totals with shipping as the product page compares them, a
 * stale cheaper offer ignored, the products not the cheapest by biggest gap in pages, and the
 * refusals.
 */
function describeStanding(name: string, env: () => Record<string, string>, cleanUp: () => Promise<void>) {
  describe(`a shop's price standing (GetShopPriceStanding over gRPC, ${name})`, () => {
    let h: OffersHarness;
    let owner = '';
    let stranger = '';
    let shopId = '';
    let rivalId = '';
    let thirdId = '';
    const productOf = new Map<string, string>();
    const standing = (actorUserId: string, partial: Partial<GetShopPriceStandingRequest> = {}) =>
      h.offers.getShopPriceStanding(GetShopPriceStandingRequest.fromPartial({ actorUserId, shopId, ...partial }));

    beforeAll(async () => {
      // The sweep would delist the stale offer on its own: the answer must leave it out regardless.
      h = await OffersHarness.start({ ...env(), OFFERS_SWEEP_INTERVAL: '1d' });
      owner = await h.registerUser('owner@standing.test');
      stranger = await h.registerUser('stranger@standing.test');
      shopId = await h.listedOwnShop(owner, 'Eigenhaus', 'eigenhaus.ch');
      rivalId = (await h.offers.registerShop(directoryShop('Rival', 'rival.ch', ['CH'], h.staffUserId))).shop?.id ?? '';
      thirdId =
        (await h.offers.registerShop(directoryShop('Dritter', 'dritter.ch', ['CH'], h.staffUserId))).shop?.id ?? '';
      // Seen almost 72 hours ago: fresh now, stale once the clock moves on below.
      const almostStale = new Date(h.now().getTime() - 72 * HOUR_MS + 5 * 60_000);
      await h.observe(observation(thirdId, 'X-TIE', TIE, 5_000, { ...FREE, observedAt: almostStale }));
      await eventually(() => h.events.offerChanged.some((e) => e.offer?.shopOfferId === 'X-TIE' && e.offer.productId));
      h.advance(10 * 60_000);
      await h.observe(
        observation(shopId, 'E-TIE', TIE, 10_000, FREE),
        observation(rivalId, 'R-TIE', TIE, 10_000, FREE),
        observation(shopId, 'E-THREE', THREE, 10_300, FREE),
        observation(rivalId, 'R-THREE', THREE, 10_000, FREE),
        observation(shopId, 'E-FIVE', FIVE, 10_500, FREE),
        observation(rivalId, 'R-FIVE', FIVE, 10_000, FREE),
        observation(shopId, 'E-TWENTY', TWENTY, 12_000, FREE),
        observation(rivalId, 'R-TWENTY', TWENTY, 10_000, FREE),
        observation(thirdId, 'X-TWENTY', TWENTY, 11_000, FREE),
        // Cheaper item, dearer total: 90.00 + 20.00 against 100.00 + 0.
        observation(shopId, 'E-SHIPPING', SHIPPING, 9_000, { shipping: { amountMinor: 2_000, currency: 'CHF' } }),
        observation(rivalId, 'R-SHIPPING', SHIPPING, 10_000, FREE),
        // Its shipping not stated: ranked after the rival's known total, its gap unknown.
        observation(shopId, 'E-UNSTATED', UNSTATED, 8_000),
        observation(rivalId, 'R-UNSTATED', UNSTATED, 10_000, FREE),
        // The rival's price error (cents read as francs) is held (ADR 146): the shop is the cheapest.
        observation(shopId, 'E-RIVAL-ERROR', RIVAL_ERROR, 10_000, FREE),
        observation(rivalId, 'R-RIVAL-ERROR', RIVAL_ERROR, 100, FREE),
        observation(thirdId, 'X-RIVAL-ERROR', RIVAL_ERROR, 10_500, FREE),
        // The shop's own price error is held too: counted apart, compared with nothing.
        observation(shopId, 'E-OWN-ERROR', OWN_ERROR, 100, FREE),
        observation(rivalId, 'R-OWN-ERROR', OWN_ERROR, 10_000, FREE),
        observation(thirdId, 'X-OWN-ERROR', OWN_ERROR, 10_500, FREE),
      );
      await eventually(() => h.events.offerChanged.filter((e) => e.offer?.productId).length >= 20);
      // Holds are written by the summaries' refresh, after the offers' own events.
      await eventually(async () => (await standing(owner)).heldCount === 1);
      for (const event of h.events.offerChanged)
        if (event.offer?.productId) productOf.set(event.offer.shopOfferId, event.offer.productId);
    }, 90_000);

    afterAll(async () => {
      await h.stop();
      await cleanUp();
    });

    it('counts the cheapest (a tie too), within 5 % (exactly 5 % too), above, and what it cannot compare', async () => {
      const answer = await standing(owner);
      expect(answer).toMatchObject({
        country: 'CH',
        currency: 'CHF',
        countries: ['CH'],
        // The tie (the third shop's cheaper offer is stale and does not count) and the rival's
        // held price error.
        cheapestCount: 2,
        withinFivePercentCount: 2,
        aboveFivePercentCount: 2,
        notComparedCount: 1,
        heldCount: 1,
        totalProducts: 4,
        nextPageToken: '',
      });
    });

    it('lists the products it is not the cheapest of, the biggest gap first, with the cheapest shop', async () => {
      const { products } = await standing(owner);
      expect(products.map((row) => [row.productId, Math.round(row.gapPercent * 10) / 10])).toEqual([
        [productOf.get('E-TWENTY'), 20],
        [productOf.get('E-SHIPPING'), 10],
        [productOf.get('E-FIVE'), 5],
        [productOf.get('E-THREE'), 3],
      ]);
      expect(products[0]).toEqual({
        productId: productOf.get('E-TWENTY'),
        offerId: expect.stringMatching(/^of_/),
        price: { amountMinor: 12_000, currency: 'CHF' },
        lowestPrice: { amountMinor: 10_000, currency: 'CHF' },
        cheapestShopId: rivalId,
        cheapestShopName: 'Rival',
        gap: { amountMinor: 2_000, currency: 'CHF' },
        gapPercent: 20,
        shopsCount: 3,
        shippingStated: true,
      });
      // Compared by total, as the product page's cheapest: 110.00 against 100.00.
      expect(products[1]).toMatchObject({ price: { amountMinor: 11_000 }, gap: { amountMinor: 1_000 }, shopsCount: 2 });
    });

    it('pages by position with a token', async () => {
      const first = await standing(owner, { pageSize: 3 });
      expect(first.products.map((row) => row.productId)).toEqual(
        ['E-TWENTY', 'E-SHIPPING', 'E-FIVE'].map((id) => productOf.get(id)),
      );
      expect(first.nextPageToken).not.toBe('');
      const second = await standing(owner, { pageSize: 3, pageToken: first.nextPageToken });
      expect(second.products.map((row) => row.productId)).toEqual([productOf.get('E-THREE')]);
      expect(second).toMatchObject({ nextPageToken: '', totalProducts: 4, cheapestCount: 2 });
    });

    it('reads the later pages from the first page’s computation; the next first page sees a price that moved', async () => {
      const first = await standing(owner, { pageSize: 3 });
      // 124.00 against the rival's 100.00: a 24 % gap, first of a new computation.
      await h.observe(observation(shopId, 'E-THREE', THREE, 12_400, FREE));
      const fresh = await eventually(async () => {
        const answer = await standing(owner, { pageSize: 3 });
        return answer.products[0]?.productId === productOf.get('E-THREE') ? answer : undefined;
      });
      expect(fresh.computedAt!.getTime()).toBeGreaterThanOrEqual(first.computedAt!.getTime());
      const second = await standing(owner, { pageSize: 3, pageToken: first.nextPageToken });
      expect(second.products.map((row) => [row.productId, row.price?.amountMinor])).toEqual([
        [productOf.get('E-THREE'), 10_300],
      ]);
      expect(second.computedAt).toEqual(first.computedAt);
      // A token written before snapshots (gap and product only) goes on from its place in a new computation.
      const legacy = Buffer.from(JSON.stringify([5, productOf.get('E-FIVE')])).toString('base64url');
      expect((await standing(owner, { pageSize: 3, pageToken: legacy })).products).toEqual([]);

      await h.observe(observation(shopId, 'E-THREE', THREE, 10_300, FREE));
      await eventually(async () => (await standing(owner)).products.at(-1)?.productId === productOf.get('E-THREE'));
    });

    it('does not call the owner’s held price the cheapest in their offers list either', async () => {
      const { offers } = await h.offers.listOwnShopOffers(
        ListOwnShopOffersRequest.fromPartial({ actorUserId: owner, shopId, page: { hitsPerPage: 100 } }),
      );
      const row = (id: string) => offers.find((entry) => entry.offer?.offer?.shopOfferId === id);
      expect(row('E-OWN-ERROR')).toMatchObject({
        cheapest: false,
        cheapestPrice: { amountMinor: 10_000 },
        offer: { offer: { priceHold: { reason: 'implausibly_low', medianPrice: { amountMinor: 10_250 } } } },
      });
      expect(row('E-RIVAL-ERROR')).toMatchObject({ cheapest: true, cheapestPrice: { amountMinor: 10_000 } });
    });

    it('is for the owner and admins only', async () => {
      await expect(standing(stranger)).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
      await expect(standing('')).rejects.toMatchObject({ code: GrpcStatus.UNAUTHENTICATED });
      await expect(standing(owner, { shopId: 'sh_unknown' })).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
      expect((await standing(h.staffUserId)).totalProducts).toBe(4);
    });

    it('refuses a bad page size, page token or country, naming the field', async () => {
      for (const pageSize of [1001, -1])
        await expect(standing(owner, { pageSize })).rejects.toMatchObject({
          code: GrpcStatus.INVALID_ARGUMENT,
          violations: [expect.objectContaining({ field: 'page_size' })],
        });
      await expect(standing(owner, { pageToken: 'not-a-token' })).rejects.toMatchObject({
        code: GrpcStatus.INVALID_ARGUMENT,
        violations: [expect.objectContaining({ field: 'page_token' })],
      });
      for (const country of ['XX', 'DE'])
        await expect(standing(owner, { country })).rejects.toMatchObject({
          code: GrpcStatus.INVALID_ARGUMENT,
          violations: [expect.objectContaining({ field: 'country' })],
        });
    });
  });
}

describeStanding(
  'embedded engines',
  () => ({}),
  async () => undefined,
);

describeWithEngine('MONGODB_URI', 'price standing on MongoDB', (uri) => {
  const namespace = `ps-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  describeStanding(
    'MongoDB',
    () => ({ DOCUMENT_STORE: 'mongodb', MONGODB_URI: uri, PLATFORM_NAMESPACE: namespace }),
    () => dropDatabase(uri, mongoDatabaseName('offers', namespace)),
  );
});
