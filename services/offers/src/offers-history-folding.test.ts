import { GetPriceHistoryRequest } from '@pc/proto/offers/v1/offers';
import { offerIdOf } from './domain/offer-record.js';
import { eventually, OffersHarness } from './test-support/offers-harness.js';
import { directoryShop, HEADPHONES, observation } from './test-support/observations.js';

/**
 * The freshness sweep folds the day documents of a finished month into one document per offer
 * (ADR 028). What a visitor reads must not change: the same daily lows and change points before
 * and after. Alpha changed on six days of the month two months back, beta on two (left as days),
 * gamma on four but was not seen since (ingest could still record into that month: left as days).
 */
describe('price history of finished months folded by the sweep (app.ts over gRPC)', () => {
  let h: OffersHarness;
  let productId = '';
  let end = new Date();
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1));
  const day = (n: number, hour = 10) => new Date(monthStart.getTime() + (n - 1) * 86_400_000 + hour * 3_600_000);
  const history = () =>
    h.offers.getPriceHistory(
      GetPriceHistoryRequest.fromPartial({
        productId,
        country: 'CH',
        includeOffers: true,
        timeRange: { start: monthStart, end },
      }),
    );

  beforeAll(async () => {
    h = await OffersHarness.start();
    const alpha =
      (await h.offers.registerShop(directoryShop('Alpha Electronics', 'alpha.ch', ['CH'], h.staffUserId))).shop?.id ??
      '';
    const beta =
      (await h.offers.registerShop(directoryShop('Beta Sound', 'beta.ch', ['CH'], h.staffUserId))).shop?.id ?? '';
    const a = (n: number, price: number, hour = 10) =>
      observation(alpha, 'A', HEADPHONES, price, { observedAt: day(n, hour) });
    const b = (n: number, price: number) => observation(beta, 'B', HEADPHONES, price, { observedAt: day(n) });
    const gamma =
      (await h.offers.registerShop(directoryShop('Gamma Audio', 'gamma.ch', ['CH'], h.staffUserId))).shop?.id ?? '';
    const c = (n: number, price: number) => observation(gamma, 'C', HEADPHONES, price, { observedAt: day(n) });
    await h.observe(
      a(3, 40_000),
      b(4, 41_000),
      a(5, 39_000),
      a(8, 38_500),
      a(8, 38_000, 18),
      b(11, 40_500),
      a(12, 39_500),
      a(20, 37_000),
      a(25, 36_000),
      c(2, 45_000),
      c(6, 44_000),
      c(9, 43_000),
      c(27, 42_000),
      observation(alpha, 'A', HEADPHONES, 35_000, { observedAt: h.now() }),
      observation(beta, 'B', HEADPHONES, 40_000, { observedAt: h.now() }),
    );
    await eventually(
      async () =>
        (await h.storedOffer(offerIdOf(beta, 'B')))?.price.amountMinor === 40_000 &&
        (await h.storedOffer(offerIdOf(alpha, 'A')))?.price.amountMinor === 35_000 &&
        (await h.storedOffer(offerIdOf(gamma, 'C')))?.price.amountMinor === 42_000,
    );
    productId = (await h.storedOffer(offerIdOf(alpha, 'A')))?.productId ?? '';
    end = h.now();
  });

  afterAll(() => h.stop());

  it('folds an offer’s six days into its month, leaves the other two offers’ days, and answers the same history', async () => {
    const before = await history();
    expect(
      before.offers
        .find((entry) => entry.shop?.name === 'Alpha Electronics')
        ?.points.map((point) => point.price?.amountMinor),
    ).toEqual([40_000, 39_000, 38_500, 38_000, 39_500, 37_000, 36_000, 35_000]);

    const report = await h.app.sweep.runOnce();
    expect(report.daysFolded).toBe(6);

    expect(await history()).toEqual(before);
    expect((await h.app.sweep.runOnce()).daysFolded).toBe(0);
  });
});
