import { GetPriceHistoryRequest, ListOffersRequest } from '@pc/proto/offers/v1/offers';
import { offerIdOf } from './domain/offer-record.js';
import { eventually, OffersHarness } from './test-support/offers-harness.js';
import { directoryShop, gtin14, HEADPHONES, observation, type ProductIdentity } from './test-support/observations.js';

/** The same headphones as a shop wrote them without a GTIN and with another MPN: catalog made a second product. */
const DUPLICATE: ProductIdentity = {
  title: 'Sony Noise Cancelling Bluetooth Over-Ear Headset, black (2022)',
  brand: 'Sony Europe',
  gtin: gtin14('4548736132627'),
  mpn: 'WH1000XM5/B',
};

/** catalog merges a duplicate product: its offers, their history and the summaries follow in offers. */
describe('offers following catalog merges (app.ts over gRPC)', () => {
  let h: OffersHarness;
  let alpha = '';
  let beta = '';
  let kept = '';
  let duplicate = '';
  const listed = async (productId: string) =>
    (await h.offers.listOffers(ListOffersRequest.fromPartial({ productId, country: 'CH' }))).offers.map(
      (offer) => offer.id,
    );

  beforeAll(async () => {
    h = await OffersHarness.start();
    alpha =
      (await h.offers.registerShop(directoryShop('Alpha Electronics', 'alpha.ch', ['CH'], h.staffUserId))).shop?.id ??
      '';
    beta = (await h.offers.registerShop(directoryShop('Beta Sound', 'beta.ch', ['CH'], h.staffUserId))).shop?.id ?? '';
    const now = Date.now();
    await h.observe(
      observation(alpha, 'A-1', HEADPHONES, 34_900, { observedAt: new Date(now - 3 * 86_400_000) }),
      observation(alpha, 'A-1', HEADPHONES, 33_900, { observedAt: new Date(now - 60_000) }),
      observation(beta, 'B-1', DUPLICATE, 32_900, { observedAt: new Date(now - 2 * 86_400_000) }),
      observation(beta, 'B-1', DUPLICATE, 31_900, { observedAt: new Date(now - 60_000) }),
    );
    await eventually(() => h.events.offerChanged.filter((event) => event.offer?.productId).length === 4);
    kept = h.events.offerChanged.find((event) => event.offerId === offerIdOf(alpha, 'A-1'))?.offer?.productId ?? '';
    duplicate = h.events.offerChanged.find((event) => event.offerId === offerIdOf(beta, 'B-1'))?.offer?.productId ?? '';
    expect(duplicate).not.toBe(kept);
  });

  afterAll(() => h.stop());

  it('moves the merged product’s offers to the surviving product, with OfferChanged and new summaries', async () => {
    await h.catalog.mergeProducts({
      actorUserId: await h.adminId(),
      targetProductId: kept,
      sourceProductIds: [duplicate],
    });

    const moved = await eventually(() =>
      h.events.offerChanged.find(
        (event) => event.offerId === offerIdOf(beta, 'B-1') && event.changedFields.includes('product_id'),
      ),
    );
    expect(moved.offer?.productId).toBe(kept);
    await eventually(async () => (await listed(kept)).length === 2);
    expect(await listed(duplicate)).toEqual([]);
    const summary = await eventually(() =>
      h.events.priceChanged.find((event) => event.productId === kept && event.summary?.offersCount === 2),
    );
    expect(summary.summary?.lowestPrice).toEqual({ amountMinor: 31_900, currency: 'CHF' });
    await eventually(() =>
      h.events.priceChanged.find((event) => event.productId === duplicate && event.summary?.offersCount === 0),
    );
  });

  it('takes the moved offers’ price history along', async () => {
    const history = await h.offers.getPriceHistory(
      GetPriceHistoryRequest.fromPartial({ productId: kept, country: 'CH', includeOffers: true }),
    );
    expect(history.offers.map((offer) => offer.offerId).sort()).toEqual(
      [offerIdOf(alpha, 'A-1'), offerIdOf(beta, 'B-1')].sort(),
    );
    const moved = history.offers.find((offer) => offer.offerId === offerIdOf(beta, 'B-1'));
    expect(moved?.points.map((point) => point.price?.amountMinor)).toEqual([32_900, 31_900]);
  });

  it('keeps a moved offer on the surviving product when it changes later', async () => {
    await h.observe(observation(beta, 'B-1', { ...DUPLICATE, title: `${DUPLICATE.title} - new` }, 30_900));
    const changed = await eventually(() =>
      h.events.offerChanged.find(
        (event) => event.offerId === offerIdOf(beta, 'B-1') && event.offer?.price?.amountMinor === 30_900,
      ),
    );
    expect(changed.offer?.productId).toBe(kept);
  });
});
