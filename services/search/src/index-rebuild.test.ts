import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteIndices, uniquePrefix } from '@pc/elasticsearch-search-index/testing/es-test-indices';
import { loadConfig } from '@pc/kit/config/load-config';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { openSearchIndex } from '@pc/engine-profile/open-search-index';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { SearchProductsRequest, SuggestRequest } from '@pc/proto/search/v1/search';
import { SuggestionKind } from '@pc/proto/search/v1/types';
import { searchConfigSchema } from './config.js';
import { PRODUCT_INDEX_SCHEMA } from './domain/product-fields.js';
import { eventually } from './testing/eventually.js';
import { offerChanged, priceChanged, productCreated, shopChanged } from './testing/event-fixtures.js';
import { startSearch, type SearchHarness } from './testing/search-harness.js';

const KETTLES = ['p-kettle-1', 'p-kettle-2', 'p-kettle-3'];

/** What a visitor sees of the kettles: prices, the shop facet, the brand and shop lists, completions. */
async function state(harness: SearchHarness) {
  const found = await harness.client.searchProducts(
    SearchProductsRequest.fromPartial({ query: 'kettle', language: 'en', country: 'CH', facets: ['shop'] }),
  );
  const everything = { query: '', language: 'en', country: '', sort: 0, facets: [], suggest: [], refinements: [] };
  const completions = await harness.client.suggest(
    SuggestRequest.fromPartial({ prefix: 'kett', language: 'en', kinds: [SuggestionKind.SUGGESTION_KIND_QUERY] }),
  );
  return {
    prices: Object.fromEntries(found.hits.map((hit) => [hit.productId, Number(hit.lowestPrice?.amountMinor ?? 0)])),
    shopFacet: found.facets[0]?.values.map((value) => `${value.value}:${value.count}`) ?? [],
    brands: (await harness.client.searchBrands(everything)).page?.total,
    listedShops: (await harness.client.searchShops(everything)).page?.total,
    completions: completions.groups[0]?.suggestions.map((suggestion) => suggestion.text) ?? [],
  };
}
type State = Awaited<ReturnType<typeof state>>;

/**
 * The rebuilds at start, from the side state (staff's RebuildIndex reads the owners:
 * owners-rebuild.test.ts). `loseIndices` does to the engine what a lost disk or a deleted index
 * does; `env` picks the engine (and the copy's prefix) for every start.
 */
function describeRebuild(
  label: string,
  env: Record<string, string>,
  loseIndices: (dataDir: string) => Promise<void>,
): void {
  describe(`rebuilding the indices from the side state (${label})`, () => {
    let dataDir: string;
    /** What the indices answered before anything was lost. */
    let indexed: State;
    /** Runs `use` against the service started on the test's data dir, and stops it whatever happens. */
    const withSearch = async <T>(
      extra: Record<string, string>,
      use: (harness: SearchHarness) => Promise<T>,
    ): Promise<T> => {
      const harness = await startSearch({ ...env, ...extra }, dataDir);
      try {
        return await use(harness);
      } finally {
        await harness.stop();
      }
    };

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'search-rebuild-'));
      indexed = await withSearch({}, async (harness) => {
        await harness.publish(
          shopChanged('s-1', { name: 'Kettle Shop', countries: ['CH'], version: 1 }),
          ...KETTLES.map((id, i) =>
            productCreated({
              id,
              names: { en: `Steel Kettle ${i + 1}` },
              brand: { slug: 'boilwell', name: 'Boilwell' },
            }),
          ),
          ...KETTLES.map((productId, i) =>
            priceChanged({ productId, country: 'CH', version: 1, lowest: 4_900 + i * 100, offers: 1, inStock: 1 }),
          ),
          offerChanged('o-1', { productId: 'p-kettle-1', shopId: 's-1', country: 'CH', version: 1 }),
        );
        return eventually(async () => {
          const now = await state(harness);
          expect(now).toMatchObject({
            prices: { 'p-kettle-1': 4_900, 'p-kettle-2': 5_000, 'p-kettle-3': 5_100 },
            shopFacet: ['s-1:1'],
            brands: 1,
            listedShops: 1,
          });
          expect(now.completions.length).toBeGreaterThan(0);
          return now;
        });
      });
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('rebuilds every index at start when the engine lost them, with no event replayed', async () => {
      await loseIndices(dataDir);
      // Answers at once when start returns: the rebuild runs before consuming, and no event is left.
      expect(await withSearch({}, state)).toEqual(indexed);
    });

    const loseKettle2 = async () => {
      const config = loadConfig(searchConfigSchema, { GRPC_PORT: '0', OPS_PORT: '0', DATA_DIR: dataDir, ...env });
      const index = await openSearchIndex(config, config.SEARCH_INDEX_PREFIX);
      const products = await index.index(PRODUCT_INDEX_SCHEMA);
      await products.delete(['p-kettle-2']);
      await products.refresh();
      await index.close();
    };

    it('leaves an index with documents alone, and repairs a partial loss when asked (SEARCH_REBUILD_ON_START)', async () => {
      await loseKettle2();

      const { 'p-kettle-2': _lost, ...partial } = indexed.prices;
      expect((await withSearch({}, state)).prices).toEqual(partial);
      expect(await withSearch({ SEARCH_REBUILD_ON_START: 'true' }, state)).toEqual(indexed);
    });
  });
}

afterAll(() => closeAllChannels());

describeRebuild('embedded', {}, async (dataDir) => {
  const file = join(dataDir, 'search', 'search.sqlite');
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
});

describeWithEngine('ELASTICSEARCH_URL', 'search indices on Elasticsearch', (url) => {
  const prefix = uniquePrefix('search-rebuild');
  afterAll(() => deleteIndices(url, prefix));
  describeRebuild(
    'elasticsearch',
    { SEARCH_INDEX: 'elasticsearch', ELASTICSEARCH_URL: url, SEARCH_INDEX_PREFIX: prefix },
    () => deleteIndices(url, prefix),
  );
});
