import { status } from '@grpc/grpc-js';
import { ProductSort } from '@pc/proto/common/v1/sort';
import { SearchProductsRequest, type SearchProductsResponse } from '@pc/proto/search/v1/search';
import type { RangeRefinement } from '@pc/proto/search/v1/types';
import { deleteIndices, uniquePrefix } from '@pc/elasticsearch-search-index/testing/es-test-indices';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { eventually } from './testing/eventually.js';
import { priceChanged, productCreated } from './testing/event-fixtures.js';
import { startSearch, type SearchHarness } from './testing/search-harness.js';

/** [id, drop in CH (percent, 0: none), drop in DE]. */
const PRODUCTS: readonly (readonly [string, number, number])[] = [
  ['kettle', 25.5, 0],
  ['toaster', 18, 3],
  ['blender', 10, 0],
  ['mixer', 9.9, 30],
  ['grill', 2, 0],
  ['fryer', 0, 0],
];

/** The `drop` range refinement: products whose lowest price is at least n % below their reference. */
function describeDropRefinement(label: string, env: () => Record<string, string>): void {
  describe(`the drop refinement (${label})`, () => {
    let search: SearchHarness;
    const products = (country: string, ranges: Partial<RangeRefinement>[]) =>
      search.client.searchProducts(
        SearchProductsRequest.fromPartial({
          country,
          language: 'en',
          sort: ProductSort.PRODUCT_SORT_PRICE_DROP,
          rangeRefinements: ranges,
          page: { page: 1, hitsPerPage: 20 },
        }),
      );
    const ids = (response: SearchProductsResponse) => response.hits.map((hit) => hit.productId);
    const refusal = async (ranges: Partial<RangeRefinement>[]) => {
      const error = (await products('CH', ranges).then(
        () => null,
        (e: unknown) => e,
      )) as { code: number; violations: { field: string }[] } | null;
      return { code: error?.code, fields: error?.violations.map((v) => v.field) };
    };

    beforeAll(async () => {
      search = await startSearch(env());
      await search.publish(
        ...PRODUCTS.map(([id]) => productCreated({ id, names: { en: `Kitchen ${id}` } })),
        ...PRODUCTS.flatMap(([id, ch, de]) => [
          priceChanged({ productId: id, country: 'CH', version: 1, lowest: 10_000, inStock: 1, drop: ch }),
          priceChanged({ productId: id, country: 'DE', version: 1, lowest: 9_000, inStock: 1, drop: de }),
        ]),
      );
      await eventually(async () => {
        expect((await products('CH', [])).page?.total).toBe(PRODUCTS.length);
        expect(ids(await products('DE', [{ facet: 'drop', min: 1 }]))).toEqual(['mixer', 'toaster']);
      }, 60_000);
    }, 120_000);

    afterAll(async () => {
      await search?.stop();
    });

    it('keeps the products at least min % below their reference in the request country, biggest drop first', async () => {
      expect(ids(await products('CH', [{ facet: 'drop', min: 10 }]))).toEqual(['kettle', 'toaster', 'blender']);
      expect(ids(await products('DE', [{ facet: 'drop', min: 10 }]))).toEqual(['mixer']);
    });

    it('takes both bounds inclusive, over drops with one decimal', async () => {
      expect(ids(await products('CH', [{ facet: 'drop', min: 9.9, max: 18 }]))).toEqual([
        'toaster',
        'blender',
        'mixer',
      ]);
    });

    it('leaves out products without a drop, also from an open range', async () => {
      const all = await products('CH', [{ facet: 'drop', min: 0 }]);
      expect(ids(all)).toEqual(['kettle', 'toaster', 'blender', 'mixer', 'grill']);
      expect(all.page?.total).toBe(5);
    });

    it('narrows together with the other range refinements', async () => {
      const response = await products('CH', [
        { facet: 'drop', min: 10 },
        { facet: 'price', max: 9_999 },
      ]);
      expect(ids(response)).toEqual([]);
    });

    it('answers INVALID_ARGUMENT naming the bad bound', async () => {
      expect(await refusal([{ facet: 'drop', min: 101 }])).toEqual({
        code: status.INVALID_ARGUMENT,
        fields: ['range_refinements[0].min'],
      });
      expect(await refusal([{ facet: 'drop', min: -1, max: Number.NaN }])).toEqual({
        code: status.INVALID_ARGUMENT,
        fields: ['range_refinements[0].min', 'range_refinements[0].max'],
      });
      expect(await refusal([{ facet: 'drop', min: 20, max: 10 }])).toEqual({
        code: status.INVALID_ARGUMENT,
        fields: ['range_refinements[0]'],
      });
      expect(
        await refusal([
          { facet: 'drop', min: 10 },
          { facet: 'drop', min: 20 },
        ]),
      ).toEqual({ code: status.INVALID_ARGUMENT, fields: ['range_refinements[1].facet'] });
    });
  });
}

describeDropRefinement('embedded', () => ({}));

describeWithEngine('ELASTICSEARCH_URL', 'the drop refinement on Elasticsearch', (url) => {
  const prefix = uniquePrefix('search-drop');
  afterAll(() => deleteIndices(url, prefix));
  describeDropRefinement('elasticsearch', () => ({
    SEARCH_INDEX: 'elasticsearch',
    ELASTICSEARCH_URL: url,
    SEARCH_INDEX_PREFIX: prefix,
  }));
});
