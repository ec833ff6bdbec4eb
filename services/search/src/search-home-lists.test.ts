import { status as GrpcStatus } from '@grpc/grpc-js';
import { SearchProductsRequest, SuggestRequest } from '@pc/proto/search/v1/search';
import { SuggestionKind } from '@pc/proto/search/v1/types';
import { eventually } from './testing/eventually.js';
import { clickRecorded, priceChanged, productCreated } from './testing/event-fixtures.js';
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

  const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
  const track = async (
    query: string,
    visitor: { ip?: string; id?: string; userAgent?: string; country?: string; language?: string } = {},
  ) =>
    (
      await search.client.trackSearch({
        query,
        country: visitor.country ?? 'CH',
        language: visitor.language ?? 'de',
        visitorId: visitor.id ?? '',
        ip: visitor.ip ?? '192.0.2.1',
        userAgent: visitor.userAgent ?? BROWSER,
      })
    ).counted;

  it('counts each visitor’s search that found something once a day, per country and language, most searched first', async () => {
    const counted = [
      await track('Wasserkocher', { ip: '192.0.2.1' }),
      await track('wasserkocher ', { ip: '192.0.2.2' }),
      await track('WASSERKOCHER', { ip: '192.0.2.3' }),
      await track('Wasserkocher', { ip: '192.0.2.1' }), // the first visitor again: not counted
      await track('Wasserkocher', { ip: '192.0.2.1', id: 'visitor-7' }), // a visitor of their own id
      await track('Toaster'),
      await track('rasenmäher'),
      await track('Zahnbürste'), // found nothing
      await track('7612345678901'), // a barcode scan is no phrase
      await track('Toaster', { ip: '192.0.2.9', userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' }),
      await track('Toaster', { ip: '192.0.2.9', userAgent: '' }), // browsers always send one
      await track('Rasenmäher', { country: 'DE' }),
      await track('kettle', { language: 'en' }),
    ];
    expect(counted).toEqual([true, true, true, false, true, true, true, false, false, false, false, true, true]);
    // A search itself counts nothing, even one asking to (`track`, deprecated): renders of the
    // search page (a cache filled or refreshed) are no visitors.
    for (let i = 0; i < 3; i += 1)
      await search.client.searchProducts(
        SearchProductsRequest.fromPartial({ query: 'Toaster', country: 'CH', language: 'de', track: true }),
      );

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

  it('suggests what other visitors searched in the country and language once enough of them did (Suggest SEARCHED)', async () => {
    const searched = async (prefix: string, country = 'CH', language = 'de') =>
      (
        await search.client.suggest(
          SuggestRequest.fromPartial({ prefix, country, language, kinds: [SuggestionKind.SUGGESTION_KIND_SEARCHED] }),
        )
      ).groups.map((group) => [group.name, group.suggestions.map((suggestion) => [suggestion.kind, suggestion.text])]);
    // "wasserkocher": four visitors; "rasenmäher" and "toaster" one each, so only theirs.
    expect(await searched('Wass')).toEqual([['searched', [[SuggestionKind.SUGGESTION_KIND_SEARCHED, 'wasserkocher']]]]);
    expect(await searched('ras')).toEqual([['searched', []]]);
    expect(await searched('wass', 'DE')).toEqual([['searched', []]]);
    await expect(
      search.client.suggest(SuggestRequest.fromPartial({ prefix: 'wass', language: 'de', kinds: [6, 7] })),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [
        expect.objectContaining({ field: 'kinds[1]' }),
        expect.objectContaining({ field: 'country', reason: 'is required for SEARCHED suggestions' }),
      ],
    });
  });

  it('refuses a search to count without a query, with one over 512 characters or in no served country', async () => {
    for (const [query, country, field] of [
      ['', 'CH', 'query'],
      ['x'.repeat(513), 'CH', 'query'],
      ['Toaster', 'XX', 'country'],
    ] as const)
      await expect(track(query, { country })).rejects.toMatchObject({
        code: GrpcStatus.INVALID_ARGUMENT,
        violations: [expect.objectContaining({ field })],
      });
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

/** ListPopularProducts over the clicks of the request's window (affiliates.click-recorded.v1). */
describe('popular products by their clicks in the window (app.ts over gRPC)', () => {
  let search: SearchHarness;
  const DAY_MS = 86_400_000;

  const ids = async (request: { days?: number; categoryId?: string; country?: string; limit?: number }) =>
    (
      await search.client.listPopularProducts({
        country: request.country ?? 'CH',
        language: 'en',
        displayCurrency: '',
        categoryId: request.categoryId ?? '',
        days: request.days ?? 0,
        limit: request.limit ?? 0,
      })
    ).hits.map((hit) => hit.productId);

  beforeAll(async () => {
    search = await startSearch();
    await search.publish(
      productCreated({ id: 'fridge', names: { en: 'Fridge' }, path: KITCHEN }),
      productCreated({ id: 'blender', names: { en: 'Blender' }, path: KITCHEN }),
      productCreated({ id: 'mixer', names: { en: 'Mixer' }, path: KITCHEN }),
      productCreated({ id: 'waffles', names: { en: 'Waffle iron' }, path: KITCHEN }),
      productCreated({ id: 'grill', names: { en: 'Grill' }, path: GARDEN }),
      priceChanged({ productId: 'fridge', country: 'CH', version: 1, lowest: 99_900, offers: 9, inStock: 9 }),
      priceChanged({ productId: 'blender', country: 'CH', version: 1, lowest: 9_900, offers: 1, inStock: 1 }),
      priceChanged({ productId: 'mixer', country: 'CH', version: 1, lowest: 7_900, offers: 1, inStock: 1 }),
      priceChanged({ productId: 'waffles', country: 'CH', version: 1, lowest: 4_900, offers: 12, inStock: 12 }),
      priceChanged({ productId: 'grill', country: 'CH', version: 1, lowest: 19_900, offers: 1, inStock: 1 }),
      priceChanged({ productId: 'fridge', country: 'DE', version: 1, lowest: 89_900, offers: 1, inStock: 1 }),
      priceChanged({ productId: 'mixer', country: 'DE', version: 1, lowest: 6_900, offers: 2, inStock: 2 }),
    );
    await eventually(async () => expect(await ids({})).toEqual(['waffles', 'fridge', 'blender', 'grill', 'mixer']));
  });

  afterAll(async () => {
    await search?.stop();
  });

  it('lists the most clicked products of the last days first, the others by the rank sort after them', async () => {
    const now = Date.now();
    const yesterday = new Date(now - DAY_MS);
    const tenDaysAgo = new Date(now - 10 * DAY_MS);
    const clicks = (productId: string, n: number, clickedAt: Date, country = 'CH') =>
      Array.from({ length: n }, (_, i) =>
        clickRecorded(`${productId}-${country}-${clickedAt.getTime()}-${i}`, { productId, country, clickedAt }),
      );
    const mixerClick = clicks('mixer', 1, yesterday)[0]!;
    await search.publish(
      ...clicks('blender', 4, tenDaysAgo),
      ...clicks('grill', 3, yesterday),
      ...clicks('waffles', 2, yesterday),
      mixerClick,
      ...clicks('mixer', 1, new Date(yesterday.getTime() + 1)),
      mixerClick, // a redelivery: counts once
      // Published under the redelivery's key, so applied after it (one partition, in order).
      { ...clicks('fridge', 1, yesterday, 'DE')[0]!, key: mixerClick.key },
      ...clicks('blender', 5, yesterday, 'DE'), // blender has no offer in DE
    );
    // Rank sort in CH (offers + 10 × all-time clicks): blender 41, waffles 32, grill 31, mixer 21, fridge 9.
    await eventually(async () => {
      expect(await ids({ country: 'DE' })).toEqual(['fridge', 'mixer']);
      // The last 7 days: grill 3, waffles and mixer 2 each (in rank order), then the rank sort.
      expect(await ids({})).toEqual(['grill', 'waffles', 'mixer', 'blender', 'fridge']);
      expect(await ids({ days: 7, limit: 2 })).toEqual(['grill', 'waffles']);
      // The last 30: blender's 4 of ten days ago lead.
      expect(await ids({ days: 30 })).toEqual(['blender', 'grill', 'waffles', 'mixer', 'fridge']);
      expect(await ids({ days: 30, limit: 4 })).toEqual(['blender', 'grill', 'waffles', 'mixer']);
      // Today alone: nothing clicked, the rank sort.
      expect(await ids({ days: 1 })).toEqual(['blender', 'waffles', 'grill', 'mixer', 'fridge']);
      // A category keeps the clicked products of others out.
      expect(await ids({ categoryId: 'kitchen' })).toEqual(['waffles', 'mixer', 'blender', 'fridge']);
      expect(await ids({ categoryId: 'garden', days: 30 })).toEqual(['grill']);
    });
  });
});
