import { SearchProductsRequest } from '@pc/proto/search/v1/search';
import { eventually } from './testing/eventually.js';
import { productCreated } from './testing/event-fixtures.js';
import { startSearch } from './testing/search-harness.js';

describe('two copies of the search indices on one event log (SEARCH_INDEX_PREFIX)', () => {
  it('each indexes every event: their consumer groups and side state are their own', async () => {
    const live = await startSearch();
    const blue = await startSearch({ SEARCH_INDEX_PREFIX: 'blue' }, live.dataDir);
    try {
      const ids = ['p-1', 'p-2', 'p-3', 'p-4', 'p-5', 'p-6'];
      await live.publish(...ids.map((id) => productCreated({ id, names: { en: `Kettle ${id}` } })));
      const total = async (harness: typeof live) =>
        Number(
          (
            await harness.client.searchProducts(
              SearchProductsRequest.fromPartial({ query: 'kettle', language: 'en', country: 'CH' }),
            )
          ).page?.total ?? 0,
        );
      await eventually(async () => {
        expect(await total(live)).toBe(ids.length);
        expect(await total(blue)).toBe(ids.length);
      });
    } finally {
      await blue.stop();
      await live.stop();
    }
  });
});
