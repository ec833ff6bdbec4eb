import { status as GrpcStatus } from '@grpc/grpc-js';
import { PriceTrend } from '@pc/proto/common/v1/commerce';
import { GetPriceHistoryRequest, PriceHistoryRange } from '@pc/proto/offers/v1/offers';
import { ListPriceCheck } from '@pc/proto/offers/v1/types';
import { offerIdOf } from './domain/offer-record.js';
import { eventually, OffersHarness } from './test-support/offers-harness.js';
import { directoryShop, HEADPHONES, observation, SPEAKER } from './test-support/observations.js';

const DAY = 86_400_000;

/**
 * Price history and trend from a replayed past: the seed publishes months of observations with
 * past observed_at (in time order per item) and then one at "now". Two offers of one product:
 *
 *   alpha  day −60: 400.00   −45: 380.00   −20: 360.00   −3: 350.00   now: 350.00
 *   beta   day −50: 390.00   −25: 370.00   −10: 340.00   now: 345.00
 *
 * (all at 10:00 UTC). Everything older than the stale limit is history only; "now" lists both.
 */
describe('price history and trend from replayed observations (app.ts over gRPC)', () => {
  let h: OffersHarness;
  let productId = '';
  const shops = { alpha: '', beta: '' };
  const today = new Date(Math.floor(Date.now() / DAY) * DAY);
  const day = (offset: number, hour = 0) => new Date(today.getTime() + offset * DAY + hour * 3_600_000);
  const iso = (offset: number) => day(offset).toISOString();
  const history = (partial: Partial<GetPriceHistoryRequest>) =>
    h.offers.getPriceHistory(GetPriceHistoryRequest.fromPartial({ productId, country: 'CH', ...partial }));
  const lows = (response: {
    dailyLows: { day?: Date; low?: { amountMinor: number }; high?: { amountMinor: number }; offersCount: number }[];
  }) =>
    new Map(
      response.dailyLows.map((entry) => [
        entry.day?.toISOString(),
        [entry.low?.amountMinor, entry.high?.amountMinor, entry.offersCount],
      ]),
    );

  beforeAll(async () => {
    h = await OffersHarness.start();
    const alpha =
      (await h.offers.registerShop(directoryShop('Alpha Electronics', 'alpha.ch', ['CH'], h.staffUserId))).shop?.id ??
      '';
    const beta =
      (await h.offers.registerShop(directoryShop('Beta Sound', 'beta.ch', ['CH'], h.staffUserId))).shop?.id ?? '';
    Object.assign(shops, { alpha, beta });
    await h.offers.setFxRates({
      actorUserId: h.staffUserId,
      source: 'test',
      rates: [
        { baseCurrency: 'EUR', quoteCurrency: 'CHF', rate: '0.95', asOf: day(-100) },
        { baseCurrency: 'EUR', quoteCurrency: 'CHF', rate: '0.90', asOf: day(-5) },
      ],
    });
    const a = (offset: number, price: number) =>
      observation(alpha, 'A', HEADPHONES, price, { observedAt: day(offset, 10) });
    const b = (offset: number, price: number) =>
      observation(beta, 'B', HEADPHONES, price, { observedAt: day(offset, 10) });
    const now = h.now();
    await h.observe(
      a(-60, 40_000),
      b(-50, 39_000),
      a(-45, 38_000),
      b(-25, 37_000),
      a(-20, 36_000),
      b(-10, 34_000),
      a(-3, 35_000),
      observation(alpha, 'A', HEADPHONES, 35_000, { observedAt: now }),
      observation(beta, 'B', HEADPHONES, 34_500, { observedAt: now }),
    );
    await eventually(async () => {
      const offers = await h.offers.listOffers({
        productId: h.events.offerChanged[0]?.offer?.productId ?? '-',
        shopId: '',
        country: 'CH',
        inStockOnly: false,
        conditions: [],
        greenOnly: false,
        sort: 0,
        page: undefined,
        displayCurrency: '',
        productIds: [],
      });
      return (
        offers.offers.length === 2 &&
        offers.offers[0]?.id === offerIdOf(beta, 'B') &&
        offers.offers[0].price?.amountMinor === 34_500
      );
    });
    productId = h.events.offerChanged[0]?.offer?.productId ?? '';
  });

  afterAll(() => h.stop());

  it('answers one month of daily lows, carrying prices forward over days without a change', async () => {
    const response = await history({ range: PriceHistoryRange.PRICE_HISTORY_RANGE_ONE_MONTH });
    expect(response).toMatchObject({ productId, country: 'CH', currency: 'CHF', timeRange: { start: day(-29) } });
    expect(response.dailyLows).toHaveLength(30);
    const byDay = lows(response);
    expect(byDay.get(iso(-29))).toEqual([38_000, 39_000, 2]);
    expect(byDay.get(iso(-25))).toEqual([37_000, 39_000, 2]); // beta drops at 10:00: both prices that day
    expect(byDay.get(iso(-24))).toEqual([37_000, 38_000, 2]); // no change: carried forward
    expect(byDay.get(iso(-20))).toEqual([36_000, 38_000, 2]);
    expect(byDay.get(iso(-10))).toEqual([34_000, 37_000, 2]);
    expect(byDay.get(iso(-1))).toEqual([34_000, 35_000, 2]);
    expect(byDay.get(iso(0))).toEqual([34_000, 35_000, 2]);
    expect(response).toMatchObject({
      lowestPrice: { amountMinor: 34_000, currency: 'CHF' },
      lowestPriceAt: day(0),
      highestPrice: { amountMinor: 38_000, currency: 'CHF' },
      highestPriceAt: day(-26),
      currentPrice: { amountMinor: 34_500, currency: 'CHF' },
    });
  });

  it('answers longer ranges from the first day with offers, and explicit ranges', async () => {
    const quarter = await history({ range: PriceHistoryRange.PRICE_HISTORY_RANGE_THREE_MONTHS });
    expect(quarter.dailyLows).toHaveLength(61);
    expect(quarter.dailyLows[0]).toMatchObject({ day: day(-60), low: { amountMinor: 40_000 }, offersCount: 1 });
    expect(quarter.highestPrice?.amountMinor).toBe(40_000);
    expect((await history({ range: PriceHistoryRange.PRICE_HISTORY_RANGE_ALL })).dailyLows).toHaveLength(61);

    const explicit = await history({ timeRange: { start: day(-50), end: day(-40) } });
    expect(
      explicit.dailyLows.map((entry) => [entry.day?.toISOString(), entry.low?.amountMinor, entry.high?.amountMinor]),
    ).toEqual([
      [iso(-50), 39_000, 40_000],
      [iso(-49), 39_000, 40_000],
      [iso(-48), 39_000, 40_000],
      [iso(-47), 39_000, 40_000],
      [iso(-46), 39_000, 40_000],
      [iso(-45), 38_000, 40_000],
      [iso(-44), 38_000, 39_000],
      [iso(-43), 38_000, 39_000],
      [iso(-42), 38_000, 39_000],
      [iso(-41), 38_000, 39_000],
    ]);
  });

  it('returns each offer’s change points on request, starting with the price in effect', async () => {
    const response = await history({ range: PriceHistoryRange.PRICE_HISTORY_RANGE_ONE_MONTH, includeOffers: true });
    const series = new Map(
      response.offers.map((entry) => [
        entry.shop?.name,
        entry.points.map((point) => [point.at?.toISOString().slice(0, 13), point.price?.amountMinor]),
      ]),
    );
    expect(series.get('Alpha Electronics')).toEqual([
      [iso(-29).slice(0, 13), 38_000],
      [day(-20, 10).toISOString().slice(0, 13), 36_000],
      [day(-3, 10).toISOString().slice(0, 13), 35_000],
    ]);
    expect(series.get('Beta Sound')?.map(([, price]) => price)).toEqual([39_000, 37_000, 34_000, 34_500]);
  });

  it('converts history with the rate of each day', async () => {
    const response = await history({ range: PriceHistoryRange.PRICE_HISTORY_RANGE_ONE_MONTH, displayCurrency: 'EUR' });
    expect(response.currency).toBe('EUR');
    const byDay = lows(response);
    // 340.00 CHF: ÷ 0.95 up to day −6, ÷ 0.90 from day −5 (the new rate's day).
    expect(byDay.get(iso(-6))?.[0]).toBe(35_789);
    expect(byDay.get(iso(-5))?.[0]).toBe(37_778);
    expect(response.currentPrice).toEqual({ amountMinor: 38_333, currency: 'EUR' });
  });

  it('computes the trend against the average daily low of the window, in the summary too', async () => {
    const trend = await h.offers.getPriceTrend({ productId, country: 'CH', windowDays: 0, displayCurrency: '' });
    expect(trend).toMatchObject({
      trend: PriceTrend.PRICE_TREND_DOWN,
      currentPrice: { amountMinor: 34_500, currency: 'CHF' },
      referencePrice: { amountMinor: 35_833, currency: 'CHF' },
      change: { amountMinor: -1_333, currency: 'CHF' },
      changePercent: -3.72,
      since: day(-30),
    });
    const week = await h.offers.getPriceTrend({ productId, country: 'CH', windowDays: 7, displayCurrency: '' });
    expect(week).toMatchObject({
      trend: PriceTrend.PRICE_TREND_STABLE,
      referencePrice: { amountMinor: 34_000 },
      changePercent: 1.47,
    });
    // The summary applies the same rule (its reference is recomputed as past observations arrive).
    const summary = await eventually(async () => {
      const [found] = (
        await h.offers.getProductPriceSummaries({ productIds: [productId], country: 'CH', displayCurrency: '' })
      ).summaries;
      return found?.trend === PriceTrend.PRICE_TREND_DOWN && found;
    });
    expect(summary).toMatchObject({ priceDropPercent: 3.7, lowestPrice: { amountMinor: 34_500 }, offersCount: 2 });
  });

  it('recomputes a summary’s cached trend when older history arrives later', async () => {
    // Today's trend of the speaker is computed from alpha's history alone …
    await h.observe(
      observation(shops.alpha, 'SA', SPEAKER, 10_000, { observedAt: day(-40, 10) }),
      observation(shops.alpha, 'SA', SPEAKER, 10_000, { observedAt: h.now() }),
    );
    const speaker = await eventually(
      () =>
        h.events.priceChanged.find((event) => event.summary?.offersCount === 1 && event.productId !== productId)
          ?.productId,
    );
    const summaryOf = async () =>
      (await h.offers.getProductPriceSummaries({ productIds: [speaker], country: 'CH', displayCurrency: '' }))
        .summaries[0];
    expect(await summaryOf()).toMatchObject({ trend: PriceTrend.PRICE_TREND_STABLE, priceDropPercent: 0 });
    // … then beta's past arrives (history only: too old to be listed). Window lows drop to 80.00
    // and 90.00 on 19 of 30 days: the average falls to 88.33, so 100.00 now is UP.
    await h.observe(
      observation(shops.beta, 'SB', SPEAKER, 8_000, { observedAt: day(-20, 10) }),
      observation(shops.beta, 'SB', SPEAKER, 9_000, { observedAt: day(-5, 10) }),
    );
    // Both observations of beta must be in: after the first alone the trend is UP already (89.33).
    const trend = await eventually(async () => {
      if ((await summaryOf())?.trend !== PriceTrend.PRICE_TREND_UP) return undefined;
      const current = await h.offers.getPriceTrend({
        productId: speaker,
        country: 'CH',
        windowDays: 0,
        displayCurrency: '',
      });
      return current.referencePrice?.amountMinor === 8_833 ? current : undefined;
    });
    expect(trend).toMatchObject({
      trend: PriceTrend.PRICE_TREND_UP,
      referencePrice: { amountMinor: 8_833 },
      changePercent: 13.21,
    });
    expect((await summaryOf())?.offersCount).toBe(1);
  });

  it('tells the product’s true "was" price, its lowest price of 30 days and its lowest ever, with days', async () => {
    const trend = await h.offers.getPriceTrend({ productId, country: 'CH', windowDays: 0, displayCurrency: '' });
    // The lowest price (≤ 345.00) began on day −10 (beta's 340.00); the 30 days before it: 360.00 at least.
    expect(trend).toMatchObject({
      wasPrice: { amountMinor: 36_000, currency: 'CHF' },
      reducedAt: day(-10),
      lowest30Days: { amountMinor: 34_000 },
      lowest30DaysAt: day(0),
      lowestEver: { amountMinor: 34_000 },
      lowestEverAt: day(0),
    });
  });

  it('checks an offer’s list price against the lowest price of the 30 days before its reduction', async () => {
    const listed = () =>
      h.offers.listOffers({
        productId,
        shopId: '',
        country: 'CH',
        inStockOnly: false,
        conditions: [],
        greenOnly: false,
        sort: 0,
        page: undefined,
        displayCurrency: '',
        productIds: [],
      });
    const byId = async () => new Map((await listed()).offers.map((offer) => [offer.id, offer]));
    const alpha = offerIdOf(shops.alpha, 'A');
    const beta = offerIdOf(shops.beta, 'B');
    // alpha: 350.00 since day −3; in the 30 days before it charged 380.00 and 360.00: was 360.00.
    expect((await byId()).get(alpha)?.reduction).toMatchObject({
      wasPrice: { amountMinor: 36_000 },
      displayWasPrice: { amountMinor: 36_000 },
      reducedAt: day(-3, 10),
      listPriceCheck: ListPriceCheck.LIST_PRICE_CHECK_UNSPECIFIED,
    });
    // beta went up to 345.00 now from 340.00: no reduction.
    expect((await byId()).get(beta)?.reduction?.wasPrice).toBeUndefined();
    const claim = async (amountMinor: number) => {
      await h.observe(
        observation(shops.alpha, 'A', HEADPHONES, 35_000, {
          observedAt: h.now(),
          originalPrice: { amountMinor, currency: 'CHF' },
        }),
      );
      return eventually(async () => {
        const offer = (await byId()).get(alpha);
        return offer?.listPrice?.amountMinor === amountMinor && offer.reduction?.listPriceCheck;
      });
    };
    expect(await claim(49_900)).toBe(ListPriceCheck.LIST_PRICE_CHECK_NOT_SEEN);
    expect(await claim(38_000)).toBe(ListPriceCheck.LIST_PRICE_CHECK_NOT_LOWEST);
    expect(await claim(36_000)).toBe(ListPriceCheck.LIST_PRICE_CHECK_CONFIRMED);
  });

  it('has no trend for a product with too little history', async () => {
    const trend = await h.offers.getPriceTrend({
      productId: 'no-such-product',
      country: 'CH',
      windowDays: 0,
      displayCurrency: '',
    });
    expect(trend.trend).toBe(PriceTrend.PRICE_TREND_UNSPECIFIED);
    expect(trend.currentPrice).toBeUndefined();
  });

  it('rejects bad history and trend requests', async () => {
    const invalid = (request: Promise<unknown>, field: string) =>
      expect(request).rejects.toMatchObject({
        code: GrpcStatus.INVALID_ARGUMENT,
        violations: [expect.objectContaining({ field })],
      });
    await invalid(h.offers.getPriceHistory(GetPriceHistoryRequest.fromPartial({ country: 'CH' })), 'product_id');
    await invalid(history({ country: '*' }), 'country');
    await invalid(history({ timeRange: { start: day(-1), end: day(-2) } }), 'time_range.end');
    await invalid(history({ timeRange: { start: day(-1200), end: day(0) } }), 'time_range');
    await invalid(
      h.offers.getPriceTrend({ productId, country: 'CH', windowDays: 366, displayCurrency: '' }),
      'window_days',
    );
  });
});
