import { status as GrpcStatus } from '@grpc/grpc-js';
import { Availability, Condition } from '@pc/proto/common/v1/commerce';
import {
  GetPriceHistoryRequest,
  ListOffersRequest,
  OfferSort,
  type StreamProductPriceSummariesResponse,
} from '@pc/proto/offers/v1/offers';
import type { ProductPriceSummary } from '@pc/proto/offers/v1/types';
import { storeOperationsDuring } from '@pc/kit/testing/store-operations';
import { offerIdOf } from './domain/offer-record.js';
import { eventually, OffersHarness } from './test-support/offers-harness.js';
import { directoryShop, HEADPHONES, observation, SPEAKER } from './test-support/observations.js';

const MINUTE = 60_000;

/**
 * What the product page reads: offers lists (filters, sorts, paging, facets, display currency),
 * price summaries, prices abroad with FX conversion, and the FX rates themselves.
 */
describe('offers listings, summaries, prices abroad and FX (app.ts over gRPC)', () => {
  let h: OffersHarness;
  const shop = { alpha: '', beta: '', gamma: '' };
  let headphones = '';
  let speaker = '';
  const id = (shopId: string, sku: string) => offerIdOf(shopId, sku);
  const list = (partial: Partial<ListOffersRequest>) =>
    h.offers.listOffers(ListOffersRequest.fromPartial({ productId: headphones, country: 'CH', ...partial }));
  const ids = (response: { offers: { id: string }[] }) => response.offers.map((offer) => offer.id);
  /**
   * Each summary carries a version, the one its latest ProductPriceChanged carried (which a reader
   * such as search's rebuild orders it by): waited for, as the events trail the write.
   */
  const expectEventVersions = async (summaries: readonly (ProductPriceSummary | undefined)[]) => {
    for (const summary of summaries) expect(summary?.version).toBeGreaterThan(0);
    const eventVersion = (summary: ProductPriceSummary | undefined) =>
      Math.max(
        ...h.events.priceChanged
          .filter((event) => event.productId === summary?.productId && event.country === summary.country)
          .map((event) => event.version),
      );
    await eventually(() => summaries.every((summary) => summary?.version === eventVersion(summary)));
  };

  beforeAll(async () => {
    h = await OffersHarness.start();
    shop.alpha =
      (await h.offers.registerShop(directoryShop('Alpha Electronics', 'alpha.ch', ['CH'], h.staffUserId))).shop?.id ??
      '';
    shop.beta =
      (await h.offers.registerShop(directoryShop('Beta Sound', 'beta.ch', ['CH', 'DE'], h.staffUserId))).shop?.id ?? '';
    shop.gamma =
      (await h.offers.registerShop(directoryShop('gamma markt', 'gamma.de', ['DE', 'FR'], h.staffUserId))).shop?.id ??
      '';
    await h.offers.setFxRates({
      actorUserId: h.staffUserId,
      source: 'test',
      rates: [
        { baseCurrency: 'EUR', quoteCurrency: 'CHF', rate: '0.9412', asOf: new Date(Date.now() - 86_400_000) },
        { baseCurrency: 'EUR', quoteCurrency: 'GBP', rate: '0.8537', asOf: new Date(Date.now() - 86_400_000) },
      ],
    });
    const now = Date.now();
    const eur = (amountMinor: number) => ({ amountMinor, currency: 'EUR' });
    await h.observe(
      observation(shop.alpha, 'A-1', HEADPHONES, 34_900, {
        isGreen: true,
        shipping: { amountMinor: 0, currency: 'CHF' },
        observedAt: new Date(now - 3 * MINUTE),
      }),
      observation(shop.alpha, 'A-2', HEADPHONES, 29_900, {
        availability: Availability.AVAILABILITY_OUT_OF_STOCK,
        condition: Condition.CONDITION_REFURBISHED,
        observedAt: new Date(now - 2 * MINUTE),
      }),
      observation(shop.beta, 'B-1', HEADPHONES, 32_900, {
        availability: Availability.AVAILABILITY_LIMITED,
        shipping: { amountMinor: 990, currency: 'CHF' },
        observedAt: new Date(now - MINUTE),
      }),
      observation(shop.beta, 'B-2', HEADPHONES, 0, { price: eur(29_999), country: 'DE' }),
      observation(shop.gamma, 'G-1', HEADPHONES, 0, {
        price: eur(28_999),
        country: 'DE',
        condition: Condition.CONDITION_USED,
      }),
      observation(shop.gamma, 'G-2', HEADPHONES, 0, { price: eur(31_000), country: 'FR', isGreen: true }),
      observation(shop.alpha, 'S-1', SPEAKER, 1_200),
      observation(shop.gamma, 'S-2', SPEAKER, 0, { price: eur(1_250), country: 'DE' }),
    );
    // Every offer applied: the five product/country summaries exist and the Swiss one counts three offers.
    await eventually(() => {
      const events = h.events.priceChanged;
      const keys = new Set(events.map((event) => `${event.productId}:${event.country}`));
      const swiss = events.filter((event) => event.country === 'CH' && event.summary?.offersCount === 3);
      return keys.size === 5 && swiss.length > 0 && h.events.offerChanged.length === 8;
    });
    headphones = h.events.offerChanged.find((event) => event.offerId === id(shop.alpha, 'A-1'))?.offer?.productId ?? '';
    speaker = h.events.offerChanged.find((event) => event.offerId === id(shop.alpha, 'S-1'))?.offer?.productId ?? '';
    expect(headphones).not.toBe(speaker);
  });

  afterAll(() => h.stop());

  it('lists a product’s offers in a country, cheapest total first, with positions, counts and the country facet', async () => {
    const response = await list({});
    // B-1 329.00 + 9.90 shipping = 338.90 before A-1 349.00 with free shipping; A-2 299.00 states no shipping: after every known total.
    expect(ids(response)).toEqual([id(shop.beta, 'B-1'), id(shop.alpha, 'A-1'), id(shop.alpha, 'A-2')]);
    expect(
      response.offers.map((offer) => [
        offer.position,
        offer.rel,
        offer.shop?.name,
        offer.total?.amountMinor,
        offer.displayTotal?.amountMinor,
        offer.displayShipping?.amountMinor,
      ]),
    ).toEqual([
      [1, 'nofollow sponsored noopener', 'Beta Sound', 33_890, 33_890, 990],
      [2, 'nofollow sponsored noopener', 'Alpha Electronics', 34_900, 34_900, 0],
      [3, 'nofollow sponsored noopener', 'Alpha Electronics', undefined, undefined, undefined],
    ]);
    expect(response).toMatchObject({
      allCount: 3,
      inStockCount: 2,
      page: { page: 1, hitsPerPage: 10, total: 3, pages: 1 },
    });
    expect(response.countries).toEqual([
      { value: 'CH', count: 3 },
      { value: 'DE', count: 2 },
      { value: 'FR', count: 1 },
    ]);
  });

  it('filters by stock (in stock or limited), condition and the green leaf', async () => {
    const inStock = await list({ inStockOnly: true });
    expect(ids(inStock)).toEqual([id(shop.beta, 'B-1'), id(shop.alpha, 'A-1')]);
    expect(inStock).toMatchObject({ allCount: 3, inStockCount: 2, page: { total: 2 } });
    expect(ids(await list({ conditions: [Condition.CONDITION_NEW] }))).toEqual([
      id(shop.beta, 'B-1'),
      id(shop.alpha, 'A-1'),
    ]);
    expect(ids(await list({ greenOnly: true }))).toEqual([id(shop.alpha, 'A-1')]);
  });

  it('sorts by item price, price with shipping (unknown last), shop name and recency', async () => {
    expect(ids(await list({ sort: OfferSort.OFFER_SORT_ITEM_PRICE }))).toEqual([
      id(shop.alpha, 'A-2'),
      id(shop.beta, 'B-1'),
      id(shop.alpha, 'A-1'),
    ]);
    expect(ids(await list({ sort: OfferSort.OFFER_SORT_MOST_EXPENSIVE }))).toEqual([
      id(shop.alpha, 'A-1'),
      id(shop.beta, 'B-1'),
      id(shop.alpha, 'A-2'),
    ]);
    expect(ids(await list({ sort: OfferSort.OFFER_SORT_CHEAPEST_WITH_SHIPPING }))).toEqual([
      id(shop.beta, 'B-1'),
      id(shop.alpha, 'A-1'),
      id(shop.alpha, 'A-2'),
    ]);
    expect(ids(await list({ sort: OfferSort.OFFER_SORT_SHOP_NAME }))).toEqual([
      id(shop.alpha, 'A-1'),
      id(shop.alpha, 'A-2'),
      id(shop.beta, 'B-1'),
    ]);
    expect(ids(await list({ sort: OfferSort.OFFER_SORT_NEWEST }))).toEqual([
      id(shop.beta, 'B-1'),
      id(shop.alpha, 'A-2'),
      id(shop.alpha, 'A-1'),
    ]);
  });

  it('pages with 1-based positions across pages', async () => {
    const second = await list({ page: { page: 2, hitsPerPage: 2 } });
    expect(second.offers.map((offer) => [offer.id, offer.position])).toEqual([[id(shop.alpha, 'A-2'), 3]]);
    expect(second.page).toMatchObject({ page: 2, hitsPerPage: 2, total: 3, pages: 2 });
    expect((await list({ page: { page: 3, hitsPerPage: 2 } })).offers).toEqual([]);
  });

  it('lists every country at once, compared and shown in the display currency', async () => {
    const all = await list({ country: '*', displayCurrency: 'CHF' });
    // Known totals first, then the offers without shipping by converted price.
    expect(ids(all)).toEqual([
      id(shop.beta, 'B-1'),
      id(shop.alpha, 'A-1'),
      id(shop.gamma, 'G-1'),
      id(shop.beta, 'B-2'),
      id(shop.gamma, 'G-2'),
      id(shop.alpha, 'A-2'),
    ]);
    expect(all.offers[2]).toMatchObject({
      price: { amountMinor: 28_999, currency: 'EUR' },
      displayPrice: { amountMinor: 27_294, currency: 'CHF' },
      fxRate: { baseCurrency: 'EUR', quoteCurrency: 'CHF', rate: '0.9412' },
    });
    expect(all.offers[5]).toMatchObject({ displayPrice: { amountMinor: 29_900, currency: 'CHF' } });
    expect(all.offers[5]?.fxRate).toBeUndefined();
  });

  it('lists a shop’s offers, with its countries as facet', async () => {
    const response = await h.offers.listOffers(ListOffersRequest.fromPartial({ shopId: shop.beta, country: '*' }));
    expect(ids(response)).toEqual([id(shop.beta, 'B-1'), id(shop.beta, 'B-2')]);
    expect(
      ids(
        await h.offers.listOffers(
          ListOffersRequest.fromPartial({ shopId: shop.beta, country: '*', sort: OfferSort.OFFER_SORT_ITEM_PRICE }),
        ),
      ),
    ).toEqual([id(shop.beta, 'B-2'), id(shop.beta, 'B-1')]);
    expect(response.countries).toEqual([
      { value: 'CH', count: 1 },
      { value: 'DE', count: 1 },
    ]);
    const german = await h.offers.listOffers(ListOffersRequest.fromPartial({ shopId: shop.beta, country: 'DE' }));
    expect(german).toMatchObject({ allCount: 1, inStockCount: 1, page: { total: 1 } });
  });

  it('rejects bad requests with the offending fields and unknown shops with NOT_FOUND', async () => {
    const invalid = (partial: Partial<ListOffersRequest>, field: string) =>
      expect(h.offers.listOffers(ListOffersRequest.fromPartial(partial))).rejects.toMatchObject({
        code: GrpcStatus.INVALID_ARGUMENT,
        violations: [expect.objectContaining({ field })],
      });
    await invalid({ country: 'CH' }, 'product_id');
    await invalid({ productId: headphones }, 'country');
    await invalid({ productId: headphones, country: 'Switzerland' }, 'country');
    await invalid({ productId: headphones, country: 'CH', displayCurrency: 'francs' }, 'display_currency');
    await invalid({ productId: headphones, country: 'CH', conditions: [42 as Condition] }, 'conditions[0]');
    await invalid({ productId: headphones, country: 'CH', page: { page: 1, hitsPerPage: 101 } }, 'page.hits_per_page');
    await expect(
      h.offers.listOffers(ListOffersRequest.fromPartial({ shopId: 'sh_nope', country: '*' })),
    ).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
    expect((await list({ productId: 'no-such-product' })).offers).toEqual([]);
  });

  it('returns one offer with the price converted (inverse rate), and NOT_FOUND for an unknown one', async () => {
    const { offer } = await h.offers.getOffer({ offerId: id(shop.alpha, 'A-1'), displayCurrency: 'EUR' });
    expect(offer).toMatchObject({
      price: { amountMinor: 34_900, currency: 'CHF' },
      displayPrice: { amountMinor: 37_080, currency: 'EUR' },
      fxRate: { rate: '1.0624734382' },
    });
    await expect(h.offers.getOffer({ offerId: 'of_nope', displayCurrency: '' })).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
    await expect(h.offers.getOffer({ offerId: '', displayCurrency: '' })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
    });
  });

  it('answers price summaries in request order, only for products with offers in the country', async () => {
    const { summaries } = await h.offers.getProductPriceSummaries({
      productIds: [speaker, 'no-such-product', headphones],
      country: 'CH',
      displayCurrency: '',
    });
    expect(
      summaries.map((summary) => [
        summary.productId,
        summary.lowestPrice?.amountMinor,
        summary.offersCount,
        summary.inStockOffersCount,
      ]),
    ).toEqual([
      [speaker, 1_200, 1, 1],
      [headphones, 29_900, 3, 2],
    ]);
    await expectEventVersions(summaries);
    const inEuro = await h.offers.getProductPriceSummaries({
      productIds: [headphones],
      country: 'CH',
      displayCurrency: 'EUR',
    });
    expect(inEuro.summaries[0]).toMatchObject({
      lowestPrice: { amountMinor: 31_768, currency: 'EUR' },
      highestPrice: { amountMinor: 37_080, currency: 'EUR' },
      hasGreenOffer: true,
    });
    await expect(
      h.offers.getProductPriceSummaries({
        productIds: Array.from({ length: 101 }, (_, i) => `p${i}`),
        country: 'CH',
        displayCurrency: '',
      }),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
    });
  });

  it('streams the summaries changed since a time, optionally of one country', async () => {
    const read = async (request: { updatedAfter?: Date; country: string }) => {
      const messages: StreamProductPriceSummariesResponse[] = [];
      for await (const message of h.offers.streamProductPriceSummaries(request)) messages.push(message);
      return messages;
    };
    const all = await read({ country: '' });
    expect(
      all.map((m) => `${m.summary?.productId === headphones ? 'headphones' : 'speaker'}:${m.summary?.country}`).sort(),
    ).toEqual(['headphones:CH', 'headphones:DE', 'headphones:FR', 'speaker:CH', 'speaker:DE']);
    const times = all.map((m) => m.summary?.updatedAt?.getTime() ?? 0);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    await expectEventVersions(all.map((m) => m.summary));
    expect((await read({ country: 'DE' })).map((m) => m.summary?.country)).toEqual(['DE', 'DE']);
    expect(await read({ country: '', updatedAfter: new Date(Date.now() + 60_000) })).toEqual([]);
  });

  it('compares prices abroad in the visitor’s currency, rounding half-up, cheapest first', async () => {
    const { home, abroad } = await h.offers.getPricesAbroad({
      productId: headphones,
      homeCountry: 'CH',
      displayCurrency: 'CHF',
      countries: [],
    });
    expect(home).toMatchObject({
      country: 'CH',
      lowestPrice: { amountMinor: 29_900, currency: 'CHF' },
      convertedPrice: { amountMinor: 29_900, currency: 'CHF' },
      offersCount: 3,
    });
    expect(home?.difference).toBeUndefined();
    expect(
      abroad.map((row) => [
        row.country,
        row.lowestPrice?.amountMinor,
        row.convertedPrice?.amountMinor,
        row.difference?.amountMinor,
        row.differencePercent,
        row.cheapestShop?.name,
      ]),
    ).toEqual([
      ['DE', 28_999, 27_294, -2_606, -8.72, 'gamma markt'],
      ['FR', 31_000, 29_177, -723, -2.42, 'gamma markt'],
    ]);
    expect(abroad[0]?.fxRate).toMatchObject({ baseCurrency: 'EUR', quoteCurrency: 'CHF', rate: '0.9412' });
    // Landed in Switzerland from Germany (G-1, EUR 289.99 = CHF 272.94, no shipping stated): without
    // German VAT 229.36; Swiss Post 11.50 + 3 % = 18.38; VAT 8.1 % of 247.74 = 20.07.
    expect(abroad[0]?.landed).toMatchObject({
      goods: { amountMinor: 22_936, currency: 'CHF' },
      shipping: undefined,
      duty: { amountMinor: 0 },
      clearanceFee: { amountMinor: 1_838 },
      vat: { amountMinor: 2_007 },
      total: { amountMinor: 26_781, currency: 'CHF' },
      originVatRemoved: { amountMinor: 4_358 },
      offerId: id(shop.gamma, 'G-1'),
      shop: { name: 'gamma markt' },
      rules: [
        'origin_vat_removed',
        'shipping_unknown',
        'ch_no_industrial_duty',
        'ch_import_vat',
        'ch_post_clearance_fee',
      ],
      vatPercent: 8.1,
      // against the cheapest Swiss total, 338.90
      differencePercent: -20.98,
    });
    expect(home?.landed).toBeUndefined();

    // EUR 12.50 × 0.9412 = CHF 11.765: half-up gives 11.77 (half-even would give 11.76).
    const speakerAbroad = await h.offers.getPricesAbroad({
      productId: speaker,
      homeCountry: 'CH',
      displayCurrency: '',
      countries: ['DE'],
    });
    expect(speakerAbroad.abroad.map((row) => row.convertedPrice)).toEqual([{ amountMinor: 1_177, currency: 'CHF' }]);

    // A British visitor: CHF reaches GBP through EUR (inverse, then chained, 10 digits each).
    const british = await h.offers.getPricesAbroad({
      productId: headphones,
      homeCountry: 'GB',
      displayCurrency: '',
      countries: [],
    });
    expect(british.home).toBeUndefined();
    expect(british.abroad.map((row) => [row.country, row.convertedPrice?.amountMinor, row.fxRate?.rate])).toEqual([
      ['DE', 24_756, '0.8537'],
      ['FR', 26_465, '0.8537'],
      ['CH', 27_120, '0.9070335742'],
    ]);
  });

  it('fails prices abroad with FX_RATE_MISSING when no rate reaches the currency', async () => {
    await expect(
      h.offers.getPricesAbroad({ productId: headphones, homeCountry: 'US', displayCurrency: '', countries: [] }),
    ).rejects.toMatchObject({
      code: GrpcStatus.FAILED_PRECONDITION,
      reason: 'FX_RATE_MISSING',
    });
    await expect(
      h.offers.getPricesAbroad({ productId: headphones, homeCountry: 'XX', displayCurrency: '', countries: [] }),
    ).rejects.toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
  });

  it('serves stored, inverse and missing FX rates, and validates new ones', async () => {
    const euro = await h.offers.getFxRates({ baseCurrency: 'EUR', quoteCurrencies: [], at: undefined });
    expect(euro.rates.map((rate) => [rate.quoteCurrency, rate.rate])).toEqual([
      ['CHF', '0.9412'],
      ['GBP', '0.8537'],
    ]);
    const franc = await h.offers.getFxRates({ baseCurrency: 'CHF', quoteCurrencies: ['EUR'], at: undefined });
    expect(franc.rates[0]?.rate).toBe('1.0624734382');
    await expect(
      h.offers.getFxRates({ baseCurrency: 'EUR', quoteCurrencies: ['JPY'], at: undefined }),
    ).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND, reason: 'FX_RATE_MISSING' });
    await expect(
      h.offers.getFxRates({
        baseCurrency: 'EUR',
        quoteCurrencies: ['CHF'],
        at: new Date(Date.now() - 10 * 86_400_000),
      }),
    ).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });

    await expect(
      h.offers.setFxRates({
        actorUserId: h.staffUserId,
        source: 'test',
        rates: [
          { baseCurrency: 'EUR', quoteCurrency: 'USD', rate: '-1.08', asOf: undefined },
          { baseCurrency: 'EUR', quoteCurrency: 'EUR', rate: '1', asOf: undefined },
          { baseCurrency: 'EUR', quoteCurrency: 'USD', rate: '1.00000000001', asOf: undefined },
        ],
      }),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [
        expect.objectContaining({ field: 'rates[0].rate' }),
        expect.objectContaining({ field: 'rates[1].quote_currency' }),
        expect.objectContaining({ field: 'rates[2].rate' }),
      ],
    });
    // Nothing of the bad request was stored.
    await expect(
      h.offers.getFxRates({ baseCurrency: 'EUR', quoteCurrencies: ['USD'], at: undefined }),
    ).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
  });

  describe('GetProductPageOffers (the product page in one call)', () => {
    const parts = (homeCountry: string) => ({
      offers: ListOffersRequest.fromPartial({
        productId: headphones,
        country: homeCountry,
        page: { hitsPerPage: 100 },
      }),
      summaries: { productIds: [headphones], country: homeCountry, displayCurrency: 'CHF' },
      trend: { productId: headphones, country: homeCountry, windowDays: 0, displayCurrency: 'CHF' },
      history: GetPriceHistoryRequest.fromPartial({
        productId: headphones,
        country: homeCountry,
        displayCurrency: 'CHF',
      }),
      abroad: { productId: headphones, homeCountry, displayCurrency: 'CHF', countries: [] },
    });

    it('answers each part as its own RPC does', async () => {
      const asked = parts('CH');
      const [batched, listed, summaries, trend, history, abroad] = await Promise.all([
        h.offers.getProductPageOffers(asked),
        h.offers.listOffers(asked.offers),
        h.offers.getProductPriceSummaries(asked.summaries),
        h.offers.getPriceTrend(asked.trend),
        h.offers.getPriceHistory(asked.history),
        h.offers.getPricesAbroad(asked.abroad),
      ]);
      // A range ending now ends when each call ran.
      const rangeEndAside = (answer: typeof history | undefined) => ({ ...answer, timeRange: undefined });
      expect({ ...batched, history: rangeEndAside(batched.history) }).toEqual({
        offers: listed,
        summaries,
        trend,
        history: rangeEndAside(history),
        abroad,
        failedParts: [],
      });
      expect(batched.history?.timeRange?.start).toEqual(history.timeRange?.start);
      expect(ids(batched.offers!)).toEqual([id(shop.beta, 'B-1'), id(shop.alpha, 'A-1'), id(shop.alpha, 'A-2')]);
    });

    it("reads the product's offers, price months and shops once for all five parts", async () => {
      const operations = await storeOperationsDuring(() => h.offers.getProductPageOffers(parts('CH')));
      // Four parts ask for its active offers, three for every offer in the country (history,
      // trend, the "was" price): one find answers them all.
      expect(operations.get('offers.find')).toBe(1);
      // The trend's whole history, the chart's three months and the reductions' window: one
      // read of the product's months in the country.
      expect(operations.get('offer_price_months.find')).toBe(1);
      // The listed offers' shops (alpha, beta), the chart's (the same) and the shops abroad
      // (beta, gamma): the first part reads its shops, the next ones only shops not read yet.
      const shopReads = [...operations].filter(([key]) => key.startsWith('shops.'));
      expect(shopReads.reduce((sum, [, count]) => sum + count, 0)).toBe(2);
    });

    it('leaves out and names a part that fails, answering the others', async () => {
      // No rate reaches USD: prices abroad fail (FX_RATE_MISSING) for a visitor in the US.
      const asked = {
        ...parts('US'),
        abroad: { productId: headphones, homeCountry: 'US', displayCurrency: '', countries: [] },
      };
      const batched = await h.offers.getProductPageOffers(asked);
      expect(batched.failedParts).toEqual(['abroad']);
      expect(batched.abroad).toBeUndefined();
      expect(batched.offers).toEqual(await h.offers.listOffers(asked.offers));
    });

    it('rejects parts about different products and a call without parts, changing nothing', async () => {
      await expect(
        h.offers.getProductPageOffers({ ...parts('CH'), trend: { ...parts('CH').trend, productId: speaker } }),
      ).rejects.toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
      await expect(h.offers.getProductPageOffers({})).rejects.toMatchObject({
        code: GrpcStatus.INVALID_ARGUMENT,
      });
    });
  });
});
