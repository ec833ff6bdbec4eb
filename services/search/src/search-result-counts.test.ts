import { SearchProductsRequest } from '@pc/proto/search/v1/search';
import { deleteIndices, uniquePrefix } from '@pc/elasticsearch-search-index/testing/es-test-indices';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { eventually } from './testing/eventually.js';
import { productCreated } from './testing/event-fixtures.js';
import { startSearch, type SearchHarness } from './testing/search-harness.js';

/** More brands than a brand facet holds buckets (1,000). */
const BRANDS = 1_050;

/**
 * The result's brand count (aggregations.metrics.brands_count) is every distinct brand among the
 * matches, not the number of buckets a facet returns: it was capped at the brand facet's 1,000.
 */
function describeResultCounts(label: string, env: () => Record<string, string>): void {
  describe(`search result counts (${label})`, () => {
    let search: SearchHarness;
    const products = (request: Partial<SearchProductsRequest>) =>
      search.client.searchProducts(SearchProductsRequest.fromPartial({ country: 'CH', language: 'en', ...request }));

    beforeAll(async () => {
      search = await startSearch(env());
      await search.publish(
        ...Array.from({ length: BRANDS }, (_, i) =>
          productCreated({
            id: `zither-${i}`,
            names: { en: `Zither model ${i}` },
            brand: { slug: `maker-${i}`, name: `Maker ${i}` },
            path: [['music', 'Music']],
          }),
        ),
        productCreated({
          id: 'zither-twin',
          names: { en: 'Zither twin' },
          brand: { slug: 'maker-0', name: 'Maker 0' },
          path: [['music', 'Music']],
        }),
      );
      await eventually(
        async () =>
          expect((await products({ query: 'zither', page: { page: 1, hitsPerPage: 1 } })).page?.total).toBe(BRANDS + 1),
        60_000,
      );
    }, 120_000);

    afterAll(async () => {
      await search?.stop();
    });

    it('counts every brand of the result, past the brand facet’s buckets', async () => {
      const all = await products({ query: 'zither', facets: ['brand'], page: { page: 1, hitsPerPage: 1 } });
      expect(all.aggregations?.metrics?.brandsCount).toBe(BRANDS);
      expect(all.facets[0]?.values.length).toBeLessThanOrEqual(1_000);
      const refined = await products({
        query: 'zither',
        refinements: [{ facet: 'brand', values: ['maker-0', 'maker-7'] }],
        page: { page: 1, hitsPerPage: 1 },
      });
      expect(refined.page?.total).toBe(3);
      expect(refined.aggregations?.metrics?.brandsCount).toBe(2);
    });
  });
}

afterAll(() => closeAllChannels());

describeResultCounts('embedded', () => ({}));

describeWithEngine('ELASTICSEARCH_URL', 'search result counts on Elasticsearch', (url) => {
  const prefix = uniquePrefix('search-counts');
  afterAll(() => deleteIndices(url, prefix));
  describeResultCounts('elasticsearch', () => ({
    SEARCH_INDEX: 'elasticsearch',
    ELASTICSEARCH_URL: url,
    SEARCH_INDEX_PREFIX: prefix,
  }));
});
