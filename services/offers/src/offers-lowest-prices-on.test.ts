import { status as GrpcStatus } from '@grpc/grpc-js';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { mongoDatabaseName } from '@pc/mongodb-document-store/database-name';
import { dropDatabase } from '@pc/mongodb-document-store/test-support/test-database';
import { GetLowestPricesOnRequest, type ProductDay } from '@pc/proto/offers/v1/offers';
import { offerIdOf } from './domain/offer-record.js';
import { eventually, OffersHarness } from './test-support/offers-harness.js';
import { directoryShop, HEADPHONES, observation, SPEAKER } from './test-support/observations.js';

const DAY = 86_400_000;

/**
 * GetLowestPricesOn (ADR 143): the daily low of products on given days, as the favourites pages
 * ask for the price on each item's saved day. Two shops price the headphones (all at 10:00 UTC):
 *
 *   alpha  day −10: 400.00   day −5: 380.00   now: 350.00
 *   beta   day −8:  390.00                    now: 360.00
 *
 * and the speaker is offered from day −3 on (120.00).
 */
function describeLowestPricesOn(name: string, env: () => Record<string, string>, cleanUp: () => Promise<void>) {
  describe(`a product's lowest price on a day (GetLowestPricesOn over gRPC, ${name})`, () => {
    let h: OffersHarness;
    const product = { headphones: '', speaker: '' };
    const today = new Date(Math.floor(Date.now() / DAY) * DAY);
    const day = (offset: number, hour = 0) => new Date(today.getTime() + offset * DAY + hour * 3_600_000);
    const ask = (items: Partial<ProductDay>[], partial: Partial<GetLowestPricesOnRequest> = {}) =>
      h.offers.getLowestPricesOn(GetLowestPricesOnRequest.fromPartial({ items, country: 'CH', ...partial }));
    const answered = (response: {
      prices: { productId: string; day?: Date; lowestPrice?: { amountMinor: number; currency: string } }[];
    }) =>
      response.prices.map((price) => [
        price.productId === product.headphones ? 'headphones' : price.productId === product.speaker ? 'speaker' : '?',
        price.day?.toISOString(),
        price.lowestPrice?.amountMinor,
        price.lowestPrice?.currency,
      ]);

    beforeAll(async () => {
      h = await OffersHarness.start(env());
      const register = async (title: string, domain: string) =>
        (await h.offers.registerShop(directoryShop(title, domain, ['CH'], h.staffUserId))).shop?.id ?? '';
      const alpha = await register('Alpha Electronics', 'alpha.ch');
      const beta = await register('Beta Sound', 'beta.ch');
      await h.offers.setFxRates({
        actorUserId: h.staffUserId,
        source: 'test',
        rates: [
          { baseCurrency: 'EUR', quoteCurrency: 'CHF', rate: '0.95', asOf: day(-100) },
          { baseCurrency: 'EUR', quoteCurrency: 'CHF', rate: '0.90', asOf: day(-6) },
        ],
      });
      const now = h.now();
      await h.observe(
        observation(alpha, 'A', HEADPHONES, 40_000, { observedAt: day(-10, 10) }),
        observation(beta, 'B', HEADPHONES, 39_000, { observedAt: day(-8, 10) }),
        observation(alpha, 'A', HEADPHONES, 38_000, { observedAt: day(-5, 10) }),
        observation(alpha, 'S', SPEAKER, 12_000, { observedAt: day(-3, 10) }),
        observation(alpha, 'A', HEADPHONES, 35_000, { observedAt: now }),
        observation(beta, 'B', HEADPHONES, 36_000, { observedAt: now }),
        observation(alpha, 'S', SPEAKER, 12_000, { observedAt: now }),
      );
      const productOf = (offerId: string) =>
        h.events.offerChanged.find((event) => event.offerId === offerId)?.offer?.productId ?? '';
      await eventually(async () => {
        product.headphones = productOf(offerIdOf(alpha, 'A'));
        product.speaker = productOf(offerIdOf(alpha, 'S'));
        if (!product.headphones || !product.speaker) return false;
        const [headphones, speaker] = (
          await h.offers.getProductPriceSummaries({
            productIds: [product.headphones, product.speaker],
            country: 'CH',
            displayCurrency: '',
          })
        ).summaries;
        return headphones?.lowestPrice?.amountMinor === 35_000 && headphones.offersCount === 2 && speaker !== undefined;
      });
    });

    afterAll(async () => {
      await h.stop();
      await cleanUp();
    });

    it('answers each product’s daily low on the days asked, in request order, from one call', async () => {
      const response = await ask([
        { productId: product.headphones, day: day(-9, 15) },
        { productId: product.speaker, day: day(-1, 8) },
        { productId: product.headphones, day: day(-8, 23) },
        { productId: product.headphones, day: day(-5, 1) },
        { productId: product.headphones, day: day(0, 0) },
      ]);
      expect(answered(response)).toEqual([
        ['headphones', day(-9).toISOString(), 40_000, 'CHF'],
        ['speaker', day(-1).toISOString(), 12_000, 'CHF'],
        // Beta's 390.00 from 10:00 is that day's low; alpha's 380.00 counts from 10:00 of day −5.
        ['headphones', day(-8).toISOString(), 39_000, 'CHF'],
        ['headphones', day(-5).toISOString(), 38_000, 'CHF'],
        ['headphones', day(0).toISOString(), 35_000, 'CHF'],
      ]);
    });

    it('leaves out days without a low: before any history, a day not begun, an unknown product', async () => {
      const response = await ask([
        { productId: product.headphones, day: day(-20, 12) },
        { productId: product.speaker, day: day(-4, 12) },
        { productId: product.headphones, day: day(2, 12) },
        { productId: 'p_unknown', day: day(-1) },
        { productId: product.headphones, day: day(-7) },
        { productId: product.headphones, day: day(-7, 18) },
      ]);
      // The same day asked twice is answered once.
      expect(answered(response)).toEqual([['headphones', day(-7).toISOString(), 39_000, 'CHF']]);
      expect((await ask([{ productId: product.speaker, day: day(-1) }], { country: 'DE' })).prices).toEqual([]);
    });

    it('converts into the display currency with the rate of the day', async () => {
      const response = await ask([{ productId: product.headphones, day: day(-8) }], { displayCurrency: 'EUR' });
      // 390.00 CHF ÷ 0.95 (the rate before day −6).
      expect(answered(response)).toEqual([['headphones', day(-8).toISOString(), 41_053, 'EUR']]);
    });

    it('names the bad fields: no pairs, too many, empty ids, days and countries missing', async () => {
      const invalid = (items: Partial<ProductDay>[], partial: Partial<GetLowestPricesOnRequest>, fields: string[]) =>
        expect(ask(items, partial)).rejects.toMatchObject({
          code: GrpcStatus.INVALID_ARGUMENT,
          violations: fields.map((field) => expect.objectContaining({ field })),
        });
      await invalid([], {}, ['items']);
      await invalid(
        Array.from({ length: 101 }, (_, i) => ({ productId: `p_${i}`, day: day(-1) })),
        {},
        ['items'],
      );
      await invalid(
        [{ productId: product.headphones, day: day(-1) }, { productId: ' ', day: day(-1) }, { productId: 'p_x' }],
        { country: '', displayCurrency: 'francs' },
        ['items[1].product_id', 'items[2].day', 'country', 'display_currency'],
      );
      expect(
        (await ask(Array.from({ length: 100 }, (_, i) => ({ productId: `p_${i}`, day: day(-1) })))).prices,
      ).toEqual([]);
    });
  });
}

describeLowestPricesOn(
  'embedded engines',
  () => ({}),
  async () => undefined,
);

describeWithEngine('MONGODB_URI', 'lowest prices on a day on MongoDB', (uri) => {
  const namespace = `lpo-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  describeLowestPricesOn(
    'MongoDB',
    () => ({ DOCUMENT_STORE: 'mongodb', MONGODB_URI: uri, PLATFORM_NAMESPACE: namespace }),
    () => dropDatabase(uri, mongoDatabaseName('offers', namespace)),
  );
});
