import { status as GrpcStatus } from '@grpc/grpc-js';
import { SearchProductsRequest } from '@pc/proto/search/v1/search';
import { eventually } from './testing/eventually.js';
import { priceChanged, productCreated } from './testing/event-fixtures.js';
import { startSearch, type SearchHarness } from './testing/search-harness.js';

const KITCHEN = [
  ['home', 'Home'],
  ['kitchen', 'Kitchen'],
] as const;
const GARDEN = [
  ['home', 'Home'],
  ['garden', 'Garden'],
] as const;

/** The home page's "most searched" and "popular products" (ListTrendingQueries, ListPopularProducts). */
describe('search home lists (app.ts over gRPC)', () => {
  let search: SearchHarness;

  beforeAll(async () => {
    search = await startSearch({ SEARCH_QUERY_FLUSH_MS: '100' });
    await search.publish(
      productCreated({ id: 'kettle', names: { en: 'Electric kettle', de: 'Wasserkocher' }, path: KITCHEN }),
      productCreated({ id: 'toaster', names: { en: 'Toaster', de: 'Toaster' }, path: KITCHEN }),
      productCreated({ id: 'mower', names: { en: 'Lawn mower', de: 'Rasenmäher' }, path: GARDEN }),
      productCreated({ id: 'unoffered', names: { en: 'Old kettle' }, path: KITCHEN }),
      priceChanged({ productId: 'kettle', country: 'CH', version: 1, lowest: 4_900, offers: 5, inStock: 5 }),
      priceChanged({ productId: 'toaster', country: 'CH', version: 1, lowest: 2_900, offers: 2, inStock: 2 }),
      priceChanged({ productId: 'mower', country: 'CH', version: 1, lowest: 29_900, offers: 9, inStock: 9 }),
      priceChanged({ productId: 'mower', country: 'DE', version: 1, lowest: 27_900, offers: 1, inStock: 1 }),
    );
    await eventually(async () => {
      const ch = await search.client.searchProducts(
        SearchProductsRequest.fromPartial({ country: 'CH', language: 'en', filter: { withOffersOnly: true } }),
      );
      expect(ch.page?.total).toBe(3);
    });
  });

  afterAll(async () => {
    await search?.stop();
  });

  const find = (query: string, options: { track?: boolean; country?: string; language?: string } = {}) =>
    search.client.searchProducts(
      SearchProductsRequest.fromPartial({
        query,
        track: options.track ?? true,
        country: options.country ?? 'CH',
        language: options.language ?? 'de',
      }),
    );

  it('counts the tracked searches that found something, per country and language, most searched first', async () => {
    for (const query of ['Wasserkocher', 'wasserkocher ', 'WASSERKOCHER', 'Toaster', 'rasenmäher', 'Wasserkocher'])
      await find(query);
    await find('Toaster', { track: false }); // product rows are not tracked
    await find('Zahnbürste'); // found nothing: not counted
    await find('7612345678901'); // a barcode scan is no phrase
    await find('Rasenmäher', { country: 'DE' });
    await find('kettle', { language: 'en' });

    // Counts are written every SEARCH_QUERY_FLUSH_MS, and a flush may fall between the searches
    // above: every list is awaited, not only the first.
    await eventually(async () => {
      const trending = await search.client.listTrendingQueries({ country: 'CH', language: 'de', days: 0, limit: 0 });
      expect(trending.queries).toEqual([
        { query: 'wasserkocher', count: 4 },
        { query: 'rasenmäher', count: 1 },
        { query: 'toaster', count: 1 },
      ]);
      expect(
        (await search.client.listTrendingQueries({ country: 'DE', language: 'de', days: 7, limit: 10 })).queries,
      ).toEqual([{ query: 'rasenmäher', count: 1 }]);
      expect(
        (await search.client.listTrendingQueries({ country: 'CH', language: 'en', days: 1, limit: 10 })).queries,
      ).toEqual([{ query: 'kettle', count: 1 }]);
    });
    expect(
      (await search.client.listTrendingQueries({ country: 'CH', language: 'de', days: 0, limit: 1 })).queries,
    ).toHaveLength(1);
  });

  it('lists the popular products of a country, optionally of a category and its subcategories', async () => {
    const ids = async (request: { categoryId?: string; country?: string; limit?: number }) =>
      (
        await search.client.listPopularProducts({
          country: request.country ?? 'CH',
          language: 'en',
          displayCurrency: '',
          categoryId: request.categoryId ?? '',
          days: 0,
          limit: request.limit ?? 0,
        })
      ).hits.map((hit) => hit.productId);
    expect(await ids({})).toEqual(['mower', 'kettle', 'toaster']); // by offers in the country; unoffered ones left out
    expect(await ids({ categoryId: 'kitchen' })).toEqual(['kettle', 'toaster']);
    expect(await ids({ categoryId: 'home', limit: 1 })).toEqual(['mower']);
    expect(await ids({ country: 'DE' })).toEqual(['mower']);
  });

  it('rejects bad requests and unknown categories', async () => {
    await expect(
      search.client.listTrendingQueries({ country: 'XX', language: 'de', days: 31, limit: 51 }),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [
        expect.objectContaining({ field: 'country' }),
        expect.objectContaining({ field: 'days' }),
        expect.objectContaining({ field: 'limit' }),
      ],
    });
    await expect(
      search.client.listPopularProducts({
        country: 'CH',
        language: 'en',
        displayCurrency: '',
        categoryId: '',
        days: 0,
        limit: 99,
      }),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'limit' })],
    });
    await expect(
      search.client.listPopularProducts({
        country: 'CH',
        language: 'en',
        displayCurrency: '',
        categoryId: 'no-such',
        days: 0,
        limit: 0,
      }),
    ).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
  });
});
