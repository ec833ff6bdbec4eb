import { status as GrpcStatus } from '@grpc/grpc-js';
import { ProductStatus } from '@pc/proto/catalog/v1/types';
import { EntitySort, ProductSort } from '@pc/proto/common/v1/sort';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { IndexKind, SearchProductsRequest, SuggestRequest } from '@pc/proto/search/v1/search';
import { FacetType, SuggestionKind, type ProductFilter } from '@pc/proto/search/v1/types';
import { deleteIndices, uniquePrefix } from '@pc/elasticsearch-search-index/testing/es-test-indices';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import {
  clickRecorded,
  offerChanged,
  priceChanged,
  productChanged,
  productCreated,
  shopChanged,
  shopDeleted,
  type ProductSpec,
} from './testing/event-fixtures.js';
import { eventually } from './testing/eventually.js';
import { startSearch, type SearchHarness } from './testing/search-harness.js';
import { startStaffAccounts, type StaffAccounts } from '../../accounts/src/test-support/staff-accounts.js';

const COFFEE: readonly (readonly [string, string])[] = [
  ['home', 'Home & Kitchen'],
  ['coffee', 'Coffee machines'],
];
const PHONES: readonly (readonly [string, string])[] = [
  ['electronics', 'Electronics'],
  ['phones', 'Smartphones'],
];
const AUDIO: readonly (readonly [string, string])[] = [
  ['electronics', 'Electronics'],
  ['headphones', 'Headphones'],
];

const barista: ProductSpec = {
  id: 'p-barista',
  names: { en: 'Coffee machine Barista Pro', de: 'Kaffeemaschine Barista Pro', fr: 'Machine à café Barista Pro' },
  brand: { slug: 'delonghi', name: "De'Longhi", productsCount: 40 },
  path: COFFEE,
  gtins: ['04006381333931'],
  mpn: 'EC-9355',
  rating: [4.5, 10],
  createdAt: '2026-03-01T00:00:00Z',
};
const grinder: ProductSpec = {
  id: 'p-grinder',
  names: { en: 'Electric coffee grinder', de: 'Über Kaffeemühle elektrisch' },
  brand: { slug: 'graef', name: 'Graef' },
  path: COFFEE,
  gtins: ['07612345678900'],
  rating: [3.8, 4],
  createdAt: '2026-02-01T00:00:00Z',
};
const galaxy: ProductSpec = {
  id: 'p-galaxy',
  names: { en: 'Galaxy S24 Smartphone' },
  brand: { slug: 'samsung', name: 'Samsung' },
  path: PHONES,
  gtins: ['08806090812347'],
  rating: [4.2, 100],
  createdAt: '2026-04-01T00:00:00Z',
};
const iphone: ProductSpec = {
  id: 'p-iphone',
  names: { en: 'iPhone 15 Pro' },
  brand: { slug: 'apple', name: 'Apple' },
  path: PHONES,
  gtins: ['00194253012344'],
  createdAt: '2026-01-15T00:00:00Z',
};
const headphones: ProductSpec = {
  id: 'p-headphones',
  names: { en: 'Wireless headphones WH-1000XM5', de: 'Kabellose Kopfhörer WH-1000XM5' },
  brand: { slug: 'sony', name: 'Sony' },
  path: AUDIO,
  mpn: 'WH1000XM5',
  rating: [4.7, 3],
  createdAt: '2026-05-01T00:00:00Z',
};

type ProductRequest = Omit<Partial<SearchProductsRequest>, 'filter'> & { filter?: Partial<ProductFilter> };

function describeSearchService(label: string, env: () => Record<string, string>): void {
  describe(`search service (${label}: app.ts over gRPC, events on the embedded log)`, () => {
    let search: SearchHarness;
    // The staff user of the index status, whose roles search asks accounts for.
    let staff: StaffAccounts;
    const products = (request: ProductRequest) =>
      search.client.searchProducts(SearchProductsRequest.fromPartial({ country: 'CH', language: 'en', ...request }));
    const ids = async (request: ProductRequest) => (await products(request)).hits.map((hit) => hit.productId);

    beforeAll(async () => {
      staff = await startStaffAccounts();
      search = await startSearch({ ...env(), ACCOUNTS_GRPC_ADDR: staff.address });
      await search.publish(
        shopChanged('s-digitec', { name: 'Digitec', countries: ['CH'], version: 1, offersCount: 900 }),
        shopChanged('s-galaxus', {
          name: 'Galaxus',
          countries: ['CH', 'DE'],
          version: 1,
          offersCount: 1200,
          registeredAt: '2026-02-01T00:00:00Z',
          rating: [4.3, 12],
        }),
        shopChanged('s-mediamarkt', { name: 'MediaMarkt', countries: ['DE'], version: 1, offersCount: 300 }),
        shopChanged('s-pending', {
          name: 'Pending Shop',
          countries: ['CH'],
          version: 1,
          status: ShopStatus.SHOP_STATUS_PENDING_ACTIVATION,
        }),
        shopChanged('s-gone', { name: 'Gone Shop', countries: ['CH'], version: 1 }),
        productCreated(barista),
        productCreated(grinder),
        productCreated(galaxy),
        productCreated(iphone),
        productCreated(headphones),
        priceChanged({
          productId: 'p-barista',
          country: 'CH',
          version: 1,
          lowest: 49_900,
          offers: 3,
          inStock: 2,
          drop: 10,
          green: true,
        }),
        priceChanged({ productId: 'p-barista', country: 'DE', version: 1, lowest: 45_900, offers: 2, inStock: 0 }),
        priceChanged({ productId: 'p-grinder', country: 'CH', version: 1, lowest: 8_900, offers: 1, inStock: 1 }),
        priceChanged({
          productId: 'p-galaxy',
          country: 'CH',
          version: 1,
          lowest: 79_900,
          offers: 5,
          inStock: 5,
          drop: 25,
        }),
        priceChanged({ productId: 'p-iphone', country: 'CH', version: 1, lowest: 109_900, offers: 2, inStock: 0 }),
        priceChanged({ productId: 'p-headphones', country: 'DE', version: 1, lowest: 29_900, offers: 1, inStock: 1 }),
        offerChanged('o1', { productId: 'p-barista', shopId: 's-digitec', country: 'CH', version: 1 }),
        offerChanged('o2', { productId: 'p-barista', shopId: 's-galaxus', country: 'CH', version: 1 }),
        offerChanged('o3', { productId: 'p-barista', shopId: 's-galaxus', country: 'DE', version: 1 }),
        offerChanged('o4', { productId: 'p-galaxy', shopId: 's-digitec', country: 'CH', version: 1 }),
        offerChanged('o5', { productId: 'p-grinder', shopId: 's-galaxus', country: 'CH', version: 1 }),
        offerChanged('o6', { productId: 'p-headphones', shopId: 's-mediamarkt', country: 'DE', version: 1 }),
        offerChanged('o7', { productId: 'p-iphone', shopId: 's-galaxus', country: 'CH', version: 1 }),
        shopDeleted('s-gone'),
      );
      await eventually(async () => {
        const all = await products({ facets: ['shop'] });
        expect(all.page?.total).toBe(5);
        expect(all.hits.find((hit) => hit.productId === 'p-iphone')?.lowestPrice?.amountMinor).toBe(109_900);
        // Events of different products are applied concurrently, in no set order: wait for the
        // last one of each product too, not only for the last one published.
        const germany = await products({ country: 'DE', filter: { withOffersOnly: true } });
        expect(Object.fromEntries(germany.hits.map((hit) => [hit.productId, hit.lowestPrice?.amountMinor]))).toEqual({
          'p-barista': 45_900,
          'p-headphones': 29_900,
        });
        expect(all.facets[0]?.values.map((value) => value.value).sort()).toEqual(['s-digitec', 's-galaxus']);
        expect(
          (
            await search.client.searchShops({
              query: '',
              language: 'en',
              country: '',
              sort: 0,
              facets: [],
              suggest: [],
              refinements: [],
            })
          ).page?.total,
        ).toBe(3);
      });
    });

    afterAll(async () => {
      await search?.stop();
      await staff?.stop();
    });

    describe('indexing from events', () => {
      it('makes a product searchable after ProductCreated, with its price fields after ProductPriceChanged', async () => {
        const response = await products({ query: 'barista' });
        expect(response.hits).toHaveLength(1);
        expect(response.hits[0]).toMatchObject({
          productId: 'p-barista',
          name: 'Coffee machine Barista Pro',
          brandName: "De'Longhi",
          brandSlug: 'delonghi',
          categoryId: 'coffee',
          categoryName: 'Coffee machines',
          imageUrl: 'https://img.example/p-barista.jpg',
          rating: 4.5,
          ratingCount: 10,
          lowestPrice: { amountMinor: 49_900, currency: 'CHF' },
          offersCount: 3,
          priceDropPercent: 10,
          hasGreenOffer: true,
          highlights: { name: 'Coffee machine <em>Barista</em> Pro' },
        });
        // Prices are per request country, in its currency.
        const german = await products({ query: 'barista', country: 'DE', language: 'de' });
        expect(german.hits[0]).toMatchObject({
          name: 'Kaffeemaschine Barista Pro',
          lowestPrice: { amountMinor: 45_900, currency: 'EUR' },
          offersCount: 2,
          hasGreenOffer: false,
        });
      });

      it('shows products without an offer in the country, without a price, unless asked for offered ones', async () => {
        const hit = (await products({ query: 'headphones' })).hits[0];
        expect(hit).toMatchObject({ productId: 'p-headphones', offersCount: 0 });
        expect(hit?.lowestPrice).toBeUndefined();
        expect(await ids({ query: 'headphones', filter: { withOffersOnly: true } })).toEqual([]);
        expect(await ids({ query: 'headphones', country: 'DE', filter: { withOffersOnly: true } })).toEqual([
          'p-headphones',
        ]);
      });

      it('merges a price that arrives before its product', async () => {
        const late: ProductSpec = {
          id: 'p-late',
          names: { en: 'Latecomer kettle' },
          brand: { slug: 'graef', name: 'Graef' },
          path: COFFEE,
        };
        await search.publish(
          priceChanged({ productId: 'p-late', country: 'CH', version: 3, lowest: 2_500, offers: 1, inStock: 1 }),
        );
        await search.publish(
          offerChanged('o-late', { productId: 'p-late', shopId: 's-digitec', country: 'CH', version: 1 }),
        );
        await search.publish(productCreated(late));
        const hit = await eventually(async () => {
          const [found] = (await products({ query: 'latecomer', facets: ['shop'] })).hits;
          expect(found?.lowestPrice?.amountMinor).toBe(2_500);
          return found;
        });
        expect(hit).toMatchObject({ productId: 'p-late', offersCount: 1 });
        expect(
          (await products({ query: 'latecomer', facets: ['shop'] })).facets[0]?.values.map((v) => v.value),
        ).toEqual(['s-digitec']);
      });

      it('ignores stale versions of products and prices (at-least-once, redelivered)', async () => {
        const spec: ProductSpec = { id: 'p-versions', names: { en: 'Versioned toaster' }, path: COFFEE, version: 2 };
        await search.publish(
          productChanged(spec),
          productChanged({ ...spec, names: { en: 'Stale toaster' }, version: 1 }),
          priceChanged({ productId: 'p-versions', country: 'CH', version: 5, lowest: 3_000, offers: 1 }),
          priceChanged({ productId: 'p-versions', country: 'CH', version: 4, lowest: 1, offers: 1 }),
          // Applied after the stale ones (same keys, same partitions): once visible, they were seen.
          productChanged({ ...spec, names: { en: 'Versioned toaster deluxe' }, version: 3 }),
          priceChanged({ productId: 'p-versions', country: 'CH', version: 6, lowest: 3_100, offers: 1 }),
        );
        const hit = await eventually(async () => {
          const [found] = (await products({ query: 'toaster' })).hits;
          expect(found?.lowestPrice?.amountMinor).toBe(3_100);
          expect(found?.name).toBe('Versioned toaster deluxe');
          return found;
        });
        expect(hit?.productId).toBe('p-versions');
        expect(await ids({ query: 'stale' })).toEqual([]);
        // The same events again change nothing.
        await search.publish(
          productChanged({ ...spec, names: { en: 'Stale toaster' }, version: 1 }),
          priceChanged({ productId: 'p-versions', country: 'CH', version: 4, lowest: 1, offers: 1 }),
        );
        await search.publish(
          priceChanged({ productId: 'p-versions', country: 'CH', version: 7, lowest: 3_200, offers: 1 }),
        );
        await eventually(async () =>
          expect((await products({ query: 'toaster' })).hits[0]?.lowestPrice?.amountMinor).toBe(3_200),
        );
        expect(await ids({ query: 'stale' })).toEqual([]);
      });

      it('removes a product when catalog hides it, and from completions', async () => {
        const spec: ProductSpec = { id: 'p-hidden', names: { en: 'Hideaway blender' }, path: COFFEE };
        await search.publish(productCreated(spec));
        await eventually(async () => expect(await ids({ query: 'hideaway' })).toEqual(['p-hidden']));
        await search.publish(productChanged({ ...spec, version: 2, status: ProductStatus.PRODUCT_STATUS_HIDDEN }));
        await eventually(async () => expect(await ids({ query: 'hideaway' })).toEqual([]));
        await eventually(async () => {
          const suggestions = await search.client.suggest(
            SuggestRequest.fromPartial({
              prefix: 'hideaw',
              language: 'en',
              kinds: [SuggestionKind.SUGGESTION_KIND_QUERY],
            }),
          );
          expect(suggestions.groups[0]?.suggestions).toEqual([]);
        });
        // An older event redelivered later does not bring it back.
        await search.publish(
          productCreated(spec),
          priceChanged({ productId: 'p-hidden', country: 'CH', version: 1, lowest: 100, offers: 1 }),
        );
        await search.publish(
          productChanged({
            ...spec,
            names: { en: 'Hideaway blender' },
            version: 3,
            status: ProductStatus.PRODUCT_STATUS_MERGED,
          }),
        );
        await expect(
          eventually(async () => expect(await ids({ query: 'hideaway' })).not.toEqual([]), 300),
        ).rejects.toThrow();
      });

      it('follows offers: a removed offer takes its shop off the product', async () => {
        await search.publish(
          offerChanged('o-tmp', { productId: 'p-galaxy', shopId: 's-galaxus', country: 'CH', version: 1 }),
        );
        await eventually(async () =>
          expect(await ids({ refinements: [{ facet: 'shop', values: ['s-galaxus'] }], query: 'galaxy' })).toEqual([
            'p-galaxy',
          ]),
        );
        await search.publish(
          offerChanged('o-tmp', {
            productId: 'p-galaxy',
            shopId: 's-galaxus',
            country: 'CH',
            version: 2,
            removed: true,
          }),
        );
        await eventually(async () =>
          expect(await ids({ refinements: [{ facet: 'shop', values: ['s-galaxus'] }], query: 'galaxy' })).toEqual([]),
        );
      });

      it('counts clicks once each into the rank sort', async () => {
        await search.publish(
          clickRecorded('c1', { productId: 'p-iphone', country: 'CH' }),
          clickRecorded('c1', { productId: 'p-iphone', country: 'CH' }),
        );
        // iPhone: 2 offers + 1 click × 10 = 12 beats the Galaxy's 5 offers; a second delivery of c1 counts nothing.
        await eventually(async () =>
          expect((await ids({ sort: ProductSort.PRODUCT_SORT_RANK })).slice(0, 2)).toEqual(['p-iphone', 'p-galaxy']),
        );
        await search.publish(clickRecorded('c1', { productId: 'p-iphone', country: 'CH' }));
        await search.publish(clickRecorded('c2', { productId: 'p-galaxy', country: 'DE' }));
        await eventually(async () =>
          expect((await ids({ sort: ProductSort.PRODUCT_SORT_RANK, country: 'DE' }))[0]).toBe('p-galaxy'),
        );
        expect((await ids({ sort: ProductSort.PRODUCT_SORT_RANK })).slice(0, 2)).toEqual(['p-iphone', 'p-galaxy']);
      });

      it('reports documents, the last applied event and the price lag', async () => {
        const status = await search.client.getIndexStatus({ actorUserId: staff.staffUserId });
        const byKind = new Map(status.indices.map((index) => [index.index, index]));
        expect(byKind.get(IndexKind.INDEX_KIND_PRODUCTS)?.documents).toBeGreaterThanOrEqual(5);
        expect(byKind.get(IndexKind.INDEX_KIND_PRODUCTS)?.documentsByLanguage.de).toBeGreaterThanOrEqual(3);
        expect(byKind.get(IndexKind.INDEX_KIND_SHOPS)?.documents).toBe(3);
        expect(byKind.get(IndexKind.INDEX_KIND_BRANDS)?.documents).toBeGreaterThanOrEqual(5);
        expect(byKind.get(IndexKind.INDEX_KIND_CATEGORIES)?.documents).toBe(5);
        expect(byKind.get(IndexKind.INDEX_KIND_PRODUCTS)?.lastEventAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
        const lag = byKind.get(IndexKind.INDEX_KIND_PRODUCTS)?.lag;
        expect(lag?.samples).toBeGreaterThanOrEqual(6);
        expect(lag?.p50Ms).toBeGreaterThanOrEqual(0);
        expect(lag?.p95Ms).toBeLessThan(10_000);
      });

      it('reports the size on disk of each index and when it was measured', async () => {
        const status = await search.client.getIndexStatus({ actorUserId: staff.staffUserId });
        const products = status.indices.find((index) => index.index === IndexKind.INDEX_KIND_PRODUCTS);
        expect(products?.storageBytes).toBeGreaterThan(0);
        expect(products?.storageMeasuredAt?.getTime()).toBeGreaterThan(Date.now() - 10 * 60_000);
        expect(products?.storageMeasuredAt?.getTime()).toBeLessThanOrEqual(Date.now());
        for (const index of status.indices) expect(index.storageMeasuredAt).toBeDefined();
      });
    });

    describe('text', () => {
      it('stems German and folds diacritics', async () => {
        expect(await ids({ query: 'Kaffeemaschinen', language: 'de' })).toEqual(['p-barista']);
        expect(await ids({ query: 'uber', language: 'de' })).toEqual(['p-grinder']);
        expect(await ids({ query: 'kopfhorer', language: 'de' })).toEqual(['p-headphones']);
        expect(await ids({ query: 'machines à café', language: 'fr' })).toEqual(['p-barista']);
      });

      it('finds a product by barcode in any GTIN length, and by MPN', async () => {
        expect(await ids({ query: '4006381333931' })).toEqual(['p-barista']);
        expect(await ids({ query: '04006381333931' })).toEqual(['p-barista']);
        expect(await ids({ query: '194253012344' })).toEqual(['p-iphone']);
        expect(await ids({ query: 'WH1000XM5' })).toEqual(['p-headphones']);
        expect(await ids({ filter: { gtin: '7612345678900' } })).toEqual(['p-grinder']);
      });

      it('suggests a correction ("did you mean") when the query finds nothing as typed', async () => {
        const response = await products({ query: 'kafeemaschine', language: 'de', suggest: ['query'] });
        expect(response.hits.map((hit) => hit.productId)).toEqual(['p-barista']);
        expect(response.suggestions).toEqual(['kaffeemaschine']);
        expect(response.suggest).toEqual([
          {
            name: 'query',
            suggestions: [
              expect.objectContaining({ kind: SuggestionKind.SUGGESTION_KIND_QUERY, text: 'kaffeemaschine' }),
            ],
          },
        ]);
        expect((await products({ query: 'barista' })).suggestions).toEqual([]);
      });

      it('completes what is typed and finds matching products, brands, categories and shops', async () => {
        const response = await search.client.suggest(
          SuggestRequest.fromPartial({
            prefix: 'kaffeem',
            language: 'de',
            kinds: [SuggestionKind.SUGGESTION_KIND_QUERY, SuggestionKind.SUGGESTION_KIND_PRODUCT],
          }),
        );
        expect(response.groups.map((group) => group.name)).toEqual(['query', 'product']);
        expect(response.groups[0]?.suggestions.map((s) => s.text)).toContain('Kaffeemaschine Barista Pro');
        // Both German names start with "Kaffeem…": the word being typed matches as a prefix.
        expect(response.groups[1]?.suggestions.map((s) => s.id).sort()).toEqual(['p-barista', 'p-grinder']);
        expect(response.groups[1]?.suggestions.find((s) => s.id === 'p-barista')).toMatchObject({
          kind: SuggestionKind.SUGGESTION_KIND_PRODUCT,
          text: 'Kaffeemaschine Barista Pro',
          highlighted: '<em>Kaffeemaschine</em> Barista Pro',
          imageUrl: 'https://img.example/p-barista.jpg',
          slug: 'p-barista',
        });
        const defaults = await search.client.suggest(
          SuggestRequest.fromPartial({ prefix: 'sam', language: 'en', country: 'CH' }),
        );
        expect(defaults.groups.map((group) => group.name)).toEqual(['query', 'product', 'brand', 'category']);
        expect(defaults.groups[2]?.suggestions.map((s) => s.id)).toEqual(['samsung']);
        const shops = await search.client.suggest(
          SuggestRequest.fromPartial({ prefix: 'gal', kinds: [SuggestionKind.SUGGESTION_KIND_SHOP] }),
        );
        expect(shops.groups[0]?.suggestions.map((s) => s.id)).toEqual(['s-galaxus']);
      });
    });

    describe('sorts', () => {
      const sorted = (sort: ProductSort, country = 'CH') =>
        ids({
          sort,
          country,
          filter: { productIds: ['p-barista', 'p-grinder', 'p-galaxy', 'p-iphone', 'p-headphones'] },
        });

      it('orders by price in the request country, products without one last', async () => {
        expect(await sorted(ProductSort.PRODUCT_SORT_CHEAPEST)).toEqual([
          'p-grinder',
          'p-barista',
          'p-galaxy',
          'p-iphone',
          'p-headphones',
        ]);
        expect(await sorted(ProductSort.PRODUCT_SORT_MOST_EXPENSIVE)).toEqual([
          'p-iphone',
          'p-galaxy',
          'p-barista',
          'p-grinder',
          'p-headphones',
        ]);
        expect((await sorted(ProductSort.PRODUCT_SORT_CHEAPEST, 'DE')).slice(0, 2)).toEqual([
          'p-headphones',
          'p-barista',
        ]);
      });

      it('orders by newest, price drop, rating and rank', async () => {
        expect(await sorted(ProductSort.PRODUCT_SORT_NEWEST)).toEqual([
          'p-headphones',
          'p-galaxy',
          'p-barista',
          'p-grinder',
          'p-iphone',
        ]);
        expect((await sorted(ProductSort.PRODUCT_SORT_PRICE_DROP)).slice(0, 2)).toEqual(['p-galaxy', 'p-barista']);
        expect(await sorted(ProductSort.PRODUCT_SORT_RATING)).toEqual([
          'p-headphones',
          'p-barista',
          'p-galaxy',
          'p-grinder',
          'p-iphone',
        ]);
      });

      it('orders by relevance with a query and offers the sorts of the request', async () => {
        const response = await products({ query: 'coffee' });
        expect(response.appliedSort).toBe(ProductSort.PRODUCT_SORT_RELEVANCE);
        expect(response.defaultSort).toBe(ProductSort.PRODUCT_SORT_RELEVANCE);
        expect(
          response.hits
            .map((hit) => hit.productId)
            .slice(0, 2)
            .sort(),
        ).toEqual(['p-barista', 'p-grinder']);
        expect(response.hits[0]?.score).toBeGreaterThan(0);
        expect(response.sortOptions.map((option) => option.key)).toEqual([
          'relevance',
          'rank',
          'cheapest',
          'most-expensive',
          'new',
          'price-drop',
          'rating',
        ]);
        const browsing = await products({ sort: ProductSort.PRODUCT_SORT_RELEVANCE });
        expect(browsing.appliedSort).toBe(ProductSort.PRODUCT_SORT_RANK);
        expect(browsing.sortOptions.map((option) => option.key)).not.toContain('relevance');
      });
    });

    describe('facets, refinements and metrics', () => {
      const CORE = { filter: { productIds: ['p-barista', 'p-grinder', 'p-galaxy', 'p-iphone', 'p-headphones'] } };

      it('computes every facet with labels in the request language', async () => {
        const response = await products({ ...CORE, facets: ['*'], language: 'de' });
        const facet = (name: string) => response.facets.find((f) => f.name === name);
        expect(response.facets.map((f) => f.name)).toEqual([
          'brand',
          'category',
          'shop',
          'price',
          'availability',
          'country',
          'rating',
        ]);
        expect(facet('brand')?.values).toContainEqual({
          value: 'delonghi',
          label: "De'Longhi",
          count: 1,
          selected: false,
        });
        expect(facet('category')?.values).toEqual(
          expect.arrayContaining([
            { value: 'coffee', label: 'Coffee machines', count: 2, selected: false },
            { value: 'phones', label: 'Smartphones', count: 2, selected: false },
          ]),
        );
        expect(facet('shop')?.values).toEqual([
          { value: 's-galaxus', label: 'Galaxus', count: 3, selected: false },
          { value: 's-digitec', label: 'Digitec', count: 2, selected: false },
        ]);
        expect(facet('price')?.type).toBe(FacetType.FACET_TYPE_RANGE);
        expect(facet('price')?.stats).toEqual({ min: 8_900, max: 109_900, avg: 62_150, count: 4 });
        expect(facet('price')?.values.map((v) => [v.value, v.count])).toEqual([
          ['5000-10000', 1],
          ['20000-50000', 1],
          ['50000-100000', 1],
          ['100000-200000', 1],
        ]);
        expect(facet('availability')?.values.map((v) => [v.value, v.label, v.count])).toEqual([
          ['in_stock', 'An Lager', 3],
          ['out_of_stock', 'Nicht an Lager', 1],
        ]);
        expect(facet('country')?.values).toEqual([
          { value: 'CH', label: 'Schweiz', count: 4, selected: false },
          { value: 'DE', label: 'Deutschland', count: 2, selected: false },
        ]);
        expect(facet('rating')?.values.map((v) => [v.value, v.count])).toEqual([
          ['4', 3],
          ['3', 4],
          ['2', 4],
          ['1', 4],
        ]);
        expect(response.aggregations?.metrics).toEqual({
          minPrice: { amountMinor: 8_900, currency: 'CHF' },
          maxPrice: { amountMinor: 109_900, currency: 'CHF' },
          avgPrice: { amountMinor: 62_150, currency: 'CHF' },
          avgRating: expect.closeTo((4.5 + 3.8 + 4.2 + 4.7) / 4, 5),
          offersCount: 11,
          shopsCount: 2,
          brandsCount: 5,
        });
      });

      it('refines: values of one facet OR, facets AND, and a refined facet keeps its other values', async () => {
        const response = await products({
          ...CORE,
          facets: ['brand', 'category'],
          refinements: [
            { facet: 'brand', values: ['delonghi', 'samsung'] },
            { facet: 'category', values: ['coffee'] },
          ],
        });
        expect(response.hits.map((hit) => hit.productId)).toEqual(['p-barista']);
        const brand = response.facets.find((f) => f.name === 'brand');
        // Brands within the category refinement, the brand refinement left out.
        expect(brand?.values.map((v) => [v.value, v.count, v.selected])).toEqual([
          ['delonghi', 1, true],
          ['graef', 1, false],
        ]);
        expect(
          await ids({
            ...CORE,
            refinements: [{ facet: 'category', values: ['electronics'] }],
            sort: ProductSort.PRODUCT_SORT_CHEAPEST,
          }),
        ).toEqual(['p-galaxy', 'p-iphone', 'p-headphones']);
        expect(
          await ids({
            ...CORE,
            refinements: [
              { facet: 'shop', values: ['s-digitec'] },
              { facet: 'availability', values: ['in_stock'] },
            ],
          }),
        ).toEqual(['p-galaxy', 'p-barista']);
        expect(await ids({ ...CORE, refinements: [{ facet: 'availability', values: ['out_of_stock'] }] })).toEqual([
          'p-iphone',
        ]);
        expect(
          await ids({
            ...CORE,
            refinements: [{ facet: 'country', values: ['DE'] }],
            sort: ProductSort.PRODUCT_SORT_NEWEST,
          }),
        ).toEqual(['p-headphones', 'p-barista']);
        expect(
          await ids({
            ...CORE,
            refinements: [{ facet: 'rating', values: ['4'] }],
            sort: ProductSort.PRODUCT_SORT_RATING,
          }),
        ).toEqual(['p-headphones', 'p-barista', 'p-galaxy']);
        expect(await ids({ ...CORE, refinements: [{ facet: 'brand', values: [] }] })).toHaveLength(5);
      });

      it('refines by price and rating ranges (bounds inclusive)', async () => {
        const cheap = await products({
          ...CORE,
          facets: ['price'],
          rangeRefinements: [{ facet: 'price', min: 8_900, max: 79_900 }],
          sort: ProductSort.PRODUCT_SORT_CHEAPEST,
        });
        expect(cheap.hits.map((hit) => hit.productId)).toEqual(['p-grinder', 'p-barista', 'p-galaxy']);
        expect(cheap.aggregations?.metrics?.maxPrice?.amountMinor).toBe(79_900);
        // The price facet still shows the whole range.
        expect(cheap.facets[0]?.stats?.max).toBe(109_900);
        expect(
          await ids({
            ...CORE,
            rangeRefinements: [{ facet: 'rating', min: 4.2, max: 4.5 }],
            sort: ProductSort.PRODUCT_SORT_RATING,
          }),
        ).toEqual(['p-barista', 'p-galaxy']);
      });

      it('applies the page filters: brand, category, shop, in stock, green, similar products', async () => {
        expect(await ids({ filter: { brandSlug: 'samsung' } })).toEqual(['p-galaxy']);
        expect(
          await ids({
            ...CORE,
            filter: { ...CORE.filter, categoryId: 'home' },
            sort: ProductSort.PRODUCT_SORT_CHEAPEST,
          }),
        ).toEqual(['p-grinder', 'p-barista']);
        expect(
          await ids({
            ...CORE,
            filter: { ...CORE.filter, shopId: 's-digitec' },
            sort: ProductSort.PRODUCT_SORT_CHEAPEST,
          }),
        ).toEqual(['p-barista', 'p-galaxy']);
        expect(
          await ids({
            ...CORE,
            filter: { ...CORE.filter, inStockOnly: true },
            sort: ProductSort.PRODUCT_SORT_CHEAPEST,
          }),
        ).toEqual(['p-grinder', 'p-barista', 'p-galaxy']);
        expect(await ids({ ...CORE, filter: { ...CORE.filter, greenOnly: true } })).toEqual(['p-barista']);
        const similar = await products({ ...CORE, filter: { ...CORE.filter, similarToProductId: 'p-barista' } });
        expect(similar.hits.map((hit) => hit.productId)).toEqual(['p-grinder']);
        expect(similar.page?.total).toBe(1);
        expect(
          await ids({
            ...CORE,
            filter: { ...CORE.filter, excludeProductIds: ['p-galaxy'] },
            sort: ProductSort.PRODUCT_SORT_CHEAPEST,
            page: { page: 2, hitsPerPage: 2 },
          }),
        ).toEqual(['p-iphone', 'p-headphones']);
      });

      it('pages with 20 by default', async () => {
        const first = await products({
          ...CORE,
          sort: ProductSort.PRODUCT_SORT_CHEAPEST,
          page: { page: 2, hitsPerPage: 2 },
        });
        expect(first.hits.map((hit) => hit.productId)).toEqual(['p-galaxy', 'p-iphone']);
        expect(first.page).toEqual({ page: 2, hitsPerPage: 2, total: 5, pages: 3, totalIsLowerBound: false });
        expect((await products(CORE)).page?.hitsPerPage).toBe(20);
      });
    });

    describe('brands, shops and categories', () => {
      const list = {
        query: '',
        language: 'en',
        country: '',
        sort: EntitySort.ENTITY_SORT_UNSPECIFIED,
        facets: [] as string[],
        suggest: [] as string[],
        refinements: [],
      };

      it('lists brands by name with 24 per page, by product count, and with letter and category facets', async () => {
        const byName = await search.client.searchBrands({ ...list, facets: ['letter', 'category'] });
        expect(byName.hits.map((hit) => hit.slug)).toEqual(['apple', 'delonghi', 'graef', 'samsung', 'sony']);
        expect(byName.page).toMatchObject({ hitsPerPage: 24, total: 5 });
        expect(byName.hits[1]).toMatchObject({ name: "De'Longhi", productsCount: 40, brandId: 'brand-delonghi' });
        expect(byName.facets[0]?.values.find((v) => v.value === 'S')?.count).toBe(2);
        const phones = await search.client.searchBrands({
          ...list,
          refinements: [{ facet: 'category', values: ['phones'] }],
        });
        expect(phones.hits.map((hit) => hit.slug)).toEqual(['apple', 'samsung']);
        const popular = await search.client.searchBrands({ ...list, sort: EntitySort.ENTITY_SORT_PRODUCT_COUNT });
        expect(popular.hits[0]?.slug).toBe('delonghi');
        expect((await search.client.searchBrands({ ...list, country: 'DE' })).hits.map((hit) => hit.slug)).toEqual([
          'delonghi',
          'sony',
        ]);
        const found = await search.client.searchBrands({ ...list, query: 'samsng' });
        expect(found.hits.map((hit) => hit.slug)).toEqual(['samsung']);
        expect(found.suggestions).toEqual(['samsung']);
      });

      it('lists listed shops only, by country', async () => {
        const all = await search.client.searchShops({ ...list, facets: ['country'] });
        expect(all.hits.map((hit) => hit.shopId)).toEqual(['s-digitec', 's-galaxus', 's-mediamarkt']);
        expect(all.facets[0]?.values.map((v) => [v.value, v.count])).toEqual([
          ['CH', 2],
          ['DE', 2],
        ]);
        const swiss = await search.client.searchShops({
          ...list,
          country: 'CH',
          sort: EntitySort.ENTITY_SORT_PRODUCT_COUNT,
        });
        expect(swiss.hits.map((hit) => hit.shopId)).toEqual(['s-galaxus', 's-digitec']);
        expect(swiss.hits[0]).toMatchObject({
          name: 'Galaxus',
          domain: 's-galaxus.example',
          countries: ['CH', 'DE'],
          offersCount: 1200,
          rating: 4.3,
          ratingCount: 12,
        });
        // A shop without a published review has no rating.
        expect(swiss.hits[1]).toMatchObject({ name: 'Digitec', rating: 0, ratingCount: 0 });
        expect((await search.client.searchShops({ ...list, query: 'galaxus' })).hits[0]?.highlights).toEqual({
          name: '<em>Galaxus</em>',
        });
      });

      it('lists categories with their path, by parent and depth', async () => {
        const all = await search.client.searchCategories({ ...list, facets: ['depth'] });
        expect(all.hits.map((hit) => hit.categoryId)).toEqual([
          'coffee',
          'electronics',
          'headphones',
          'home',
          'phones',
        ]);
        expect(all.facets[0]?.values.map((v) => [v.value, v.count])).toEqual([
          ['0', 2],
          ['1', 3],
        ]);
        const children = await search.client.searchCategories({
          ...list,
          refinements: [{ facet: 'parent', values: ['electronics'] }],
        });
        expect(children.hits.map((hit) => [hit.categoryId, hit.path])).toEqual([
          ['headphones', ['Electronics']],
          ['phones', ['Electronics']],
        ]);
        expect(
          (await search.client.searchCategories({ ...list, query: 'smartphone' })).hits.map((hit) => hit.categoryId),
        ).toEqual(['phones']);
      });
    });

    describe('bad input', () => {
      const violations = async (call: Promise<unknown>) => {
        const error = (await call.then(
          () => null,
          (e: unknown) => e,
        )) as { code: number; violations: { field: string }[] } | null;
        expect(error?.code).toBe(GrpcStatus.INVALID_ARGUMENT);
        return error?.violations.map((v) => v.field) ?? [];
      };

      it('answers INVALID_ARGUMENT with every bad field', async () => {
        expect(
          await violations(
            products({
              query: 'x'.repeat(513),
              language: 'german',
              country: 'XX',
              page: { page: 1, hitsPerPage: 101 },
              facets: ['colour'],
              suggest: ['nope'],
              refinements: [{ facet: 'colour', values: ['red'] }],
              rangeRefinements: [{ facet: 'price', min: 500, max: 100 }],
            }),
          ),
        ).toEqual([
          'query',
          'language',
          'country',
          'page.hits_per_page',
          'facets[0]',
          'suggest[0]',
          'refinements[0].facet',
          'range_refinements[0]',
        ]);
        expect(await violations(products({ page: { page: 501, hitsPerPage: 20 } }))).toEqual(['page.page']);
        expect(await violations(products({ refinements: [{ facet: 'availability', values: ['maybe'] }] }))).toEqual([
          'refinements[0].values[0]',
        ]);
        expect(await violations(products({ filter: { gtin: '4006381333932' } }))).toEqual(['filter.gtin']);
        expect(await violations(products({ displayCurrency: 'USD' }))).toEqual(['display_currency']);
        expect(await violations(products({ sort: 42 as ProductSort }))).toEqual(['sort']);
        expect(await violations(search.client.suggest(SuggestRequest.fromPartial({ prefix: '', limit: 21 })))).toEqual([
          'prefix',
          'limit',
        ]);
        expect(
          await violations(search.client.searchShops({ ...list(), facets: ['letter'], sort: 42 as EntitySort })),
        ).toEqual(['facets[0]', 'sort']);
      });

      it('answers NOT_FOUND for an unknown product to be similar to', async () => {
        await expect(products({ filter: { similarToProductId: 'p-nope' } })).rejects.toMatchObject({
          code: GrpcStatus.NOT_FOUND,
        });
      });

      it('answers each search of a batch as SearchProducts alone, and a failing one on its own', async () => {
        const core = (filter: Partial<ProductFilter>, extra: ProductRequest = {}) =>
          SearchProductsRequest.fromPartial({
            country: 'CH',
            language: 'en',
            ...extra,
            // The products of this file only (the index is shared with the other cases).
            filter: { productIds: ['p-barista', 'p-grinder', 'p-galaxy', 'p-iphone', 'p-headphones'], ...filter },
          });
        const searches = [
          core({ similarToProductId: 'p-barista' }),
          core({ categoryId: 'phones', excludeProductIds: ['p-iphone'] }, { sort: ProductSort.PRODUCT_SORT_CHEAPEST }),
          core({ brandSlug: 'sony' }, { facets: ['brand'] }),
          core({ similarToProductId: 'p-nope' }),
          core({}, { page: { page: 1, hitsPerPage: 101 } }),
        ];
        const { results } = await search.client.searchProductsBatch({ searches });
        const alone = await Promise.all(searches.slice(0, 3).map((one) => products(one)));
        const answered = results.slice(0, 3).map((result) => {
          if (result.outcome?.$case !== 'response')
            throw new Error(`expected a response, got ${result.outcome?.$case}`);
          return { ...result.outcome.value, tookMs: 0 };
        });
        expect(answered.map((r) => r.hits.map((hit) => hit.productId))).toEqual([
          ['p-grinder'],
          ['p-galaxy'],
          ['p-headphones'],
        ]);
        expect(answered).toEqual(alone.map((response) => ({ ...response, tookMs: 0 })));
        expect(results[3]?.outcome).toMatchObject({ $case: 'failure', value: { code: GrpcStatus.NOT_FOUND } });
        expect(results[4]?.outcome).toMatchObject({
          $case: 'failure',
          value: { code: GrpcStatus.INVALID_ARGUMENT, detail: { fieldViolations: [{ field: 'page.hits_per_page' }] } },
        });
      });

      it('answers INVALID_ARGUMENT for a batch of no searches or more than eight', async () => {
        expect(await violations(search.client.searchProductsBatch({ searches: [] }))).toEqual(['searches']);
        const nine = Array.from({ length: 9 }, () =>
          SearchProductsRequest.fromPartial({ country: 'CH', language: 'en' }),
        );
        expect(await violations(search.client.searchProductsBatch({ searches: nine }))).toEqual(['searches']);
      });

      function list() {
        return {
          query: '',
          language: 'en',
          country: '',
          sort: EntitySort.ENTITY_SORT_UNSPECIFIED,
          facets: [] as string[],
          suggest: [] as string[],
          refinements: [],
        };
      }
    });
  });
}

afterAll(() => closeAllChannels());

describeSearchService('embedded', () => ({}));

describeWithEngine('ELASTICSEARCH_URL', 'search service on Elasticsearch', (url) => {
  const prefix = uniquePrefix('search-svc');
  afterAll(() => deleteIndices(url, prefix));
  describeSearchService('elasticsearch', () => ({
    SEARCH_INDEX: 'elasticsearch',
    ELASTICSEARCH_URL: url,
    SEARCH_INDEX_PREFIX: prefix,
  }));
});
